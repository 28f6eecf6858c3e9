/**
 * What the hostile-input property suites share: a fixture (one employee per role, records to aim at), the request sender,
 * and the three properties checked on every answer — no 5xx, every 4xx a French JSON error, nothing written by a refusal.
 */
import { setTimeout as sleep } from "node:timers/promises";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { expect } from "vitest";
import { FSE_PERIOD_ORDER, type FsePeriod } from "../../../resources/fse/enums";
import { ROLE_IDS, type RoleId } from "../../../resources/permissions";
import type { RecordStatus } from "../../../resources/records/enums";
import { DATABASE_MSG } from "../../../server/repositories/pg-errors";
import { apiRoutes, routeName, type ApiRoute } from "./api-routes";
import type { RawBody } from "./hostile-values";
import { temporaryMedia } from "./sessions";
import { createTestApp, type TestApp, type TestEmployee } from "./test-app";
import { VALID_BODIES, type BodyContext } from "./valid-bodies";

export interface HostileCaller {
  name: RoleId | "anonyme";
  employee?: TestEmployee;
  headers: Record<string, string>;
}

export interface HostileRequest {
  method: string;
  url: string;
  body?: RawBody;
}

const BASE_SEED = Number(process.env.HOSTILE_SEED ?? 20261123);
const RUNS_FACTOR = Number(process.env.HOSTILE_RUNS_FACTOR ?? 1);

/**
 * Runs and seed of one property. The seed is fixed (CI reproducible), derived from `label` so that each route and caller gets
 * its own inputs; HOSTILE_SEED=<n> explores other ones, HOSTILE_RUNS_FACTOR=<k> runs k times as many (a longer local hunt).
 */
export const fcOptions = (numRuns: number, label: string): fc.Parameters<unknown> => ({
  numRuns: Math.max(1, Math.round(numRuns * RUNS_FACTOR)),
  seed: [...label].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, BASE_SEED),
  // Shrinking replays requests against the database: keep it bounded.
  endOnFailure: process.env.HOSTILE_SHRINK !== "1",
});

/** The router's own refusals (server/app.ts frameworkErrors) and its "no such route": the request did not reach a route. */
const ROUTER_MESSAGES = [/^Route introuvable : /, /^L'adresse demandée n'est pas valide$/, /^L'adresse demandée est trop longue$/];

/** English words a French message never holds (a heuristic: the framework's and zod's default messages all have one). */
const ENGLISH =
  /\b(the|is|are|must|should|invalid|required|expected|received|not found|error|failed|cannot|unexpected|unsupported|too large|too long|please|allowed|missing|unknown|forbidden|payload|body|params|querystring)\b/i;

/** What is wrong with a 4xx answer, if anything: it must be `{statusCode, error, message}` JSON with a French message. */
export function frenchErrorProblems(statusCode: number, contentType: string | undefined, text: string, sentPath: string): string[] {
  if (!contentType?.startsWith("application/json")) return [`content-type ${contentType ?? "absent"}`];
  let body: { statusCode?: unknown; error?: unknown; message?: unknown; details?: { fields?: { message?: unknown }[] } };
  try {
    body = JSON.parse(text);
  } catch {
    return ["corps JSON illisible"];
  }
  const problems: string[] = [];
  if (body.statusCode !== statusCode) problems.push(`statusCode ${String(body.statusCode)} ≠ ${statusCode}`);
  if (typeof body.error !== "string" || !body.error) problems.push("error absent");
  // The database's refusal of a value is the error handler's last resort: a schema let the value through.
  if (body.message === DATABASE_MSG.invalidValue) problems.push("valeur refusée par la base et non par le schéma de la route");
  const messages = [body.message, ...(body.details?.fields ?? []).map((f) => f.message)];
  for (const message of messages) {
    // The "no such route" message quotes the path that was sent: that part is the caller's, not ours.
    const own = typeof message === "string" ? message.replace(sentPath, "") : message;
    if (typeof own !== "string" || !own.trim()) problems.push(`message vide : ${JSON.stringify(message)}`);
    else if (ENGLISH.test(own)) problems.push(`message en anglais : ${own}`);
  }
  return problems;
}

export interface RouteStats {
  sent: number;
  reached: number;
  /** "400 Les données envoyées ne sont pas valides" → count: what the suite provoked (HOSTILE_STATS=1 prints it). */
  answers: Map<string, number>;
}

/**
 * The one refusal allowed to write: AGORA's (422), kept in the record's history (record_events), on the exchange that carried it
 * with its follow-up job (agora_exchanges, jobs: issue 23) and flagged on the record (last_exchange_failed) — "changes nothing but
 * the exchange history" (issue 13). Those are left out of its comparison, with blocking_from, the column the database derives from
 * the flag.
 */
const EXCHANGE_HISTORY = ["record_events", "agora_exchanges", "jobs"];
const rowText = (table: string) => (table === "records" ? "(to_jsonb(x) - 'last_exchange_failed' - 'blocking_from')::text" : "x::text");

export interface HostileFixture {
  t: TestApp;
  routes: ApiRoute[];
  callers: HostileCaller[];
  /** Real ids per path parameter name, kept stocked when a DELETE succeeds. */
  ids: Record<string, string[]>;
  bodyContext(caller: HostileCaller, params: Record<string, string>): Promise<BodyContext>;
  /**
   * Makes the records' pushes pass the data-quality gate again (issue 15): accepted mutations may have left the pool's training
   * without its location, the record with a wrong employer SIRET or the free trainees with a gender against their NIR.
   */
  readyToPush(): Promise<void>;
  /** Sends and checks the answer; `route` counts it in the coverage. */
  send(caller: HostileCaller, request: HostileRequest, route?: ApiRoute): Promise<{ statusCode: number; body: string }>;
  /** Per route and caller: requests sent, and those that reached the route (not refused by the router). */
  coverage: Map<string, Map<string, RouteStats>>;
  close(): Promise<void>;
}

/** The tables of the app's database. */
export async function tablesOf(t: TestApp): Promise<string[]> {
  const rows = await t.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  return rows.map((r) => r.table_name).filter((name) => !OPERATIONAL_STATE.has(name));
}

/** Not the throttles' state (migration 0013): a refused sign-in is meant to count there. */
const OPERATIONAL_STATE = new Set(["throttle_counters", "login_pairs"]);

/** One checksum per table: `rows:md5` of every row's text, in a stable order. */
export async function databaseChecksum(t: TestApp, tables: string[]): Promise<Record<string, string>> {
  const sql = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::int || ':' || md5(coalesce(string_agg(${rowText(name)}, '|' order by ${rowText(name)}), '')) as sum from "${name}" x`,
    )
    .join(" union all ");
  const rows = await t.query<{ name: string; sum: string }>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

/**
 * A 503 says "overloaded or database unreachable, retry" (Retry-After): on this shared machine the tests themselves can
 * overload it. Retried a few times as a client would; a request that keeps answering 503 still fails the property.
 */
async function injectRetryingUnavailable(t: TestApp, options: InjectOptions) {
  for (let attempt = 1; ; attempt++) {
    const res = await t.app.inject(options);
    if (res.statusCode !== 503 || attempt === 4) return res;
    await sleep(1_000 * attempt);
  }
}

export async function createHostileFixture(): Promise<HostileFixture> {
  const t = await createTestApp({ logger: process.env.HOSTILE_LOG === "1" });
  const routes = apiRoutes(t.app);
  const tables = await tablesOf(t);

  const of = await t.organization({ name: "OF ÉPROUVÉ" });
  const cdc = await t.organization({ name: "RÉGION ÉPROUVÉE" });
  const callers: HostileCaller[] = [{ name: "anonyme", headers: {} }];
  for (const role of ROLE_IDS) {
    const employee = await t.employee(role, [role.includes("-of") ? of : cdc]);
    callers.push({ name: role, employee, headers: await t.auth(employee) });
  }
  const admin = callers.find((c) => c.name === "rol_sup-admin")!;
  const orgOf = (caller: HostileCaller) => caller.employee?.organizationIds[0] ?? of;

  const createThrough = async (url: string, payload: Record<string, unknown>) => {
    const res = await injectRetryingUnavailable(t, { method: "POST", url, headers: admin.headers, payload });
    if (res.statusCode !== 201) throw new Error(`Création de la fixture ${url} : ${res.statusCode} ${res.body}`);
    return (res.json() as { data: { id: string } }).data.id;
  };
  const baseContext = {
    role: "rol_sup-admin" as RoleId,
    email: undefined,
    organizationId: of,
    educationalOrganizationId: of,
    contractingOrganizationId: cdc,
    targetSiret: "",
    trainingId: "",
    sessionId: "",
    freeTraineeId: "",
    recordStatus: "SETUP" as RecordStatus,
    fseRecordId: "",
    fsePeriod: "INPUT" as FsePeriod,
  };

  /** How to make the record at `index` of each id pool again (successful DELETEs remove them). */
  const makers: Record<string, (index: number) => Promise<string>> = {
    organizationId: () => t.organization(),
    // One employee each side, so that resp-of and resp-cdc both have someone in scope.
    employeeId: async (index) => (await (index === 0 ? t.employee("rol_gest-of", [of]) : t.employee("rol_gest-cdc", [cdc]))).id,
    traineeId: () => createThrough("/api/trainees", VALID_BODIES["POST /api/trainees"]!.build(baseContext)),
    trainingId: () => createThrough("/api/trainings", VALID_BODIES["POST /api/trainings"]!.build(baseContext)),
  };
  const ids: Record<string, string[]> = {
    organizationId: [of, cdc, await makers.organizationId!(2)],
    employeeId: [await makers.employeeId!(0), await makers.employeeId!(1)],
    traineeId: [await makers.traineeId!(0)],
    trainingId: [await makers.trainingId!(0)],
  };
  // A session of the pool's training (which it keeps from being deleted).
  makers.sessionId = () => createThrough("/api/sessions", VALID_BODIES["POST /api/sessions"]!.build({ ...baseContext, trainingId: ids.trainingId![0]! }));
  ids.sessionId = [await makers.sessionId(0)];
  // Months in and out of that session (January to March 2026), and a file it holds (GET …/attendance-sheets/:month, …/medias/:mediaId).
  ids.month = ["2026-01", "2026-03", "2027-06"];
  const heldMedia = await temporaryMedia(t, admin.employee!.id);
  const held = await injectRetryingUnavailable(t, {
    method: "PATCH",
    url: `/api/sessions/${ids.sessionId[0]}`,
    headers: admin.headers,
    payload: { medias: { kairosCertificate: { id: heldMedia } } },
  });
  if (held.statusCode !== 200) throw new Error(`Fichier de la session de la fixture : ${held.statusCode} ${held.body}`);
  ids.mediaId = [heldMedia];
  // A record of that session, validated so that it can be re-pushed (records are never deleted through the API).
  const recordId = await createThrough("/api/records", {
    traineeId: await createThrough("/api/trainees", VALID_BODIES["POST /api/trainees"]!.build(baseContext)),
    sessionId: ids.sessionId[0],
  });
  // Through AGORA (the simulator keeps state: a status written in SQL alone would not be the one AGORA holds).
  const validated = await injectRetryingUnavailable(t, {
    method: "PATCH",
    url: `/api/records/${recordId}/status`,
    headers: admin.headers,
    payload: { status: "VALIDATED" },
  });
  if (validated.statusCode !== 200) throw new Error(`Validation du dossier de la fixture : ${validated.statusCode} ${validated.body}`);
  ids.recordId = [recordId];
  // Its entry survey (the pool's training asks for the FSE); the record's other periods are left for POST /api/recordFse.
  ids.recordFseId = [
    await createThrough("/api/recordFse", { recordId, information: VALID_BODIES["POST /api/recordFse"]!.build({ ...baseContext, fseRecordId: recordId, fsePeriod: "INPUT" }).information }),
  ];
  /**
   * The first period the pool's record has no survey for. Once all three exist, the six-month one is removed (before the request
   * and its checksums) so that the valid body can be accepted again; the entry survey, the pool's, stays.
   */
  async function nextFsePeriod(): Promise<FsePeriod> {
    const filled = (await t.query<{ period: FsePeriod }>("select period from record_fse where record_id = $1", [recordId])).map((r) => r.period);
    const free = FSE_PERIOD_ORDER.find((period) => !filled.includes(period));
    if (free) return free;
    await t.query("delete from record_fse where record_id = $1 and period = 'AFTER_SIX_MONTH'", [recordId]);
    return "AFTER_SIX_MONTH";
  }
  /** A trainee made from the valid body by readyToPush, preferred while it has no record. */
  let readyTrainee: string | undefined;
  /** A trainee without a record (POST /api/records consumes one each time it succeeds). */
  async function freeTrainee(): Promise<string> {
    if (readyTrainee && (await t.query("select 1 from records where trainee_id = $1", [readyTrainee])).length === 0) return readyTrainee;
    const [free] = await t.query<{ id: string }>("select id from trainees t where not exists (select 1 from records r where r.trainee_id = t.id) limit 1");
    return free?.id ?? createThrough("/api/trainees", VALID_BODIES["POST /api/trainees"]!.build(baseContext));
  }
  // Supervision: a failed job (« Relancer ») and an unsettled exchange (« Demander à AGORA », « Abandonner »), made pending
  // again by readyToPush once abandoned.
  ids.jobId = [
    (await t.query<{ id: string }>(`insert into jobs (id, queue, payload, state, attempts, last_error, finished_at)
      values (replace(gen_random_uuid()::text, '-', ''), 'mail.send', '{}', 'failed', 3, 'erreur lors de l''envoi', now()) returning id`))[0]!.id,
  ];
  ids.exchangeId = [
    (await t.query<{ id: string }>(`insert into agora_exchanges (id, idempotency_key, kind, payload, employee_name)
      values (replace(gen_random_uuid()::text, '-', ''), gen_random_uuid()::text, 'REPUSH', '{"kind":"REPUSH"}', 'Fixture') returning id`))[0]!.id,
  ];
  const trainingRef = (await t.query<{ ref: string }>("select number || '-' || action_number as ref from trainings"))[0]!.ref;
  // References the AGORA simulator knows, one the product holds, and one nobody knows.
  ids.reference = ["F-2026-004-A01", "F2025002-A01", trainingRef, "INCONNU-A01"];

  const TABLE_OF: Record<string, string> = {
    organizationId: "organizations",
    employeeId: "employees",
    traineeId: "trainees",
    trainingId: "trainings",
    sessionId: "sessions",
  };
  async function restock() {
    for (const [param, table] of Object.entries(TABLE_OF)) {
      const pool = ids[param]!;
      const present = new Set((await t.query<{ id: string }>(`select id from ${table} where id = any($1)`, [pool])).map((r) => r.id));
      for (let i = 0; i < pool.length; i++) if (!present.has(pool[i]!)) pool[i] = await makers[param]!(i);
    }
  }

  const coverage: HostileFixture["coverage"] = new Map(routes.map((r) => [routeName(r), new Map()]));

  async function send(caller: HostileCaller, request: HostileRequest, route?: ApiRoute) {
    const before = await databaseChecksum(t, tables);
    const res = await injectRetryingUnavailable(t, {
      method: request.method as "GET",
      url: request.url,
      headers: { ...caller.headers, ...(request.body ? { "content-type": request.body.contentType } : {}) },
      ...(request.body ? { payload: request.body.payload } : {}),
    });
    const what = `${caller.name} ${request.method} ${request.url.slice(0, 300)}`;
    expect(res.statusCode, `${what} → ${res.body.slice(0, 500)}`).toBeLessThan(500);
    if (res.statusCode >= 400) {
      const sentPath = request.url.split("?")[0]!;
      expect(frenchErrorProblems(res.statusCode, res.headers["content-type"] as string | undefined, res.body, sentPath), `${what} → ${res.body.slice(0, 500)}`).toEqual([]);
      const after = await databaseChecksum(t, tables);
      if (res.statusCode === 422) for (const table of EXCHANGE_HISTORY) after[table] = before[table]!;
      expect(after, `${what} → ${res.statusCode} a modifié la base`).toEqual(before);
    } else if (request.method === "DELETE") {
      await restock();
    }
    if (route) {
      const perCaller = coverage.get(routeName(route))!;
      const stats = perCaller.get(caller.name) ?? { sent: 0, reached: 0, answers: new Map() };
      const message = res.statusCode >= 400 ? String((JSON.parse(res.body) as { message?: unknown }).message) : "";
      stats.sent += 1;
      if (!ROUTER_MESSAGES.some((pattern) => pattern.test(message))) stats.reached += 1;
      const answer = `${res.statusCode} ${message}`.trim();
      stats.answers.set(answer, (stats.answers.get(answer) ?? 0) + 1);
      perCaller.set(caller.name, stats);
    }
    return { statusCode: res.statusCode, body: res.body };
  }

  return {
    t,
    routes,
    callers,
    ids,
    coverage,
    async bodyContext(caller, params) {
      const org = params.organizationId && ids.organizationId!.includes(params.organizationId) ? params.organizationId : undefined;
      const targetSiret = org ? (await t.query<{ siret: string }>("select siret from organizations where id = $1", [org]))[0]?.siret : undefined;
      return {
        role: caller.name === "anonyme" ? undefined : caller.name,
        email: caller.employee?.email,
        organizationId: orgOf(caller),
        educationalOrganizationId: of,
        contractingOrganizationId: cdc,
        targetSiret: targetSiret ?? "12345678901234",
        trainingId: ids.trainingId![0]!,
        sessionId: ids.sessionId![0]!,
        freeTraineeId: await freeTrainee(),
        recordStatus: (await t.query<{ status: RecordStatus }>("select status from records where id = $1", [params.recordId ?? ids.recordId![0]]))[0]?.status ?? "VALIDATED",
        fseRecordId: recordId,
        fsePeriod: await nextFsePeriod(),
      };
    },
    send,
    async readyToPush() {
      const restore = async (url: string, payload: Record<string, unknown>) => {
        const res = await injectRetryingUnavailable(t, { method: "PATCH", url, headers: admin.headers, payload });
        if (res.statusCode !== 200) throw new Error(`Remise en état de la fixture ${url} : ${res.statusCode} ${res.body}`);
      };
      await restore(`/api/trainings/${ids.trainingId![0]}`, VALID_BODIES["PATCH /api/trainings/:trainingId"]!.build(baseContext));
      await restore(`/api/records/${ids.recordId![0]}`, VALID_BODIES["PATCH /api/records/:recordId"]!.build(baseContext));
      readyTrainee = await createThrough("/api/trainees", VALID_BODIES["POST /api/trainees"]!.build(baseContext));
      await t.query("update agora_exchanges set state = 'pending', settled_at = null where id = $1", [ids.exchangeId![0]]);
    },
    close: () => t.close(),
  };
}

/** Every route reached by every caller at least once: a route the generators cannot hit fails the suite. */
export function unreachedRoutes(fixture: HostileFixture, routes: ApiRoute[]): string[] {
  const missing: string[] = [];
  for (const route of routes) {
    for (const caller of fixture.callers) {
      const stats = fixture.coverage.get(routeName(route))?.get(caller.name);
      if (!stats?.reached) missing.push(`${routeName(route)} (${caller.name})`);
    }
  }
  return missing;
}

/** With HOSTILE_STATS=1: the answers each route gave, all callers together (to tune the generators). */
export function printStats(fixture: HostileFixture): void {
  if (process.env.HOSTILE_STATS !== "1") return;
  for (const [route, perCaller] of fixture.coverage) {
    const answers = new Map<string, number>();
    for (const stats of perCaller.values()) for (const [answer, n] of stats.answers) answers.set(answer, (answers.get(answer) ?? 0) + n);
    console.log(`${route}\n${[...answers].map(([answer, n]) => `  ${String(n).padStart(5)}  ${answer.slice(0, 140)}`).join("\n")}`);
  }
}
