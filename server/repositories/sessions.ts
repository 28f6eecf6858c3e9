import { and, eq, gte, lte, or, sql } from "drizzle-orm";
import type { SessionListQuery } from "../../resources/sessions/list-query";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import {
  emptyMedias,
  mediaIdsOf,
  normalizedResult,
  type SessionAnswerInput,
  type SessionInformation,
  type SessionListItemInput,
} from "../../resources/sessions/schema";
import type { RecordStatus } from "../../resources/records/enums";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { newId } from "../db/ids";
import { listPage, listRows } from "../db/list-page";
import { french } from "../db/collation";
import { type ListSelection, sortOf, whereOf } from "../db/list-selection";
import { sessionReason } from "../todo/reasons";
import { employeeOrganizations, employees, organizations, records, sessions, trainees, trainings } from "../db/schema/index";
import { matchesSearch } from "../db/search";
import { sessionTodoCondition } from "../todo/rules";
import { sessionScope, trainingScope } from "../scope/row-scope";

/**
 * Everything the sessions know about records, in one place: each record puts its trainee in the session. The count is a per-row
 * subquery, run for the page's rows only (list-page.ts), on records_session_idx.
 */
const traineesCount = sql<number>`(select count(*)::int from ${records} where ${records.sessionId} = ${sessions.id})`;

/** The session's trainees with their record's status, by name (all in the caller's scope: a record's scope is its session's). */
async function traineesOf(db: Executor, sessionId: string): Promise<SessionAnswerInput["trainees"]> {
  return db
    .select({ id: trainees.id, recordId: records.id, firstName: trainees.firstName, lastName: trainees.lastName, status: records.status })
    .from(records)
    .innerJoin(trainees, eq(trainees.id, records.traineeId))
    .where(eq(records.sessionId, sessionId))
    .orderBy(french(trainees.lastName), french(trainees.firstName), trainees.id);
}

/** Statuses of a record whose trainee has left the training (design.md "Record lifecycle"). */
const ENDED_STATUSES: readonly RecordStatus[] = ["END_OF_TRAINING", "TERMINATED_FULLY_DONE", "TERMINATED_PARTIALLY_DONE", "TERMINATED_NOT_DONE"];

/**
 * Who signs the month's attendance sheet (`month`: YYYY-MM), by name: the session's trainees but those whose record was
 * rejected (they never attend) and those whose record ended before the month — left training or closed, on its real end date,
 * else the day it was closed in France. A record ended without either date stays listed.
 */
export async function traineesOnSheet(db: Executor, sessionId: string, month: string): Promise<{ firstName: string; lastName: string }[]> {
  const ended = sql`${records.status} in (${sql.join(ENDED_STATUSES.map((status) => sql`${status}`), sql`, `)})`;
  const endDay = sql`coalesce(${records.realEndDate}, (${records.closedAt} at time zone 'Europe/Paris')::date, 'infinity'::date)`;
  return db
    .select({ firstName: trainees.firstName, lastName: trainees.lastName })
    .from(records)
    .innerJoin(trainees, eq(trainees.id, records.traineeId))
    .where(and(eq(records.sessionId, sessionId), sql`${records.status} <> 'REJECTED'`, sql`not (${ended} and ${endDay} < ${`${month}-01`}::date)`))
    .orderBy(french(trainees.lastName), french(trainees.firstName), trainees.id);
}

const educational = alias(organizations, "educational");
const contracting = alias(organizations, "contracting");

/** The session's columns the list shows (toListItem): not its bilan, its documents nor its search text. */
const listSession = {
  id: sessions.id,
  startDate: sessions.startDate,
  endDate: sessions.endDate,
  capacity: sessions.capacity,
  totalPricePerPersonIncludingTaxes: sessions.totalPricePerPersonIncludingTaxes,
  totalPricePerPersonTaxFree: sessions.totalPricePerPersonTaxFree,
  purchasingUnit: sessions.purchasingUnit,
  actualOrCalculatedEducationalCost: sessions.actualOrCalculatedEducationalCost,
  createdAt: sessions.createdAt,
  updatedAt: sessions.updatedAt,
};

const listColumns = {
  session: listSession,
  traineesCount,
  training: {
    id: trainings.id,
    name: trainings.name,
    number: trainings.number,
    marketNumber: trainings.marketNumber,
    actionNumber: trainings.actionNumber,
    healthcareSocial: trainings.healthcareSocial,
    fse: trainings.fse,
  },
  educational: { id: educational.id, name: educational.name, siret: educational.siret },
  contracting: { id: contracting.id, name: contracting.name, siret: contracting.siret },
};

/** The detail's columns: the list's with the whole session row. */
const columns = { ...listColumns, session: sessions };

/** The sessions joined to their training and its two organisations. */
const joined = <Q extends PgSelect>(query: Q) =>
  query
    .innerJoin(trainings, eq(trainings.id, sessions.trainingId))
    .innerJoin(educational, eq(educational.id, trainings.educationalOrganizationId))
    .innerJoin(contracting, eq(contracting.id, trainings.contractingOrganizationId));

const baseQuery = (db: Executor) => joined(db.select(columns).from(sessions).$dynamic());
const listQuery = (db: Executor) => joined(db.select(listColumns).from(sessions).$dynamic());

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];
type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>["execute"]>>[number];

const listed = listRows("sessions_list", (db, condition, order) => listQuery(db).where(condition).orderBy(...order));

function toListItem(row: ListRow): SessionListItemInput {
  const { id: trainingId, ...training } = row.training;
  const s = row.session;
  return {
    id: s.id,
    training: {
      id: trainingId,
      information: { ...training, educationalOrganization: row.educational, contractingOrganization: row.contracting },
    },
    traineesCount: row.traineesCount,
    information: {
      startDate: s.startDate,
      endDate: s.endDate,
      capacity: s.capacity,
      totalPricePerPersonIncludingTaxes: s.totalPricePerPersonIncludingTaxes,
      totalPricePerPersonTaxFree: s.totalPricePerPersonTaxFree,
      purchasingUnit: s.purchasingUnit,
      actualOrCalculatedEducationalCost: s.actualOrCalculatedEducationalCost,
    },
    createdDate: s.createdAt,
    updatedDate: s.updatedAt,
  };
}

function toSession(row: Row, trainees: SessionAnswerInput["trainees"]): SessionAnswerInput {
  const s = row.session;
  return {
    ...toListItem(row),
    trainees,
    result: {
      validatedAssessment: s.resultValidated,
      validatedDate: s.resultValidatedAt,
      validatedBy: s.resultValidatedByName === null ? null : { id: s.resultValidatedById, name: s.resultValidatedByName },
      ...normalizedResult(s.result),
    },
    medias: { ...emptyMedias(), ...s.medias },
  };
}

/** The sortable columns of SESSION_SORT_FIELDS. */
const sortColumns = {
  updatedDate: { column: sessions.updatedAt, kind: "timestamp" },
  startDate: { column: sessions.startDate, kind: "date" },
  trainingNumber: { column: sessions.trainingNumber, kind: "text" },
  trainingName: { column: sessions.trainingName, kind: "text" },
} as const;

/** The sessions list's conditions (scope, filters, search) and sort, for the list and its export. */
/** `today` (the day in France): for the « À traiter » filter `todo=…` (server/todo/rules.ts). */
export function sessionsListSelection(caller: Caller, query: SessionListQuery, today: string): ListSelection {
  const filters = [
    sessionScope(caller),
    query.periodFrom === undefined ? undefined : gte(sessions.endDate, query.periodFrom),
    query.periodTo === undefined ? undefined : lte(sessions.startDate, query.periodTo),
    query.organizationId
      ? or(eq(sessions.educationalOrganizationId, query.organizationId), eq(sessions.contractingOrganizationId, query.organizationId))
      : undefined,
    query.bilanNotValidated ? eq(sessions.resultValidated, false) : undefined,
    query.todo && sessionTodoCondition(query.todo, today),
  ];
  return { where: whereOf(filters, matchesSearch(sessions.search, query.search)), sort: sortOf(sortColumns, query) };
}

export async function listSessions(db: Executor, caller: Caller, query: SessionListQuery, today: string) {
  const { where, sort } = sessionsListSelection(caller, query, today);
  const { rows, ...rest } = await listPage(db, sessions, where, query, listed, sort);
  const items = rows.map(toListItem);
  // « Motif » of a counter's list: the bilan due since the session's end.
  if (!query.todo) return { rows: items, ...rest };
  return { rows: items.map((item) => ({ ...item, reason: sessionReason(item.information.endDate, today) })), ...rest };
}

/** The session when it exists and the caller may see it. */
export async function findSession(db: Executor, caller: Caller, id: string): Promise<SessionAnswerInput | undefined> {
  const [row] = await baseQuery(db).where(and(eq(sessions.id, id), sessionScope(caller)));
  if (!row) return undefined;
  return toSession(row, await traineesOf(db, id));
}

/** The training a session may be created for: it exists and is in the caller's scope. */
export async function trainingIdForNewSession(db: Executor, caller: Caller, trainingId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: trainings.id }).from(trainings).where(and(eq(trainings.id, trainingId), trainingScope(caller)));
  return row?.id;
}

export async function insertSession(db: Executor, trainingId: string, information: SessionInformation): Promise<string> {
  const id = newId();
  await db.insert(sessions).values({ id, trainingId, ...information });
  return id;
}

/**
 * Deletes the session if it is in the caller's scope; answers the media ids it held (their files are removed once the
 * deletion is committed), or undefined when nothing was deleted. A session its records still reference is refused by the
 * foreign key (23001 or 23503 by PostgreSQL version), which the route answers 409.
 */
export async function deleteSession(db: Executor, caller: Caller, id: string): Promise<string[] | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), sessionScope(caller)))
    .returning({ medias: sessions.medias });
  return row ? mediaIdsOfStored(row.medias) : undefined;
}

/**
 * Who is told that a bilan was validated: the contracting organisation's e-mail, else its resp-cdc employees' (design.md "Media").
 * Empty when neither exists: the validation stands, and nobody can be told.
 */
export async function bilanRecipients(db: Executor, contractingOrganizationId: string): Promise<string[]> {
  const [organization] = await db
    .select({ email: organizations.email })
    .from(organizations)
    .where(eq(organizations.id, contractingOrganizationId));
  if (organization?.email) return [organization.email];
  const rows = await db
    .select({ email: employees.email })
    .from(employees)
    .innerJoin(employeeOrganizations, eq(employeeOrganizations.employeeId, employees.id))
    .where(and(eq(employeeOrganizations.organizationId, contractingOrganizationId), eq(employees.roleId, "rol_resp-cdc")))
    .orderBy(employees.email);
  return rows.map((r) => r.email);
}

/** The ids of the media a stored session holds (its jsonb may lack keys). */
export const mediaIdsOfStored = (stored: Partial<ReturnType<typeof emptyMedias>>) => mediaIdsOf({ ...emptyMedias(), ...stored });
