import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  emptyMedias,
  mediaIdsOf,
  normalizedResult,
  type SessionAnswerInput,
  type SessionInformation,
  type SessionListItemInput,
} from "../../resources/sessions/schema";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { newId } from "../db/ids";
import { countRows, listOrder, pageCondition } from "../db/list-page";
import { employeeOrganizations, employees, organizations, sessions, trainings } from "../db/schema/index";
import { matchesSearch } from "../db/search";
import { sessionScope, trainingScope } from "../scope/row-scope";

/**
 * Everything the sessions know about records, in one place. Records do not exist yet, so a session has no trainee:
 * `traineesCount` is 0, `traineesOf` answers an empty list and `sessionHasRecords` answers false (a session can always be
 * deleted). When the records table lands (records.session_id → sessions), only these three change:
 *  - traineesCount: `(select count(*)::int from records r where r.session_id = sessions.id)`
 *  - traineesOf: the session's records' trainees with the record status
 *  - sessionHasRecords: `exists (select 1 from records r where r.session_id = $1)`
 */
const traineesCount = sql<number>`0`;

async function traineesOf(_db: Executor, _sessionId: string): Promise<SessionAnswerInput["trainees"]> {
  return [];
}

/** Whether records still reference the session (deletion is then refused with 409). */
export async function sessionHasRecords(_db: Executor, _sessionId: string): Promise<boolean> {
  return false;
}

const educational = alias(organizations, "educational");
const contracting = alias(organizations, "contracting");

const columns = {
  session: sessions,
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

const baseQuery = (db: Executor) =>
  db
    .select(columns)
    .from(sessions)
    .innerJoin(trainings, eq(trainings.id, sessions.trainingId))
    .innerJoin(educational, eq(educational.id, trainings.educationalOrganizationId))
    .innerJoin(contracting, eq(contracting.id, trainings.contractingOrganizationId));

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

function toListItem(row: Row): SessionListItemInput {
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

export async function listSessions(db: Executor, caller: Caller, query: { offset: number; limit: number; search?: string }) {
  const where = and(sessionScope(caller), matchesSearch(sessions.search, query.search));
  const [rows, total] = await Promise.all([
    baseQuery(db).where(pageCondition(db, sessions, where, query)).orderBy(...listOrder(sessions)),
    countRows(db, sessions, where),
  ]);
  return { rows: rows.map(toListItem), total };
}

/** The session when it exists and the caller may see it. */
export async function findSession(db: Executor, caller: Caller, id: string): Promise<SessionAnswerInput | undefined> {
  const [row] = await baseQuery(db).where(and(eq(sessions.id, id), trainingScope(caller)));
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
 * deletion is committed), or undefined when nothing was deleted.
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
