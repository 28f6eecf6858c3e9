/**
 * Every list query keeps an index at scale (issue 11): on tables large enough for the planner to choose (100,000 trainees,
 * 20,000 trainings and employees, 40,000 sessions, 50,000 records, 5,000 organisations, seeded with generate_series and analysed), each SQL statement a list
 * call sends (page 1, a common and a rare search, as sup-admin and as scoped roles) is EXPLAINed with its own parameters:
 *  - no Sort over more than 1,000 rows (sorting the whole table is what made page 1 cost seconds);
 *  - no Seq Scan of a large table, except beneath a Limit (the capped count stops after 10,001 rows);
 *  - page 1 reads its ids from the order's index (or the scope's), a rare term goes through the trigram index;
 *  - a deep page (and the blocking filter's) skips its rows with an Index Only Scan of that index;
 *  - the page after a cursor (keyset) starts at the cursor in that index: an Index Cond on (updated_at, id), nothing skipped.
 *  - a list's export (« Exporter », read through a cursor) walks the same index in the list's order: no Sort of the selection
 *    before its first row.
 * A query change that loses the index fails here instead of in production. The lists are the app's own (every GET answering a
 * page, support/api-routes.ts): a new list without its cases here fails the suite.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RoleId } from "../../resources/permissions";
import { PgDialect } from "drizzle-orm/pg-core";
import { employeeListQuery } from "../../resources/employees/list-query";
import { organizationListQuery } from "../../resources/organizations/list-query";
import { recordListQuery } from "../../resources/records/list-query";
import { sessionListQuery } from "../../resources/sessions/list-query";
import { traineeListQuery } from "../../resources/trainees/list-query";
import { trainingListQuery } from "../../resources/trainings/list-query";
import { employeesExport, organizationsExport, traineesExport } from "../../server/export/lists/people";
import { sessionsExport, trainingsExport } from "../../server/export/lists/catalogue";
import { recordsExport } from "../../server/export/lists/records";
import type { ListExport } from "../../server/export/list-export";
import { SORTED_MATCHES_LIMIT } from "../../server/db/list-page";
import { REMEMBERED_MS } from "../../server/db/over-limit-counts";
import { capturePool, sentQueries, type Phases } from "../../scripts/bench/capture";
import { listRoutes } from "./support/api-routes";
import { createTestApp, type TestEmployee } from "./support/test-app";

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Plan Rows": number;
  "Index Cond"?: string;
  "Subplan Name"?: string;
  Output?: string[];
  Plans?: PlanNode[];
}

/** The seeded rows' ids, as the seed writes them (`md5('trn' || g)`). */
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/** Lists read from memory, not from a table: nothing to plan (the seven roles). */
const IN_MEMORY_LISTS = ["/api/users/roles"];
/**
 * Lists of the product's own workings, not of a resource (supervision, docs/queue.md): sup-admins and admins only, so no scoped
 * caller; finished jobs are read newest first through jobs_finished_idx, the unfinished ones are few.
 */
const OPERATOR_LISTS = ["/api/supervision/jobs"];

const LARGE_TABLES = ["trainees", "trainings", "sessions", "records", "employees", "employee_organizations", "organizations"];
/** A searched page may be sorted among its matches when the planner expects few: at most SORTED_MATCHES_LIMIT + 1. */
const LARGEST_SORT = SORTED_MATCHES_LIMIT + 1;

// Seeding 200,000 rows may outlast the 15 s statement limit on a loaded machine; the plans, not the timings, are under test.
const t = await createTestApp({ database: { statementTimeoutMs: 0 } });
type Caller = "supAdmin" | "respOf" | "gestCdc" | "gestOf";
const callers = {} as Record<Caller, TestEmployee>;

beforeAll(async () => {
  // Organisation 1 is a large one: 2,000 employees, a fifth of the trainings as educational, a quarter as contracting.
  await t.query(`
    insert into organizations (id, name, siret, address, updated_at)
    select md5('org' || g), 'ORGANISME ' || (array['AVENIR', 'METIERS', 'HORIZON'])[1 + g % 3] || ' ' || g, (10000000000000 + g)::text,
      jsonb_build_object('city', (array['Paris', 'Lyon', 'Nantes', 'Lille'])[1 + g % 4]), now() - g * interval '1 minute'
    from generate_series(1, 5000) g`);
  await t.query(`
    insert into employees (id, first_name, last_name, email, gender, role_id, updated_at)
    select md5('emp' || g), (array['Marie', 'Jean', 'Hélène', 'Luc'])[1 + g % 4], (array['MARTIN', 'DUBOIS', 'PETIT', 'LEROY', 'ROUX'])[1 + g % 5],
      'employe' || g || '@exemple.fr', 'FEMALE', 'rol_gest-of', now() - (g * 13 % 20000) * interval '1 minute'
    from generate_series(1, 20000) g`);
  await t.query(`
    insert into employee_organizations (employee_id, organization_id)
    select md5('emp' || g), md5('org' || case when g <= 2000 then 1 else 1 + g % 5000 end) from generate_series(1, 20000) g`);
  await t.query(`
    insert into trainees (id, first_name, last_name, birth_name, email, gender, ssn, birth_date, address, updated_at)
    select md5('tr' || g), (array['Marie', 'Jean', 'Hélène', 'Pierre', 'Léa', 'Hugo'])[1 + g % 6],
      (array['MARTIN', 'BERNARD', 'DUBOIS', 'THOMAS', 'ROBERT', 'PETIT', 'DURAND', 'LEROY', 'MOREAU', 'GARCIA'])[1 + g * 7 % 10],
      (array['MARTIN', 'BERNARD', 'DUBOIS', 'THOMAS', 'ROBERT', 'PETIT', 'DURAND', 'LEROY', 'MOREAU', 'GARCIA'])[1 + g * 3 % 10],
      'stagiaire' || g || '@exemple.fr', 'MALE', (100000000000000 + g * 7919)::text, date '1970-01-01' + g % 15000,
      '{"streetName": "de la Paix", "zipCode": "75002", "city": "Paris"}', now() - (g * 7919 % 100000) * interval '1 second'
    from generate_series(1, 100000) g`);
  await t.query(`
    insert into trainings (id, name, number, action_number, objective, device, type, forecasted_center_hour_duration,
      forecasted_company_hour_duration, educational_organization_id, contracting_organization_id, fse, updated_at)
    select md5('trn' || g), 'FORMATION ' || (array['SOUDURE', 'CUISINE', 'COMPTABILITE', 'LOGISTIQUE', 'ANGLAIS'])[1 + g % 5] || ' ' || g,
      'N' || g, 'A' || g, 'CertifiedTraining', 'CPF', 'CERTIFYING', 100, 50,
      md5('org' || case when g % 5 = 0 then 1 else 1 + g % 5000 end), md5('org' || case when g % 4 = 0 then 1 else 1 + g * 3 % 5000 end),
      g % 3 = 0, now() - (g * 31 % 20000) * interval '1 minute'
    from generate_series(1, 20000) g`);
  // Two sessions per training (40,000), the training's organisations' skew with them (the scope trigger copies them).
  await t.query(`
    insert into sessions (id, training_id, start_date, end_date, total_price_per_person_including_taxes, total_price_per_person_tax_free,
      purchasing_unit, actual_or_calculated_educational_cost, updated_at)
    select md5('ses' || g), md5('trn' || (1 + g % 20000)), date '2025-01-06' + g % 400, date '2025-01-06' + g % 400 + 90, 1200, 1000,
      'PACKAGE_COURSE', 'ACTUAL_COST', now() - (g * 37 % 40000) * interval '1 minute'
    from generate_series(1, 40000) g`);
  // Records for half the trainees (one each), spread over the sessions and the statuses, some blocking. A third of the trainings
  // ask for the FSE surveys (« À traiter »): their started records have a real start, the ended ones a real end, no survey.
  await t.query(`
    insert into records (id, trainee_id, session_id, status, agora_id, planned_start_date, planned_end_date, last_exchange_failed, updated_at,
      real_start_date, real_end_date)
    select md5('rec' || g), md5('tr' || g), md5('ses' || (1 + g % 40000)),
      (array['SETUP', 'VALIDATED', 'START_OF_TRAINING', 'END_OF_TRAINING', 'TERMINATED_FULLY_DONE', 'REJECTED'])[1 + g % 6],
      'DF' || lpad(g::text, 10, '0'), date '2025-01-06', date '2025-04-06', g % 50 = 0, now() - (g * 7907 % 100000) * interval '1 second',
      case when g % 6 in (2, 3, 4) then date '2025-01-06' + g % 700 end, case when g % 6 in (3, 4) then date '2025-03-06' + g % 700 end
    from generate_series(1, 50000) g`);
  // The entry survey of most records of the FSE trainings (a third of the trainings), the exit one of some: « sans questionnaire
  // FSE » is then a few records among many (the triggers flag them on the records).
  await t.query(`
    insert into record_fse (id, record_id, period, information)
    select md5('fse' || r.id || p.period), r.id, p.period, '{}' from records r
    join lateral (values ('INPUT', 4), ('OUTPUT', 2)) as p(period, share) on abs(hashtext(r.id)) % 5 < p.share
    where r.training_fse`);
  await t.query("vacuum analyze");
  const large = (await t.query<{ id: string }>("select md5('org1') as id"))[0]!.id;
  const roles: [Caller, RoleId][] = [
    ["supAdmin", "rol_sup-admin"],
    ["respOf", "rol_resp-of"],
    ["gestCdc", "rol_gest-cdc"],
    ["gestOf", "rol_gest-of"],
  ];
  for (const [key, role] of roles) callers[key] = await t.employee(role, [large]);
  // About 40 s on a quiet machine; several times that while other suites share its two cores.
}, 300_000);
afterAll(() => t.close());

const capture = capturePool(t.app.pool);

/** The statements one call sends, with their parameters and their transaction's planner settings (the guard's, the rows', the count's…). */
/** Captures so far: each runs REMEMBERED_MS after the one before on the app's clock (below). */
let captures = 0;

async function statementsOf(caller: TestEmployee, url: string) {
  // A list past 10,000 rows is remembered a minute and not counted again (over-limit-counts.ts): each capture runs a minute
  // later than the last, so its count, remembered by an earlier case, is counted and planned here.
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + ++captures * REMEMBERED_MS });
  capture.start();
  let phases: Phases = [];
  try {
    const res = await t.app.inject({ url, headers: await t.auth(caller) });
    expect(res.statusCode, res.body).toBe(200);
  } finally {
    phases = capture.stop();
    vi.useRealTimers();
  }
  // The estimate past 10,000 rows is itself an EXPLAIN: nothing to plan there.
  return sentQueries(phases).filter((s) => /^\s*(select|with)/i.test(s.text));
}

/**
 * The statement's plan, under the settings its transaction had made (`set local`, as a session period's search does);
 * `verbose` adds each node's Output (and qualifies the column names).
 */
async function planOf(statement: { text: string; values: unknown[]; settings?: string[] }, { verbose = false } = {}): Promise<PlanNode> {
  const client = await t.app.pool.connect();
  try {
    await client.query("begin");
    for (const setting of statement.settings ?? []) await client.query(setting);
    const { rows } = await client.query(`explain (${verbose ? "verbose, " : ""}format json) ${statement.text}`, statement.values);
    return (rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan;
  } finally {
    await client.query("rollback");
    client.release();
  }
}

/** The expressions computed beneath a Limit: once for every row the scan reads, those an offset skips included. */
function outputsUnderLimit(node: PlanNode, underLimit = false): string[] {
  const own = underLimit ? (node.Output ?? []) : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => outputsUnderLimit(child, underLimit || node["Node Type"] === "Limit"))];
}

/** What is wrong with a plan, in words (empty when fine). */
function planProblems(node: PlanNode, underLimit = false): string[] {
  const problems: string[] = [];
  if (node["Node Type"] === "Sort" && node["Plan Rows"] > LARGEST_SORT) problems.push(`Sort over ${node["Plan Rows"]} rows`);
  if (node["Node Type"] === "Seq Scan" && LARGE_TABLES.includes(node["Relation Name"] ?? "") && !underLimit) {
    problems.push(`Seq Scan of ${node["Relation Name"]}`);
  }
  const limited = underLimit || node["Node Type"] === "Limit";
  for (const child of node.Plans ?? []) problems.push(...planProblems(child, limited));
  return problems;
}

function indexesOf(node: PlanNode): string[] {
  return [...(node["Index Name"] ? [node["Index Name"]] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

/** The index conditions of the scans of `index` in the plan. */
function indexCondsOf(node: PlanNode, index: string): string[] {
  const own = node["Index Name"] === index && node["Index Cond"] ? [node["Index Cond"]] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => indexCondsOf(child, index))];
}

function indexOnlyScansOf(node: PlanNode): string[] {
  const own = node["Node Type"] === "Index Only Scan" && node["Index Name"] ? [node["Index Name"]] : [];
  return [...own, ...(node.Plans ?? []).flatMap(indexOnlyScansOf)];
}

interface Case {
  caller: Caller;
  url: string;
  /** Page 1: the index the page's ids come from. A rare term: the trigram index every searching statement uses. */
  pageIndex?: string;
  searchIndex?: string;
}

/**
 * The calls of one list for one caller: page 1 (kept to `pageIndex` when given), a `common` search, and a `rare` one that
 * every searching statement answers from the list's trigram index (`<list>_search_idx`). A term left out is not asked.
 */
function listCases(list: string, caller: Caller, terms: { pageIndex?: string; common?: string; rare?: string }): Case[] {
  const url = `/api/${list}`;
  return [
    ...(terms.pageIndex ? [{ caller, url, pageIndex: terms.pageIndex }] : []),
    ...(terms.common ? [{ caller, url: `${url}?search=${terms.common}` }] : []),
    ...(terms.rare ? [{ caller, url: `${url}?search=${terms.rare}`, searchIndex: `${list}_search_idx` }] : []),
  ];
}

const cases: Case[] = [
  ...listCases("trainees", "supAdmin", { pageIndex: "trainees_updated_idx", common: "martin", rare: "stagiaire4242" }),
  ...listCases("trainees", "respOf", { pageIndex: "trainees_scope_idx", common: "h%C3%A9l%C3%A8ne%20martin", rare: "stagiaire4242" }),
  ...listCases("trainees", "gestCdc", { pageIndex: "trainees_scope_idx", rare: "stagiaire4242" }),
  ...(["supAdmin", "respOf"] as const).map((caller) => ({ caller, url: "/api/trainees?freeTrainees=true", pageIndex: "trainees_free_idx" })),
  ...listCases("records", "supAdmin", { pageIndex: "records_updated_idx", common: "martin", rare: "df0000004242" }),
  ...listCases("records", "respOf", { pageIndex: "records_educational_org_idx", common: "martin", rare: "df0000004242" }),
  ...listCases("records", "gestCdc", { pageIndex: "records_contracting_org_idx", rare: "df0000004242" }),
  { caller: "supAdmin", url: "/api/records?filterAnomalies=true", pageIndex: "records_blocking_idx" },
  { caller: "respOf", url: "/api/records?filterAnomalies=true", pageIndex: "records_educational_blocking_idx" },
  { caller: "gestCdc", url: "/api/records?filterAnomalies=true", pageIndex: "records_contracting_blocking_idx" },
  ...listCases("trainings", "supAdmin", { pageIndex: "trainings_updated_idx", common: "soudure", rare: "n4242" }),
  ...listCases("trainings", "respOf", { pageIndex: "trainings_educational_org_idx", common: "soudure", rare: "n4242" }),
  ...listCases("trainings", "gestCdc", { pageIndex: "trainings_contracting_org_idx", rare: "n4242" }),
  ...listCases("sessions", "supAdmin", { pageIndex: "sessions_updated_idx", common: "soudure", rare: "n4242" }),
  ...listCases("sessions", "respOf", { pageIndex: "sessions_educational_org_idx", common: "soudure", rare: "n4242" }),
  ...listCases("sessions", "gestCdc", { pageIndex: "sessions_contracting_org_idx", common: "soudure", rare: "n4242" }),
  ...listCases("employees", "supAdmin", { pageIndex: "employees_updated_idx", common: "martin", rare: "employe1234" }),
  ...listCases("employees", "respOf", { pageIndex: "employees_updated_idx", rare: "employe1234" }),
  ...listCases("organizations", "supAdmin", { pageIndex: "organizations_updated_idx", common: "lyon", rare: "10000000004242" }),
  ...listCases("organizations", "gestOf", { pageIndex: "organizations_updated_idx", rare: "10000000004242" }),
];

/** The new filters (issue 25): page 1 keeps to an index, the scoped ones to the scope's; the sort-free filters to the order's. */
cases.push(
  { caller: "supAdmin", url: "/api/records?agoraFailed=true", pageIndex: "records_failed_idx" },
  { caller: "supAdmin", url: "/api/records?status=VALIDATED,REJECTED&search=martin" },
  { caller: "respOf", url: "/api/records?status=SETUP", pageIndex: "records_educational_org_idx" },
  // The record's copies (migration 0019): each filter in its own index, as the caller's scope has it.
  { caller: "supAdmin", url: "/api/records?withoutFse=true", pageIndex: "records_without_fse_idx" },
  { caller: "respOf", url: "/api/records?withoutFse=true", pageIndex: "records_educational_without_fse_idx" },
  { caller: "gestCdc", url: "/api/records?withoutFse=true", pageIndex: "records_contracting_without_fse_idx" },
  // A period holding many records is walked in its R-tree (10,000 of 50,000 here), one holding a few in the scope's order.
  { caller: "supAdmin", url: "/api/records?sessionFrom=2025-03-01&sessionTo=2025-04-01", pageIndex: "records_period_recent_idx" },
  { caller: "respOf", url: "/api/records?sessionFrom=2025-03-01&sessionTo=2025-04-01", pageIndex: "records_educational_org_idx" },
  { caller: "gestCdc", url: "/api/records?sessionFrom=2025-06-01", pageIndex: "records_period_recent_idx" },
  { caller: "supAdmin", url: `/api/records?trainingId=${md5("trn42")}`, pageIndex: "records_training_idx" },
  { caller: "respOf", url: `/api/records?trainingId=${md5("trn5")}`, pageIndex: "records_training_idx" },
  { caller: "gestCdc", url: "/api/sessions?periodFrom=2025-06-01&bilanNotValidated=true", pageIndex: "sessions_contracting_bilan_open_idx" },
  { caller: "supAdmin", url: `/api/sessions?organizationId=${"0".repeat(32)}` },
  { caller: "supAdmin", url: "/api/trainings?fse=false&healthcare=false", pageIndex: "trainings_updated_idx" },
  { caller: "respOf", url: `/api/trainings?organizationId=${"0".repeat(32)}&search=soudure` },
  { caller: "supAdmin", url: "/api/trainees?department=D75", pageIndex: "trainees_department_idx" },
  { caller: "respOf", url: "/api/trainees?department=D75", pageIndex: "trainees_department_idx" },
  { caller: "respOf", url: "/api/trainees?withoutRecord=true&search=martin" },
);

/** « À traiter » (issue 25): the lists its counters link to read their page in an index of their rows, as the scope has it. */
cases.push(
  { caller: "supAdmin", url: "/api/records?todo=fse-late", pageIndex: "records_fse_pending_idx" },
  { caller: "respOf", url: "/api/records?todo=fse-late", pageIndex: "records_educational_fse_pending_idx" },
  { caller: "gestCdc", url: "/api/records?todo=fse-late", pageIndex: "records_contracting_fse_pending_idx" },
  // « bientôt » is a few days' window of each date: its rows may come from the two dates' indexes, sorted (no more than 1,000).
  { caller: "gestCdc", url: "/api/records?todo=fse-soon" },
  { caller: "supAdmin", url: "/api/records?todo=agora-pending", pageIndex: "records_pending_exchange_idx" },
  { caller: "respOf", url: "/api/records?todo=agora-failed" },
  { caller: "supAdmin", url: "/api/sessions?todo=bilans-late", pageIndex: "sessions_bilan_open_idx" },
  { caller: "respOf", url: "/api/sessions?todo=bilans-late", pageIndex: "sessions_educational_bilan_open_idx" },
  { caller: "gestCdc", url: "/api/sessions?todo=bilans-late", pageIndex: "sessions_contracting_bilan_open_idx" },
  { caller: "respOf", url: "/api/sessions?todo=bilans-soon" },
);

/** The offered sorts (issue 25): page 1 and the page after its cursor read their own index, as the caller's scope has it. */
const sortCases: { caller: Caller; url: string; index: string; column: string }[] = [
  { caller: "supAdmin", url: "/api/records?sort=status&order=desc", index: "records_status_idx", column: "status_rank" },
  { caller: "respOf", url: "/api/records?sort=createdDate&order=asc", index: "records_educational_created_idx", column: "created_at" },
  { caller: "gestCdc", url: "/api/records?sort=status&order=asc", index: "records_contracting_status_idx", column: "status_rank" },
  { caller: "supAdmin", url: "/api/records?sort=createdDate&order=desc", index: "records_created_idx", column: "created_at" },
  { caller: "supAdmin", url: "/api/sessions?sort=startDate&order=asc", index: "sessions_start_idx", column: "start_date" },
  { caller: "respOf", url: "/api/sessions?sort=startDate&order=desc", index: "sessions_educational_start_idx", column: "start_date" },
  { caller: "gestCdc", url: "/api/sessions?sort=startDate&order=asc", index: "sessions_contracting_start_idx", column: "start_date" },
  { caller: "supAdmin", url: "/api/trainings?sort=name&order=asc", index: "trainings_name_fr_idx", column: "name" },
  { caller: "respOf", url: "/api/trainings?sort=name&order=desc", index: "trainings_educational_name_fr_idx", column: "name" },
  { caller: "gestCdc", url: "/api/trainings?sort=name&order=asc", index: "trainings_contracting_name_fr_idx", column: "name" },
  { caller: "supAdmin", url: "/api/trainees?sort=lastName&order=asc", index: "trainees_last_name_fr_idx", column: "last_name" },
  { caller: "respOf", url: "/api/trainees?sort=lastName&order=desc", index: "trainees_last_name_fr_idx", column: "last_name" },
  { caller: "supAdmin", url: "/api/employees?sort=lastName&order=asc", index: "employees_last_name_fr_idx", column: "last_name" },
  { caller: "supAdmin", url: "/api/organizations?sort=name&order=desc", index: "organizations_name_fr_idx", column: "name" },
  // What people sort by (issue 40): each in its own index, as the caller's scope has it.
  { caller: "supAdmin", url: "/api/trainees?sort=birthName&order=asc", index: "trainees_birth_name_fr_idx", column: "birth_name" },
  { caller: "respOf", url: "/api/trainees?sort=firstName&order=desc", index: "trainees_first_name_fr_idx", column: "first_name" },
  { caller: "supAdmin", url: "/api/records?sort=agoraId&order=asc", index: "records_agora_id_fr_idx", column: "agora_id" },
  { caller: "gestCdc", url: "/api/records?sort=agoraId&order=desc", index: "records_contracting_agora_id_fr_idx", column: "agora_id" },
  { caller: "supAdmin", url: "/api/records?sort=traineeName&order=desc", index: "records_trainee_name_fr_idx", column: "trainee_name" },
  { caller: "respOf", url: "/api/records?sort=traineeName&order=asc", index: "records_educational_trainee_name_fr_idx", column: "trainee_name" },
  { caller: "supAdmin", url: "/api/records?sort=sessionStartDate&order=asc", index: "records_session_start_idx", column: "session_start_date" },
  { caller: "gestCdc", url: "/api/records?sort=sessionStartDate&order=desc", index: "records_contracting_session_start_idx", column: "session_start_date" },
  { caller: "supAdmin", url: "/api/sessions?sort=trainingNumber&order=asc", index: "sessions_training_number_fr_idx", column: "training_number" },
  { caller: "respOf", url: "/api/sessions?sort=trainingName&order=desc", index: "sessions_educational_training_name_fr_idx", column: "training_name" },
  { caller: "gestCdc", url: "/api/sessions?sort=trainingName&order=asc", index: "sessions_contracting_training_name_fr_idx", column: "training_name" },
  { caller: "supAdmin", url: "/api/trainings?sort=number&order=asc", index: "trainings_number_fr_idx", column: "number" },
  { caller: "respOf", url: "/api/trainings?sort=number&order=desc", index: "trainings_educational_number_fr_idx", column: "number" },
];

/**
 * Deep pages: the ids a page skips are read from the index alone (an Index Only Scan: the scope's and the blocking filter's
 * columns are in the index), so offset 100,000 does not fetch 100,000 table rows.
 */
const deepCases: { caller: Caller; url: string; index: string }[] = [
  { caller: "supAdmin", url: "/api/trainees?offset=40000", index: "trainees_updated_idx" },
  { caller: "respOf", url: "/api/trainees?offset=20000", index: "trainees_scope_idx" },
  { caller: "gestCdc", url: "/api/trainees?offset=20000", index: "trainees_scope_idx" },
  { caller: "respOf", url: "/api/trainees?freeTrainees=true&offset=20000", index: "trainees_free_idx" },
  { caller: "supAdmin", url: "/api/records?offset=20000", index: "records_updated_idx" },
  { caller: "respOf", url: "/api/records?offset=5000", index: "records_educational_org_idx" },
  { caller: "gestCdc", url: "/api/records?offset=5000", index: "records_contracting_org_idx" },
  { caller: "supAdmin", url: "/api/records?filterAnomalies=true&offset=5000", index: "records_blocking_idx" },
  { caller: "respOf", url: "/api/records?filterAnomalies=true&offset=1000", index: "records_educational_blocking_idx" },
  { caller: "gestCdc", url: "/api/records?filterAnomalies=true&offset=1000", index: "records_contracting_blocking_idx" },
  // The session period checks the session's dates copied on the record in the index (migration 0019), the FSE filter is a partial one.
  { caller: "supAdmin", url: "/api/records?sessionFrom=2025-03-01&sessionTo=2025-04-01&offset=2000", index: "records_updated_idx" },
  { caller: "respOf", url: "/api/records?sessionFrom=2025-03-01&offset=2000", index: "records_educational_org_idx" },
  { caller: "supAdmin", url: "/api/records?withoutFse=true&offset=1000", index: "records_without_fse_idx" },
  { caller: "gestCdc", url: "/api/records?withoutFse=true&offset=200", index: "records_contracting_without_fse_idx" },
];

/**
 * The same deep pages asked after the previous page's cursor, as the SPA asks the next page; a session period's pages after a
 * cursor are walked in records_period_recent_idx when it holds many records (« a session period, most recently updated first »).
 */
const keysetCases = deepCases.filter((c) => !c.url.includes("sessionFrom"));

/** The page's ids read in records_period_recent_idx: ordered by the session period's point, most recently updated first. */
const isRecentWalk = (text: string) => text.includes("~> -6");

/** The `nextCursor` of the page just before `url`'s (its offset less one page of 50). */
async function cursorBefore(caller: Caller, url: string): Promise<string> {
  const page = new URL(url, "http://x");
  page.searchParams.set("offset", String(Number(page.searchParams.get("offset")) - 50));
  const res = await t.app.inject({ url: `${page.pathname}${page.search}`, headers: await t.auth(callers[caller]) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().metadata.pagination.nextCursor;
}

/** The app's lists that read a table. */
const tableLists = listRoutes(t.app)
  .map((route) => route.url)
  .filter((url) => !IN_MEMORY_LISTS.includes(url) && !OPERATOR_LISTS.includes(url));

describe("the lists under test", () => {
  it("are every list of the app: each has a page-1 case for a scoped and an unscoped caller", () => {
    expect(tableLists.length).toBeGreaterThanOrEqual(6);
    const covered = (url: string, caller: Caller) => cases.some((c) => c.url === url && c.caller === caller && c.pageIndex);
    expect(tableLists.filter((url) => !covered(url, "supAdmin")), "ajouter les cas de cette liste").toEqual([]);
    expect(tableLists.filter((url) => !(["respOf", "gestOf"] as const).some((caller) => covered(url, caller))), "ajouter un cas d'appelant limité").toEqual([]);
  });
});

describe("list query plans at scale", () => {
  it.each(cases)("$caller GET $url keeps to its indexes", async ({ caller, url, pageIndex, searchIndex }) => {
    const statements = await statementsOf(callers[caller], url);
    const plans = await Promise.all(statements.map(async (s) => ({ text: s.text, plan: await planOf(s) })));
    for (const { text, plan } of plans) expect(planProblems(plan), text).toEqual([]);

    // The rows statement is the one in the list's order (the count has none, the guard's another); a search's, its matches'.
    const table = new URL(url, "http://x").pathname.split("/").pop()!;
    const rows = plans.find((p) => p.text.includes(`order by "${table}"."updated_at" desc`) || p.text.startsWith("with matched") || isRecentWalk(p.text));
    expect(rows, "the rows statement").toBeDefined();
    if (pageIndex) expect(indexesOf(rows!.plan)).toContain(pageIndex);
    if (searchIndex) {
      const searching = plans.filter((p) => p.text.includes('"search" like'));
      expect(searching.length).toBeGreaterThanOrEqual(1);
      for (const { text, plan } of searching) expect(indexesOf(plan), text).toContain(searchIndex);
    }
  });

  it.each(deepCases)("$caller GET $url skips rows in the index alone", async ({ caller, url, index }) => {
    const statements = await statementsOf(callers[caller], url);
    const table = new URL(url, "http://x").pathname.split("/").pop()!;
    const rows = statements.find((s) => s.text.includes(`order by "${table}"."updated_at" desc`));
    expect(rows, "the rows statement").toBeDefined();
    const plan = await planOf(rows!);
    expect(planProblems(plan), rows!.text).toEqual([]);
    expect(indexOnlyScansOf(plan), rows!.text).toContain(index);
    // The page's cursors are written for its rows only, not for the 100,000 the offset skips.
    expect(outputsUnderLimit(await planOf(rows!, { verbose: true })).filter((output) => output.includes("to_char")), rows!.text).toEqual([]);
  });

  it.each(keysetCases)("$caller GET $url&after=<cursor> starts at the cursor in its index", async ({ caller, url, index }) => {
    const cursor = await cursorBefore(caller, url);
    expect(cursor).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~[0-9a-f]{32}$/);
    const statements = await statementsOf(callers[caller], `${url}&after=${cursor}`);
    const table = new URL(url, "http://x").pathname.split("/").pop()!;
    const rows = statements.find((s) => s.text.includes(`order by "${table}"."updated_at" desc`));
    expect(rows, "the rows statement").toBeDefined();
    expect(rows!.text).not.toMatch(/offset \$\d+/);
    const plan = await planOf(rows!);
    expect(planProblems(plan), rows!.text).toEqual([]);
    expect(indexCondsOf(plan, index).join(" "), rows!.text).toMatch(/ROW\(updated_at, id\) < ROW\(/);
  });
});

describe("« À traiter » at scale", () => {
  const scoped = (side: string) => [
    `records_${side}blocking_count_idx`,
    `records_${side}fse_survey_due_idx`,
    `records_${side}fse_six_month_due_idx`,
    `sessions_${side}bilan_due_idx`,
    "records_failed_idx",
    "records_pending_exchange_idx",
  ];
  it.each([
    { caller: "supAdmin" as const, indexes: scoped("") },
    { caller: "respOf" as const, indexes: scoped("educational_") },
    { caller: "gestCdc" as const, indexes: scoped("contracting_") },
  ])("$caller GET /api/todo counts each counter in the index alone", async ({ caller, indexes }) => {
    const counts = (await statementsOf(callers[caller], "/api/todo")).filter((s) => s.text.includes("count(*)"));
    expect(counts).toHaveLength(1);
    const plan = await planOf(counts[0]!);
    expect(planProblems(plan), counts[0]!.text).toEqual([]);
    expect([...new Set(indexOnlyScansOf(plan))].sort(), counts[0]!.text).toEqual([...indexes].sort());
    expect(indexesOf(plan).filter((index) => !indexes.includes(index)), counts[0]!.text).toEqual([]);
  });

  // The list's count: in the two dates' indexes (a narrow « bientôt »: their bitmaps) or, dense late rows, the list's own.
  const fseIndexes = (side: string) => [`records_${side}fse_survey_due_idx`, `records_${side}fse_six_month_due_idx`, `records_${side}fse_pending_idx`];
  it.each([
    { caller: "supAdmin" as const, url: "/api/records?todo=fse-late", indexes: fseIndexes("") },
    { caller: "respOf" as const, url: "/api/records?todo=fse-soon", indexes: fseIndexes("educational_") },
    { caller: "gestCdc" as const, url: "/api/records?todo=fse-late", indexes: fseIndexes("contracting_") },
    { caller: "gestCdc" as const, url: "/api/records?filterAnomalies=true", indexes: ["records_contracting_blocking_count_idx", "records_contracting_blocking_idx"] },
  ])("$caller GET $url counts in its indexes", async ({ caller, url, indexes }) => {
    const count = (await statementsOf(callers[caller], url)).find((s) => /select count\(\*\)/i.test(s.text));
    expect(count, "the count").toBeDefined();
    const plan = await planOf(count!);
    expect(planProblems(plan), count!.text).toEqual([]);
    expect(indexesOf(plan).length, count!.text).toBeGreaterThan(0);
    expect(indexesOf(plan).filter((index) => !indexes.includes(index)), count!.text).toEqual([]);
  });
});

describe("sorted list query plans at scale", () => {
  const rowsStatement = (statements: { text: string; values: unknown[] }[], url: string, column: string) => {
    const target = new URL(url, "http://x");
    const table = target.pathname.split("/").pop()!;
    // A text is sorted in French order (server/db/collation.ts), a date or a rank as it is.
    const order = target.searchParams.get("order");
    return statements.find((s) => [`order by "${table}"."${column}" ${order}`, `order by "${table}"."${column}" collate "fr_icu" ${order}`].some((o) => s.text.includes(o)));
  };

  it.each(sortCases)("$caller GET $url reads $index, and after its cursor starts there", async ({ caller, url, index, column }) => {
    const first = rowsStatement(await statementsOf(callers[caller], url), url, column);
    expect(first, "the rows statement").toBeDefined();
    const plan = await planOf(first!);
    expect(planProblems(plan), first!.text).toEqual([]);
    expect(indexesOf(plan), first!.text).toContain(index);

    const res = await t.app.inject({ url, headers: await t.auth(callers[caller]) });
    const cursor = res.json().metadata.pagination.nextCursor as string;
    const next = rowsStatement(await statementsOf(callers[caller], `${url}&after=${encodeURIComponent(cursor)}`), url, column);
    expect(next!.text).not.toMatch(/offset \$\d+/);
    const nextPlan = await planOf(next!);
    expect(planProblems(nextPlan), next!.text).toEqual([]);
    // A text's condition names its collation: ROW((name)::text COLLATE fr_icu, id) > ROW(…).
    expect(indexCondsOf(nextPlan, index).join(" "), next!.text).toMatch(new RegExp(`ROW\\((${column}|\\(${column}\\)::text COLLATE fr_icu), id\\) [<>] ROW\\(`));
  });
});

/**
 * The records' filters on their copies (migration 0019) and the status filter (on the rank, 0021) count in their index alone: the count capped at 10,001 read a table page
 * per record (and a semi-join or a probe of record_fse each) before, 300 to 750 ms at the bench's scale.
 */
describe("the capped count of the records' filters", () => {
  const countCases: { caller: Caller; url: string; index: string }[] = [
    { caller: "supAdmin", url: "/api/records?withoutFse=true", index: "records_without_fse_idx" },
    { caller: "respOf", url: "/api/records?withoutFse=true", index: "records_educational_without_fse_idx" },
    { caller: "supAdmin", url: "/api/records?sessionFrom=2025-03-01&sessionTo=2025-04-01", index: "records_session_end_idx" },
    { caller: "gestCdc", url: "/api/records?sessionFrom=2025-03-01&sessionTo=2025-04-01", index: "records_contracting_session_end_idx" },
    { caller: "respOf", url: "/api/records?sessionFrom=2025-03-01", index: "records_educational_session_end_idx" },
    // The status filter reads the rank the status indexes carry (on the code, a scope's count read the table: 47 ms at 1M).
    { caller: "supAdmin", url: "/api/records?status=VALIDATED,START_OF_TRAINING", index: "records_status_idx" },
    { caller: "respOf", url: "/api/records?status=VALIDATED,START_OF_TRAINING", index: "records_educational_status_idx" },
    { caller: "gestCdc", url: "/api/records?status=VALIDATED,START_OF_TRAINING", index: "records_contracting_status_idx" },
  ];
  it.each(countCases)("$caller GET $url counts in $index alone", async ({ caller, url, index }) => {
    const count = (await statementsOf(callers[caller], url)).find((s) => /select count\(\*\)/i.test(s.text));
    expect(count, "the count").toBeDefined();
    const plan = await planOf(count!);
    // A period may be counted in the sort by session start's index instead (issue 40: it carries the end too), as PostgreSQL 15 does.
    const served = [index, index.replace(/_session_end_idx$/, "_session_start_idx")];
    expect(indexesOf(plan).length, count!.text).toBe(1);
    expect(served, count!.text).toContain(indexesOf(plan)[0]);
    expect(indexOnlyScansOf(plan), count!.text).toEqual(indexesOf(plan));
  });
});

/**
 * A filter with a common term counts its matches (up to 1,001) in the filter's index alone, the search text being in it (migration
 * 0022): through the trigram index it fetched a table row per candidate (a common name with the status filter, 27–51 ms at 1M).
 */
/** The subplan of that name (a CTE's: "CTE matched"). */
const subplan = (node: PlanNode, name: string): PlanNode | undefined =>
  node["Subplan Name"] === name ? node : (node.Plans ?? []).map((child) => subplan(child, name)).find(Boolean);

/** The scans of a plan that read a table: anything but an Index Only Scan (Bitmap Heap Scan, Index Scan, Seq Scan). */
const tableReads = (node: PlanNode): string[] => [
  ...(node["Relation Name"] && node["Node Type"] !== "Index Only Scan" ? [`${node["Node Type"]} ${node["Relation Name"]}`] : []),
  ...(node.Plans ?? []).flatMap(tableReads),
];

/**
 * The trainings' flags and the sessions' « bilan non validé » on a period read their page and count their rows in an index alone
 * (migration 0023): they fetched a table row per training or session they looked at (53 and 28 ms alone at 1M records).
 */
describe("the trainings' flags and the open bilans of a period", () => {
  const flagCases: { caller: Caller; url: string }[] = [
    // Unscoped, the test's 20,000 trainings are counted by a sequential scan stopping at 10,001 (at 1M, trainings_updated_idx alone).
    { caller: "respOf", url: "/api/trainings?fse=true&healthcare=false" },
    { caller: "gestCdc", url: "/api/trainings?healthcare=true" },
    { caller: "supAdmin", url: "/api/sessions?periodFrom=2025-01-01&periodTo=2025-12-31&bilanNotValidated=true" },
    { caller: "respOf", url: "/api/sessions?periodFrom=2025-01-01&periodTo=2025-12-31&bilanNotValidated=true" },
    { caller: "gestCdc", url: "/api/sessions?periodFrom=2025-06-01&bilanNotValidated=true" },
  ];
  it.each(flagCases)("$caller GET $url pages and counts in an index alone", async ({ caller, url }) => {
    const table = new URL(url, "http://x").pathname.split("/").pop()!;
    const statements = await statementsOf(callers[caller], url);
    const page = statements.find((s) => s.text.includes(`order by "${table}"."updated_at" desc`));
    const count = statements.find((s) => /select count\(\*\)/i.test(s.text));
    for (const statement of [page, count]) {
      expect(statement).toBeDefined();
      const plan = await planOf(statement!);
      expect(indexOnlyScansOf(plan).length, statement!.text).toBeGreaterThan(0);
      expect(tableReads(plan), statement!.text).toEqual([]);
    }
  });
});

describe("the count of a filtered search", () => {
  const filteredCases: { caller: Caller; url: string; index: string; settings?: string[] }[] = [
    { caller: "supAdmin", url: "/api/records?status=VALIDATED,START_OF_TRAINING&search=martin", index: "records_status_idx" },
    { caller: "respOf", url: "/api/records?status=VALIDATED,START_OF_TRAINING&search=martin", index: "records_educational_status_idx" },
    { caller: "gestCdc", url: "/api/records?status=VALIDATED&search=martin", index: "records_contracting_status_idx" },
    { caller: "supAdmin", url: "/api/records?withoutFse=true&search=martin", index: "records_without_fse_idx" },
    { caller: "respOf", url: "/api/records?withoutFse=true&search=martin", index: "records_educational_without_fse_idx" },
    // At 50,000 records PostgreSQL 15 reads these matches through the trigram bitmap (18 takes the index; at 1M both do, README):
    // with bitmaps off too, the period's index must serve them alone, the search text in it (migration 0024).
    {
      caller: "supAdmin",
      url: "/api/records?sessionFrom=2025-03-01&sessionTo=2025-04-01&search=martin",
      index: "records_session_end_search_idx",
      settings: ["set local enable_bitmapscan = off"],
    },
    { caller: "respOf", url: "/api/records?sessionFrom=2025-03-01&sessionTo=2025-04-01&search=martin", index: "records_educational_session_end_idx" },
    { caller: "gestCdc", url: "/api/records?sessionFrom=2025-03-01&sessionTo=2025-04-01&search=martin", index: "records_contracting_session_end_idx" },
    { caller: "supAdmin", url: "/api/trainees?department=D75&search=martin", index: "trainees_department_idx" },
    { caller: "respOf", url: "/api/trainees?department=D75&search=martin", index: "trainees_department_idx" },
  ];
  // The filter's index, or the scope's in the list's order when it carries the filter's columns and the search text too.
  it.each(filteredCases)("$caller GET $url counts in an index alone ($index)", async ({ caller, url, index, settings = [] }) => {
    const matched = (await statementsOf(callers[caller], url)).find((s) => s.text.trimStart().startsWith("with matched"));
    expect(matched, "the matches' statement").toBeDefined();
    const plan = await planOf({ ...matched!, settings: [...matched!.settings, ...settings] });
    expect(planProblems(plan), matched!.text).toEqual([]);
    // The matches' ids (the count); the page's rows among them are read by their primary key when they are few.
    const matches = subplan(plan, "CTE matched");
    expect(matches, matched!.text).toBeDefined();
    expect(tableReads(matches!), matched!.text).toEqual([]);
    const scopeIndex = index.replace(/_(status|without_fse|session_end)_idx$/, "_org_idx");
    // A period may be counted in the sort by session start's index as well (issue 40), which carries the end and the search
    // text too: PostgreSQL 15 takes it when the period's start bound is the narrower.
    const startIndex = index.replace(/_session_end(_search)?_idx$/, "_session_start_idx");
    const served = (name: string) => name === index || name === scopeIndex || (startIndex !== index && name === startIndex);
    expect(indexOnlyScansOf(matches!).some(served), `${indexOnlyScansOf(matches!).join(", ")}`).toBe(true);
  });
});

describe("the count of a search", () => {
  const counts = (statements: { text: string; values: unknown[] }[]) => statements.filter((s) => /select count\(\*\)/i.test(s.text));
  const paginationOf = async (caller: Caller, url: string) => {
    const res = await t.app.inject({ url, headers: await t.auth(callers[caller]) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().metadata.pagination;
  };

  it.each(["supAdmin", "respOf"] as const)("counts at most 1,001 matches of a search for %s, and answers 1,001 capped past 1,000", async (caller) => {
    // Every seeded trainee's e-mail holds 'stagiaire': 100,000 rows, the count stops at 1,001.
    const url = "/api/trainees?offset=0&limit=25&search=stagiaire";
    const [count] = counts(await statementsOf(callers[caller], url));
    expect(count, "one count").toBeDefined();
    expect(count!.values).toContain(1_001);
    expect(await paginationOf(caller, url)).toMatchObject({ totalCount: 1_001, totalCountCapped: true });
  });

  it("counts a search matching at most 1,000 rows exactly", async () => {
    // 'stagiaire424': stagiaire424, 4240–4249 and 42400–42499.
    const [exact] = await t.query<{ n: number }>("select count(*)::int as n from trainees where search like '%stagiaire424%'");
    expect(exact!.n).toBeGreaterThan(100);
    expect(exact!.n).toBeLessThanOrEqual(1_000);
    const pagination = await paginationOf("supAdmin", "/api/trainees?offset=0&limit=25&search=stagiaire424");
    expect(pagination.totalCount).toBe(exact!.n);
    expect(pagination.totalCountCapped).toBeUndefined();
  });
});

describe("the planner's estimate of a searched session period", () => {
  // Past 1,000 matches, an EXPLAIN chooses how the page is read; it runs in the search's transaction (a new executor at each
  // call) and is remembered a minute per database all the same.
  it("is asked once a minute, not at every page", async () => {
    const url = "/api/records?sessionFrom=2025-03-01&sessionTo=2025-06-30&search=martin";
    const explainsOf = async () => {
      const headers = await t.auth(callers.supAdmin);
      capture.start();
      const res = await t.app.inject({ url, headers });
      const statements = sentQueries(capture.stop());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().metadata.pagination).toMatchObject({ totalCount: 1_001, totalCountCapped: true });
      return statements.filter((s) => /^\s*explain/i.test(s.text)).length;
    };
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + ++captures * REMEMBERED_MS });
    try {
      expect(await explainsOf()).toBe(1);
      expect(await explainsOf()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

/**
 * A search matching at most 1,000 rows is paged among its matches: walking the order's index read every row until the page was
 * full, tens of thousands when the term is correlated with the order (« soignant » among the trainings by name: 140 ms at 1M).
 */
describe("the page of a search, among its matches when they are few", () => {
  const idsOf = async (url: string) => {
    const res = await t.app.inject({ url, headers: await t.auth(callers.supAdmin) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { id: string }[]; metadata: { pagination: { nextCursor?: string } } };
    return { ids: body.data.map((row) => row.id), cursor: body.metadata.pagination.nextCursor };
  };
  const expected = (order: "asc" | "desc", offset: number) =>
    t.query<{ id: string }>(
      `select id from trainees where search like '%stagiaire424%' order by last_name ${order}, id ${order} limit 25 offset ${offset}`,
    );

  it.each(["asc", "desc"] as const)("is read in one statement among its matches, in the list's order (lastName %s), by offset and by cursor", async (order) => {
    const url = `/api/trainees?limit=25&search=stagiaire424&sort=lastName&order=${order}`;
    const searching = (await statementsOf(callers.supAdmin, `${url}&offset=0`)).filter((s) => s.text.includes('"search" like'));
    expect(searching.map((s) => s.text.trimStart().slice(0, 12))).toEqual(["with matched"]);

    const first = await idsOf(`${url}&offset=0`);
    expect(first.ids).toEqual((await expected(order, 0)).map((row) => row.id));
    const second = await idsOf(`${url}&offset=25`);
    expect(second.ids).toEqual((await expected(order, 25)).map((row) => row.id));
    const afterCursor = await idsOf(`${url}&offset=25&after=${encodeURIComponent(first.cursor!)}`);
    expect(afterCursor.ids).toEqual(second.ids);
  });

  it("past 1,000 matches, is sorted among at most 5,000 when the planner expects no more, else read by walking the order", async () => {
    // 'stagiaire42': stagiaire42, 420–429, 4200–4299 and 42000–42999, 1,111 trainees.
    const url = "/api/trainees?limit=25&offset=25&search=stagiaire42&sort=lastName&order=desc";
    const searching = (await statementsOf(callers.supAdmin, url)).filter((s) => s.text.includes('"search" like'));
    const [plan] = await t.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>("explain (format json) select 1 from trainees where search like '%stagiaire42%'");
    const expectedPath = plan!["QUERY PLAN"][0].Plan["Plan Rows"] <= SORTED_MATCHES_LIMIT ? ["with matched", "with matched"] : ["with matched", "select page."];
    expect(searching.map((s) => s.text.trimStart().slice(0, 12))).toEqual(expectedPath);
    const rows = await t.query<{ id: string }>("select id from trainees where search like '%stagiaire42%' order by last_name desc, id desc limit 25 offset 25");
    expect((await idsOf(url)).ids).toEqual(rows.map((row) => row.id));
  });
});

describe("a session period, most recently updated first", () => {
  // 10,000 of the 50,000 records: their sessions start from 6 January 2025, 90 days long, one a day for 400 days.
  const url = "/api/records?sessionFrom=2025-03-01&sessionTo=2025-04-01&limit=50";
  const inPeriod = "session_end_date >= '2025-03-01' and session_start_date <= '2025-04-01'";

  it("walks records_period_recent_idx for page 1 and the pages after its cursors, and answers the order's rows", async () => {
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const pageUrl = cursor ? `${url}&after=${cursor}` : url;
      const statements = await statementsOf(callers.supAdmin, pageUrl);
      const walk = statements.find((s) => isRecentWalk(s.text));
      expect(walk, statements.map((s) => s.text).join("\n")).toBeDefined();
      const plan = await planOf(walk!);
      expect(planProblems(plan), walk!.text).toEqual([]);
      expect(indexesOf(plan), walk!.text).toEqual(["records_period_recent_idx"]);

      const res = await t.app.inject({ url: pageUrl, headers: await t.auth(callers.supAdmin) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: { id: string }[]; metadata: { pagination: { nextCursor?: string } } };
      const expected = await t.query<{ id: string }>(`select id from records where ${inPeriod} order by updated_at desc, id desc limit 50 offset ${page * 50}`);
      expect(body.data.map((row) => row.id)).toEqual(expected.map((row) => row.id));
      cursor = body.metadata.pagination.nextCursor;
      expect(cursor).toBeDefined();
    }
  });

  it("keeps the order's ties: records updated at the same instant come out by id, none lost or repeated across pages", async () => {
    // 120 records of the period share one update, across the first three pages.
    const stamp = "2030-01-01T09:00:00.000001Z";
    const tied = await t.query<{ id: string }>(`select id from records where ${inPeriod} order by id limit 120`);
    await t.query(`update records set updated_at = $1 where id = any($2)`, [stamp, tied.map((row) => row.id)]);
    try {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 3; page++) {
        const res = await t.app.inject({ url: cursor ? `${url}&after=${cursor}` : url, headers: await t.auth(callers.supAdmin) });
        const body = res.json() as { data: { id: string }[]; metadata: { pagination: { nextCursor?: string } } };
        seen.push(...body.data.map((row) => row.id));
        cursor = body.metadata.pagination.nextCursor;
      }
      const expected = await t.query<{ id: string }>(`select id from records where ${inPeriod} order by updated_at desc, id desc limit 150`);
      expect(seen).toEqual(expected.map((row) => row.id));
      expect(seen.slice(0, 120).sort()).toEqual(tied.map((row) => row.id).sort());
    } finally {
      await t.query(`update records set updated_at = now() - interval '1 day' where id = any($1)`, [tied.map((row) => row.id)]);
    }
  });
});

describe("the rows of a page", () => {
  it.each(tableLists.map((url) => url.split("/").pop()!))(
    "GET /api/%s reads them with a statement prepared once, named, whose one parameter is the page's ids",
    async (list) => {
      const statements = await statementsOf(callers.supAdmin, `/api/${list}?offset=0&limit=25`);
      const named = statements.filter((s) => s.name === `${list}_list`);
      expect(named, statements.map((s) => s.text).join("\n")).toHaveLength(1);
      const [ids] = named[0]!.values as [string[]];
      expect(ids).toHaveLength(25);
      // The ids are the page's: those the list's order gives first.
      const expected = await t.query<{ id: string }>(`select id from ${list} order by updated_at desc, id desc limit 25`);
      expect(ids).toEqual(expected.map((row) => row.id));
    },
  );
});

describe("the exports at scale", () => {
  type ExportCaller = Parameters<ListExport<unknown, unknown>["select"]>[0];
  /** The export's select for a caller, with the list's query. */
  const exportOf =
    <Q, R>(definition: ListExport<Q, R>, query: Q) =>
    (caller: ExportCaller) =>
      definition.select(caller, query, "2026-11-25");
  const exportCases: { caller: Caller; list: string; select: (caller: ExportCaller) => ReturnType<ListExport<unknown, unknown>["select"]>; index: string }[] = [
    { caller: "supAdmin", list: "trainees", select: exportOf(traineesExport, traineeListQuery.parse({})), index: "trainees_updated_idx" },
    // Half the trainees have no record (in everyone's scope): the planner walks the order's index and filters, no Sort either way.
    { caller: "respOf", list: "trainees", select: exportOf(traineesExport, traineeListQuery.parse({})), index: "trainees_updated_idx|trainees_scope_idx" },
    { caller: "supAdmin", list: "records", select: exportOf(recordsExport, recordListQuery.parse({})), index: "records_updated_idx" },
    { caller: "gestCdc", list: "records", select: exportOf(recordsExport, recordListQuery.parse({})), index: "records_contracting_org_idx" },
    { caller: "supAdmin", list: "blocking records", select: exportOf(recordsExport, recordListQuery.parse({ filterAnomalies: "true" })), index: "records_blocking_idx" },
    { caller: "supAdmin", list: "trainings", select: exportOf(trainingsExport, trainingListQuery.parse({})), index: "trainings_updated_idx" },
    { caller: "respOf", list: "trainings", select: exportOf(trainingsExport, trainingListQuery.parse({})), index: "trainings_educational_org_idx" },
    { caller: "supAdmin", list: "sessions", select: exportOf(sessionsExport, sessionListQuery.parse({})), index: "sessions_updated_idx" },
    { caller: "gestCdc", list: "sessions", select: exportOf(sessionsExport, sessionListQuery.parse({})), index: "sessions_contracting_org_idx" },
    { caller: "supAdmin", list: "employees", select: exportOf(employeesExport, employeeListQuery.parse({})), index: "employees_updated_idx" },
    { caller: "supAdmin", list: "organizations", select: exportOf(organizationsExport, organizationListQuery.parse({})), index: "organizations_updated_idx" },
  ];

  it.each(exportCases)("$caller's export of $list walks $index in the list's order", async ({ caller, select, index }) => {
    const employee = callers[caller];
    const { sql: text, params } = new PgDialect().sqlToQuery(select({ id: employee.id, role: employee.roleId, organizationIds: employee.organizationIds }));
    const client = await t.app.pool.connect();
    try {
      await client.query("begin read only");
      const { rows } = await client.query(`explain (format json) declare plan_check no scroll cursor for ${text}`, params);
      const plan = (rows[0] as { "QUERY PLAN": [{ Plan: PlanNode }] })["QUERY PLAN"][0].Plan;
      expect(planProblems(plan, true), text).toEqual([]);
      expect(indexesOf(plan).some((name) => index.split("|").includes(name)), `${index} : ${indexesOf(plan).join(", ")}`).toBe(true);
    } finally {
      await client.query("rollback");
      client.release();
    }
  });
});
