import { sql, type SQL } from "drizzle-orm";
import { GLOBAL_ROLES } from "../../resources/permissions";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import type { TraineeRecord } from "../../resources/trainees/schema";

/**
 * Everything the trainees' routes know about records, in one place (design.md "Roles and scope").
 *
 * Records do not exist yet: every trainee is "without a record", so
 *  - `freeTraineeCondition` matches every trainee,
 *  - `traineeScope` lets every role see every trainee (a trainee with no record is visible to all: records are created from it),
 *  - `recordsOfTrainee` answers an empty list.
 * When the records table lands (records.trainee_id, records.session_id → sessions.training_id → trainings), only this file changes:
 *  - free:  `not exists (select 1 from records r where r.trainee_id = trainees.id)`
 *  - scope: free OR `exists (select 1 from records r … where r.trainee_id = trainees.id and <record in the caller's scope>)`
 *  - records: select id, title, status and the dates of the trainee's records in the caller's scope.
 */

/** Trainees without any record (`GET /api/trainees?freeTrainees=true`, used by the record wizard). */
export function freeTraineeCondition(): SQL | undefined {
  return undefined;
}

/** Trainees the caller may see: all for global roles; else those with a record in scope and those with no record yet. */
export function traineeScope(caller: Caller): SQL | undefined {
  if (GLOBAL_ROLES.includes(caller.role)) return undefined;
  return freeTraineeCondition() ?? sql`true`;
}

/** The trainee's records the caller may see, for the detail's records card. */
export async function recordsOfTrainee(_db: Executor, _caller: Caller, _traineeId: string): Promise<TraineeRecord[]> {
  return [];
}

/** Whether records still reference the trainee (deletion is then refused with 409). */
export async function traineeHasRecords(_db: Executor, _traineeId: string): Promise<boolean> {
  return false;
}
