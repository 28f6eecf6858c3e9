/**
 * FSE surveys, read and write (spec part 2 §3 "Record FSE"). A survey is reached through its record: in the caller's scope
 * (recordScope) or not at all. Surveys are never deleted, so "the earlier periods exist" only ever goes from false to true:
 * checking it before the insert cannot be undone by a concurrent request, and the unique (record, period) settles two creations.
 */
import { and, eq, sql } from "drizzle-orm";
import type { FseAnswers, FsePeriod, RecordFseInput } from "../../resources/fse/schema";
import { FSE_PERIOD_ORDER } from "../../resources/fse/schema";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { newId } from "../db/ids";
import { recordFse, records, sessions, trainings } from "../db/schema/index";
import { recordScope } from "../scope/row-scope";

type SurveyRow = typeof recordFse.$inferSelect;

const toAnswer = (row: SurveyRow): RecordFseInput => ({
  id: row.id,
  recordId: row.recordId,
  period: row.period,
  information: { ...row.information, period: row.period },
  version: row.version,
  createdDate: row.createdAt,
  updatedDate: row.updatedAt,
});

/** The record a survey belongs to, in the caller's scope: whether its training asks for the FSE, and the periods already filled. */
export interface FseRecordState {
  trainingFse: boolean;
  periods: FsePeriod[];
}

export async function fseRecordState(db: Executor, caller: Caller, recordId: string): Promise<FseRecordState | undefined> {
  const [row] = await db
    .select({
      trainingFse: trainings.fse,
      periods: sql<FsePeriod[]>`array(select ${recordFse.period} from ${recordFse} where ${recordFse.recordId} = ${records.id})`,
    })
    .from(records)
    .innerJoin(sessions, eq(sessions.id, records.sessionId))
    .innerJoin(trainings, eq(trainings.id, sessions.trainingId))
    .where(and(eq(records.id, recordId), recordScope(caller)));
  return row;
}

/** The record's surveys in the order of the periods (entry, exit, six months). */
export async function surveysOf(db: Executor, recordId: string): Promise<RecordFseInput[]> {
  const rows = await db.select().from(recordFse).where(eq(recordFse.recordId, recordId));
  const rank = (period: FsePeriod) => FSE_PERIOD_ORDER.indexOf(period);
  return rows.sort((a, b) => rank(a.period) - rank(b.period)).map(toAnswer);
}

export async function insertSurvey(db: Executor, recordId: string, period: FsePeriod, information: FseAnswers): Promise<RecordFseInput> {
  const [row] = await db.insert(recordFse).values({ id: newId(), recordId, period, information }).returning();
  return toAnswer(row!);
}

/** A survey whose record is in the caller's scope, with that record's training FSE flag. */
export async function findSurvey(db: Executor, caller: Caller, id: string): Promise<{ survey: SurveyRow; trainingFse: boolean } | undefined> {
  const [row] = await db
    .select({ survey: recordFse, trainingFse: trainings.fse })
    .from(recordFse)
    .innerJoin(records, eq(records.id, recordFse.recordId))
    .innerJoin(sessions, eq(sessions.id, records.sessionId))
    .innerJoin(trainings, eq(trainings.id, sessions.trainingId))
    .where(and(eq(recordFse.id, id), recordScope(caller)));
  return row;
}

/**
 * Saves the answers if the survey is still at `version` (the one its page read; the one found otherwise) and bumps it; undefined
 * when another save came first (of two saves at once, one only applies).
 */
export async function updateSurvey(db: Executor, id: string, version: number, information: FseAnswers): Promise<RecordFseInput | undefined> {
  const [row] = await db
    .update(recordFse)
    .set({ information, version: sql`${recordFse.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(recordFse.id, id), eq(recordFse.version, version)))
    .returning();
  return row && toAnswer(row);
}
