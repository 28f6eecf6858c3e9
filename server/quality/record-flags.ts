/**
 * The stored verdict of the data-quality gate on each record (records.quality_blocking), so that the "dossiers bloquants" filter
 * includes the records a push would refuse (issue 15) and pages and counts in SQL like any list. The checks read the trainee, the
 * session, the training and its funders: each route writing one of them calls `refreshQualityFlags` with the records it touches,
 * after its write. Organisations' SIRETs never change after creation, and a status change does not change what the checks read.
 */
import { and, asc, gt, isNull, sql, type SQL } from "drizzle-orm";
import { blockingChecks } from "../../resources/quality/check";
import type { Executor } from "../db/connection";
import { records, sessions } from "../db/schema/index";
import { communeIndex } from "./communes";
import { checksOf } from "./gate";
import { recordSubjects } from "./subjects";

/** Records checked per round trip: two reads and one update each. */
const BATCH = 1_000;

export const recordsOfTrainee = (traineeId: string): SQL => sql`${records.traineeId} = ${traineeId}`;
export const recordsOfSession = (sessionId: string): SQL => sql`${records.sessionId} = ${sessionId}`;
export const recordsOfTraining = (trainingId: string): SQL =>
  sql`${records.sessionId} in (select ${sessions.id} from ${sessions} where ${sessions.trainingId} = ${trainingId})`;
export const recordById = (recordId: string): SQL => sql`${records.id} = ${recordId}`;
/** Records never checked: those of a database migrated from before the flag, or loaded in bulk (demo, bench). */
export const uncheckedRecords = (): SQL => isNull(records.qualityBlocking);

/**
 * Runs the blocking checks of the records matching `which`, in batches by id, and stores each verdict where it changed (neither
 * `updated_at` nor `version` moves: nothing the user wrote changed). Answers how many records were checked.
 */
export async function refreshQualityFlags(db: Executor, which: SQL): Promise<number> {
  let checked = 0;
  let after = "";
  for (;;) {
    const batch = await db.select({ id: records.id }).from(records).where(and(which, gt(records.id, after))).orderBy(asc(records.id)).limit(BATCH);
    if (batch.length === 0) return checked;
    const ids = batch.map((row) => row.id);
    // Loaded only when there is something to check: the server start usually finds nothing (8.6 MB of communes to parse).
    const communes = await communeIndex();
    const subjects = await recordSubjects(db, ids);
    const flags = ids.map((id) => {
      const subject = subjects.get(id);
      return subject !== undefined && blockingChecks(checksOf(subject, communes)).length > 0;
    });
    await db.execute(sql`
      update ${records} set quality_blocking = f.flag
      from unnest(${sql.param(ids)}::text[], ${sql.param(flags)}::boolean[]) as f(id, flag)
      where ${records.id} = f.id and ${records.qualityBlocking} is distinct from f.flag`);
    checked += ids.length;
    // A short batch was the last one: no round trip to find nothing (a save re-checks a record or a session's few).
    if (ids.length < BATCH) return checked;
    after = ids[ids.length - 1]!;
  }
}
