import { and, eq, inArray, isNull, or, sql, type Column, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { GLOBAL_ROLES, type RoleId } from "../../resources/permissions";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { employeeOrganizations, organizations, records, sessions, trainees, trainings } from "../db/schema/index";

/**
 * Row scope: which rows a caller may read and change, in one place; design.md "Roles and scope" says the same.
 * resources/permissions.ts decides which actions a role has at all; this module decides on which rows, by the caller's organisations.
 *
 * | role           | organisations             | employees | trainings, with their sessions and records       | trainees                          |
 * |----------------|---------------------------|-----------|--------------------------------------------------|-----------------------------------|
 * | rol_sup-admin  | all                       | all       | all                                              | all                               |
 * | rol_admin      | all                       | all       | all                                              | all                               |
 * | rol_resp-of    | read all, write their own | shared*   | educational organisation is theirs               | with a record in scope, or none   |
 * | rol_gest-of    | read all, write their own | shared*   | educational organisation is theirs               | with a record in scope, or none   |
 * | rol_resp-cdc   | read all, write their own | shared*   | contracting organisation is theirs               | with a record in scope, or none   |
 * | rol_gest-cdc   | read all, write their own | shared*   | contracting organisation is theirs               | with a record in scope, or none   |
 * | rol_gest-cdcss | read all, write their own | shared*   | contracting theirs, healthcare-social ones only  | with a record in scope, or none   |
 *
 * shared*: read those sharing one of the caller's organisations; write only those whose organisations are all the caller's.
 * The permission matrix opens employees and organisation edits to resp-of/resp-cdc only among these roles; the rows are as above.
 *
 * Each function returns the drizzle condition on its entity's table (`undefined`: every row); the same condition serves the list,
 * the detail, the update and the delete. Outside the read scope a row is answered 404 like a missing one; a row the caller may read
 * but not write, 403 (refusing tells nothing new). A scoped caller with no organisation is in scope of nothing.
 * The values a write is about to store (an employee's organisations, a training's organisations) go through the same rules
 * (`holdsOrganizations`, `trainingValuesInScope`): a caller may not move a row out of their scope.
 *
 * Sessions are in scope when their training is (`sessionScope`), records when their session's training is (`recordScope`), trainees
 * through their record, if they have one (`traineeScope`): each on its own copies of the training's scope columns, kept by triggers.
 */

export type Access = "read" | "write";

const seesEverything = (caller: Caller) => GLOBAL_ROLES.includes(caller.role);
/** `in ()` is not SQL: a scoped caller without organisations gets no row. */
const NO_ROW = sql`false`;

/** Whether every one of these organisations is the caller's (global roles: always); e.g. the organisations given to an employee. */
export function holdsOrganizations(caller: Caller, organizationIds: readonly string[]): boolean {
  return seesEverything(caller) || organizationIds.every((id) => caller.organizationIds.includes(id));
}

/** Organisations: every signed-in user reads them (pickers); resp-of/resp-cdc change only their own. */
export function organizationScope(caller: Caller, access: Access): SQL | undefined {
  if (access === "read" || seesEverything(caller)) return undefined;
  if (caller.organizationIds.length === 0) return NO_ROW;
  return inArray(organizations.id, caller.organizationIds);
}

/**
 * Employees: read those sharing one of the caller's organisations; write only those whose organisations are all the caller's
 * (an employee also in a foreign organisation is changed by admins only). Qualified by hand: the list selects "employees".
 */
export function employeeScope(caller: Caller, access: Access): SQL | undefined {
  if (seesEverything(caller)) return undefined;
  if (caller.organizationIds.length === 0) return NO_ROW;
  const sharesOne = sql`exists (select 1 from ${employeeOrganizations} eo where eo.employee_id = "employees"."id" and eo.organization_id in ${caller.organizationIds})`;
  if (access === "read") return sharesOne;
  return and(
    sharesOne,
    sql`not exists (select 1 from ${employeeOrganizations} eo where eo.employee_id = "employees"."id" and eo.organization_id not in ${caller.organizationIds})`,
  );
}

/** The training rule, once, for the SQL condition and for the values about to be written: which organisation gives the scope. */
type TrainingRule = "all" | { side: "educationalOrganizationId" | "contractingOrganizationId"; healthcareSocialOnly: boolean };
const BY_EDUCATIONAL: TrainingRule = { side: "educationalOrganizationId", healthcareSocialOnly: false };
const BY_CONTRACTING: TrainingRule = { side: "contractingOrganizationId", healthcareSocialOnly: false };
const TRAINING_RULES: Record<RoleId, TrainingRule> = {
  "rol_sup-admin": "all",
  rol_admin: "all",
  "rol_resp-of": BY_EDUCATIONAL,
  "rol_gest-of": BY_EDUCATIONAL,
  "rol_resp-cdc": BY_CONTRACTING,
  "rol_gest-cdc": BY_CONTRACTING,
  "rol_gest-cdcss": { side: "contractingOrganizationId", healthcareSocialOnly: true },
};

/** The training columns the rule reads: the trainings table (or an alias of it), or the sessions' copies of them. */
export interface TrainingScopeColumns {
  educationalOrganizationId: Column;
  contractingOrganizationId: Column;
  healthcareSocial: Column;
}

/**
 * Trainings: training-organisation roles by educational organisation, contracting-body roles by contracting organisation,
 * gest-cdcss only the healthcare-social ones. Plain `in` on the organisation column: served by the trainings_*_org_idx indexes.
 */
export function trainingScope(caller: Caller, columns: TrainingScopeColumns = trainings): SQL | undefined {
  const rule = TRAINING_RULES[caller.role];
  if (rule === "all") return undefined;
  if (caller.organizationIds.length === 0) return NO_ROW;
  const byOrganization = inArray(columns[rule.side], caller.organizationIds);
  return rule.healthcareSocialOnly ? and(byOrganization, eq(columns.healthcareSocial, true)) : byOrganization;
}

/**
 * A scope for a statement prepared once (server/db/prepared.ts): one statement per rule serves every caller of that rule, the
 * caller's organisations given as the placeholder `organizationIds` (none: `= any('{}')` is false, as NO_ROW). `key` names the
 * rule, for the statement's name; `values` are the placeholder's, to pass to `execute`.
 */
export interface PreparedScope {
  key: string;
  condition: SQL | undefined;
  values: { organizationIds?: string[] };
}

export function preparedTrainingScope(caller: Caller, columns: TrainingScopeColumns = trainings): PreparedScope {
  const rule = TRAINING_RULES[caller.role];
  if (rule === "all") return { key: "all", condition: undefined, values: {} };
  const byOrganization = sql`${columns[rule.side]} = any(${sql.placeholder("organizationIds")}::text[])`;
  return {
    key: rule.healthcareSocialOnly ? `${rule.side}_hs` : rule.side,
    condition: rule.healthcareSocialOnly ? and(byOrganization, eq(columns.healthcareSocial, true)) : byOrganization,
    values: { organizationIds: [...caller.organizationIds] },
  };
}

/** The training rule on the values a create or update would store. */
export function trainingValuesInScope(
  caller: Caller,
  values: { educationalOrganizationId: string; contractingOrganizationId: string; healthcareSocial: boolean },
): boolean {
  const rule = TRAINING_RULES[caller.role];
  if (rule === "all") return true;
  return caller.organizationIds.includes(values[rule.side]) && (!rule.healthcareSocialOnly || values.healthcareSocial);
}

/**
 * Sessions: those of the trainings in the caller's scope, read and write alike. The rule reads the session's copies of its
 * training's scope columns (kept right by triggers, migration 0008_sessions_scope): a plain `in` on the session's organisation
 * column, so a scoped list reads sessions_*_org_idx in its order instead of probing trainings row by row.
 */
export const sessionScope = (caller: Caller): SQL | undefined => trainingScope(caller, sessions);

/**
 * Records: those whose session's training is in the caller's scope, read and write alike. The rule reads the record's copies of
 * its session's scope columns (kept right by triggers, migration 0011_records_trainees_scope): a plain `in` on the record's
 * organisation column, served in the list's order by records_*_org_idx.
 */
export const recordScope = (caller: Caller): SQL | undefined => trainingScope(caller, records);

/** The trainee's copies of its record's scope columns (null while it has no record). */
const traineeRecordScope: TrainingScopeColumns = {
  educationalOrganizationId: trainees.recordEducationalOrganizationId,
  contractingOrganizationId: trainees.recordContractingOrganizationId,
  healthcareSocial: trainees.recordHealthcareSocial,
};

/** Trainees without a record (the record wizard offers only them: a trainee has one record at most); served by trainees_free_idx. */
export const freeTraineeCondition = (): SQL => isNull(trainees.recordEducationalOrganizationId);

/**
 * Trainees: those with a record in the caller's scope, and those with no record yet (records are created from them); the same
 * rows for reading and changing (a trainee has no organisation of its own). Read on the trainee's copies of its record's scope
 * columns (migration 0011_records_trainees_scope), which trainees_scope_idx carries: a page, even a deep one, reads the index alone.
 */
export function traineeScope(caller: Caller): SQL | undefined {
  const scope = trainingScope(caller, traineeRecordScope);
  if (!scope) return undefined;
  // `or` of two defined conditions is never undefined; drizzle types it loosely.
  return or(freeTraineeCondition(), scope) as SQL;
}

/** `sessionScope` for a statement prepared once. */
export const preparedSessionScope = (caller: Caller): PreparedScope => preparedTrainingScope(caller, sessions);

/** `recordScope` for a statement prepared once. */
export const preparedRecordScope = (caller: Caller): PreparedScope => preparedTrainingScope(caller, records);

/** `traineeScope` for a statement prepared once. */
export function preparedTraineeScope(caller: Caller): PreparedScope {
  const scope = preparedTrainingScope(caller, traineeRecordScope);
  return scope.condition ? { ...scope, condition: or(freeTraineeCondition(), scope.condition) as SQL } : scope;
}

/** Whether the row is within `scope`: the write check of a row the caller can read (then 403 rather than 404). */
export async function rowInScope(db: Executor, table: PgTable & { id: PgColumn }, id: string, scope: SQL | undefined): Promise<boolean> {
  if (!scope) return true;
  const [row] = await db.select({ id: table.id }).from(table).where(and(eq(table.id, id), scope));
  return row !== undefined;
}
