/**
 * Records, write side. Every change states the version it was based on (`where version = …`) and bumps it, so of two concurrent
 * changes only one applies; every exchange with AGORA, accepted or refused, is kept in record_events (design.md "Record lifecycle").
 */
import { and, eq, sql } from "drizzle-orm";
import type { AgoraErrorDetails } from "../../resources/records/agora-errors";
import type { RecordEventKind, RecordStatus, RejectionReason } from "../../resources/records/enums";
import type { RecordInformation, RecordInternship } from "../../resources/records/schema";
import { isClosedStatus } from "../../resources/records/status-transitions";
import type { AgoraRecordAccepted, AgoraRecordFile } from "../agora/types";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { newId } from "../db/ids";
import { recordEvents, records, sessions, trainees, trainings, type AgoraEventAnswer } from "../db/schema/index";
import { recordScope, sessionScope, traineeScope } from "../scope/row-scope";
import type { Author } from "./author";
import type { RecordWriteState } from "./records";

interface EventFields {
  kind: RecordEventKind;
  fromStatus: RecordStatus | null;
  toStatus: RecordStatus | null;
  answer: AgoraEventAnswer | null;
  success: boolean;
}

const insertEvent = (db: Executor, recordId: string, author: Author, event: EventFields) =>
  db.insert(recordEvents).values({ id: newId(), recordId, employeeId: author.id, employeeName: author.name, ...event });

/** What a new record is made of: the trainee and the session, each in the caller's scope; which one is missing otherwise. */
export async function creationSources(
  db: Executor,
  caller: Caller,
  ids: { traineeId: string; sessionId: string },
): Promise<{ file: AgoraRecordFile } | { missing: "trainee" | "session" }> {
  const [trainee] = await db
    .select({ firstName: trainees.firstName, lastName: trainees.lastName, birthName: trainees.birthName, ssn: trainees.ssn, birthDate: trainees.birthDate })
    .from(trainees)
    .where(and(eq(trainees.id, ids.traineeId), traineeScope(caller)));
  if (!trainee) return { missing: "trainee" };
  const [session] = await db
    .select({ startDate: sessions.startDate, endDate: sessions.endDate, name: trainings.name, number: trainings.number, actionNumber: trainings.actionNumber })
    .from(sessions)
    .innerJoin(trainings, eq(trainings.id, sessions.trainingId))
    .where(and(eq(sessions.id, ids.sessionId), sessionScope(caller)));
  if (!session) return { missing: "session" };
  const { startDate, endDate, ...training } = session;
  return { file: { trainee, session: { startDate, endDate }, training } };
}

/** Stores the record AGORA accepted, with its creation and the push in the history; planned dates are the session's. */
export async function insertRecord(
  db: Executor,
  ids: { traineeId: string; sessionId: string },
  file: AgoraRecordFile,
  accepted: AgoraRecordAccepted,
  author: Author,
): Promise<string> {
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(records).values({
      id,
      ...ids,
      agoraId: accepted.agoraId,
      status: accepted.status,
      plannedStartDate: file.session.startDate,
      plannedEndDate: file.session.endDate,
      // The data-quality gate has just passed on this trainee and session, and the record's own fields are still empty.
      qualityBlocking: false,
    });
    await insertEvent(tx, id, author, { kind: "CREATION", fromStatus: null, toStatus: accepted.status, answer: null, success: true });
    await insertEvent(tx, id, author, { kind: "PUSH", fromStatus: null, toStatus: accepted.status, answer: { accepted }, success: true });
  });
  return id;
}

/**
 * Keeps a refused exchange: its event, and the record marked blocking (last exchange failed). Nothing else changes: not the
 * status, the version nor the last update.
 */
export async function keepRefusal(
  db: Executor,
  state: RecordWriteState,
  author: Author,
  exchange: { kind: RecordEventKind; toStatus: RecordStatus },
  refused: AgoraErrorDetails,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(records).set({ lastExchangeFailed: true }).where(eq(records.id, state.id));
    await insertEvent(tx, state.id, author, { ...exchange, fromStatus: state.agora.status, answer: { refused }, success: false });
  });
}

/**
 * Applies an accepted status change or re-push, if the record is still at the version it was read at; false otherwise (another
 * change came first: the caller answers 409 and nothing is written).
 */
export async function applyExchange(
  db: Executor,
  state: RecordWriteState,
  author: Author,
  exchange: { kind: "STATUS" | "REPUSH"; reason: RejectionReason | null },
  accepted: AgoraRecordAccepted,
): Promise<boolean> {
  const from = state.agora.status;
  const to = accepted.status;
  const moved = from !== to;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(records)
      .set({
        status: to,
        lastExchangeFailed: false,
        version: sql`${records.version} + 1`,
        updatedAt: sql`now()`,
        ...(moved && isClosedStatus(to) ? { closedAt: sql`now()` } : {}),
        ...(to === "REJECTED" && exchange.reason ? { rejectionReason: exchange.reason, ...(moved ? { rejectedAt: sql`now()` } : {}) } : {}),
      })
      .where(and(eq(records.id, state.id), eq(records.version, state.version)))
      .returning({ id: records.id });
    if (updated.length === 0) return false;
    await insertEvent(tx, state.id, author, { kind: exchange.kind, fromStatus: from, toStatus: to, answer: { accepted }, success: true });
    return true;
  });
}

/**
 * Saves the entry/exit information or the internship review of a record in the caller's scope, if still at `version`.
 * "missing": no such record for the caller; "stale": it changed since that version.
 */
export async function patchRecord(
  db: Executor,
  caller: Caller,
  id: string,
  values: Partial<RecordInformation & RecordInternship>,
  version: number,
): Promise<"saved" | "missing" | "stale"> {
  const updated = await db
    .update(records)
    .set({ ...values, version: sql`${records.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(records.id, id), recordScope(caller), eq(records.version, version)))
    .returning({ id: records.id });
  if (updated.length > 0) return "saved";
  const [row] = await db.select({ id: records.id }).from(records).where(and(eq(records.id, id), recordScope(caller)));
  return row ? "stale" : "missing";
}
