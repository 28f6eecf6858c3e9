/**
 * Records, write side. Every change states the version it was based on (`where version = …`) and bumps it, so of two concurrent
 * changes only one applies; none applies while an exchange with AGORA is under way (server/exchanges/). Every exchange, accepted
 * or refused, is kept in record_events (design.md "Record lifecycle").
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { RecordEventKind, RecordStatus } from "../../resources/records/enums";
import type { RecordInformation, RecordInternship } from "../../resources/records/schema";
import type { AgoraRecordFile } from "../agora/types";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { newId } from "../db/ids";
import { preparedOnce } from "../db/prepared";
import { recordEvents, records, sessions, trainees, trainings, type AgoraEventAnswer } from "../db/schema/index";
import { preparedSessionScope, preparedTraineeScope, recordScope } from "../scope/row-scope";

interface EventFields {
  kind: RecordEventKind;
  fromStatus: RecordStatus | null;
  toStatus: RecordStatus | null;
  answer: AgoraEventAnswer | null;
  success: boolean;
  /** A person's words about it (the reason an exchange was abandoned). */
  note?: string | null;
}

/** One entry of the record's history; the author's id is null when their account is gone (their name stays). */
export const insertEvent = (db: Executor, recordId: string, author: { id: string | null; name: string }, event: EventFields) =>
  preparedOnce(db, "record_event_inserted", (name) =>
    db
      .insert(recordEvents)
      .values({
        id: sql.placeholder("id"),
        recordId: sql.placeholder("recordId"),
        employeeId: sql.placeholder("employeeId"),
        employeeName: sql.placeholder("employeeName"),
        kind: sql.placeholder("kind"),
        fromStatus: sql.placeholder("fromStatus"),
        toStatus: sql.placeholder("toStatus"),
        // Not through the column's encoder, which would store a null answer as JSON's null rather than SQL's.
        answer: sql`${sql.placeholder("answer")}::jsonb`,
        success: sql.placeholder("success"),
        note: sql.placeholder("note"),
      })
      .prepare(name),
  ).execute({ id: newId(), recordId, employeeId: author.id, employeeName: author.name, ...event, note: event.note ?? null, answer: event.answer && JSON.stringify(event.answer) });

/** What a new record is made of: the trainee and the session, each in the caller's scope; which one is missing otherwise. */
export async function creationSources(
  db: Executor,
  caller: Caller,
  ids: { traineeId: string; sessionId: string },
): Promise<{ file: AgoraRecordFile } | { missing: "trainee" | "session" }> {
  const traineeInScope = preparedTraineeScope(caller);
  const [trainee] = await preparedOnce(db, `creation_trainee_${traineeInScope.key}`, (name) =>
    db
      .select({ firstName: trainees.firstName, lastName: trainees.lastName, birthName: trainees.birthName, ssn: trainees.ssn, birthDate: trainees.birthDate })
      .from(trainees)
      .where(and(eq(trainees.id, sql.placeholder("id")), traineeInScope.condition))
      .prepare(name),
  ).execute({ id: ids.traineeId, ...traineeInScope.values });
  if (!trainee) return { missing: "trainee" };
  const sessionInScope = preparedSessionScope(caller);
  const [session] = await preparedOnce(db, `creation_session_${sessionInScope.key}`, (name) =>
    db
      .select({ startDate: sessions.startDate, endDate: sessions.endDate, name: trainings.name, number: trainings.number, actionNumber: trainings.actionNumber })
      .from(sessions)
      .innerJoin(trainings, eq(trainings.id, sessions.trainingId))
      .where(and(eq(sessions.id, sql.placeholder("id")), sessionInScope.condition))
      .prepare(name),
  ).execute({ id: ids.sessionId, ...sessionInScope.values });
  if (!session) return { missing: "session" };
  const { startDate, endDate, ...training } = session;
  return { file: { trainee, session: { startDate, endDate }, training } };
}

/**
 * Saves the entry/exit information or the internship review of a record in the caller's scope, if still at `version` and no
 * exchange with AGORA is under way. "missing": no such record for the caller; "stale": it changed since that version;
 * "exchanging": an exchange is under way (the `where` is judged on the row under its lock, so a concurrent step 1 is seen).
 */
export async function patchRecord(
  db: Executor,
  caller: Caller,
  id: string,
  values: Partial<RecordInformation & RecordInternship>,
  version: number,
): Promise<"saved" | "missing" | "stale" | "exchanging"> {
  const updated = await db
    .update(records)
    .set({ ...values, version: sql`${records.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(records.id, id), recordScope(caller), eq(records.version, version), isNull(records.pendingExchangeId)))
    .returning({ id: records.id });
  if (updated.length > 0) return "saved";
  const [row] = await db
    .select({ pendingExchangeId: records.pendingExchangeId })
    .from(records)
    .where(and(eq(records.id, id), recordScope(caller)));
  if (!row) return "missing";
  return row.pendingExchangeId ? "exchanging" : "stale";
}
