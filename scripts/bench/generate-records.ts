/**
 * Bench records: one per bench trainee at most (the product's rule), each on a random bench session, its status following the
 * session's dates as the lifecycle would (sessions to come: set up, validated or rejected; running: mostly in training;
 * past: mostly closed), with a share of records lagging their dates and of failed exchanges, so the blocking filter has rows
 * of each reason. No history: the bench measures lists. The search column is filled by the records' triggers (bulk-insert.ts).
 */
import type { RecordStatus } from "../../resources/common/record-statuses";
import { REJECTION_REASONS } from "../../resources/records/enums";
import { RECORDED_SHARE } from "./args";
import { DAY, type Row } from "./generate";
import { uuidV7At } from "./identifiers";
import { intBetween, pick, type Random } from "./random";

const REJECTIONS = Object.keys(REJECTION_REASONS);

/** A bench session as the records need it. */
export interface BenchSession {
  id: string;
  startDate: string;
  endDate: string;
}

/** What the records need of a generated session row (generate-sessions.ts). */
export const benchSessionOf = (row: Row): BenchSession => ({ id: row.id as string, startDate: row.start_date as string, endDate: row.end_date as string });


/** How many records a seed makes: as asked, but one per trainee at most, and some trainees left without one. */
export const recordCount = (asked: number, trainees: number) => Math.min(asked, Math.floor(trainees * RECORDED_SHARE));

/** A status of a record whose session stands where it does today; `lagging` records did not follow their session (blocking). */
function statusFor(random: Random, session: BenchSession, today: string): RecordStatus {
  const lagging = random() < 0.03;
  if (session.startDate > today) return pick(random, ["SETUP", "SETUP", "VALIDATED", "VALIDATED", "VALIDATED", "REJECTED"] as const);
  if (session.endDate >= today) {
    if (lagging) return pick(random, ["SETUP", "VALIDATED"] as const);
    return random() < 0.9 ? "START_OF_TRAINING" : "TERMINATED_NOT_DONE";
  }
  if (lagging) return "START_OF_TRAINING";
  return pick(random, ["END_OF_TRAINING", "TERMINATED_FULLY_DONE", "TERMINATED_FULLY_DONE", "TERMINATED_PARTIALLY_DONE", "TERMINATED_NOT_DONE"] as const);
}

const HOUR = 3_600_000;
const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY);

export function recordRow(i: number, random: Random, now: number, traineeId: string, session: BenchSession): Row {
  const today = new Date(now).toISOString().slice(0, 10);
  const status = statusFor(random, session, today);
  const created = Math.min(now - DAY, dayAfter(session.startDate, -intBetween(random, 10, 60)).getTime());
  const started = !["SETUP", "VALIDATED", "REJECTED"].includes(status);
  const ended = ["END_OF_TRAINING", "TERMINATED_FULLY_DONE", "TERMINATED_PARTIALLY_DONE"].includes(status);
  const closed = status.startsWith("TERMINATED_") || status === "REJECTED";
  // The last change: the session's end for the records that left it, its start for those in it, a few days after creation otherwise.
  // At a moment of the working day (7 h to 19 h UTC, to the millisecond), as a user's save is: not at midnight, where thousands of
  // records would share one instant.
  const changeDay = ended ? dayAfter(session.endDate, intBetween(random, 1, 15)).getTime() : started ? dayAfter(session.startDate, intBetween(random, 0, 3)).getTime() : created + intBetween(random, 0, 7) * DAY;
  const changed = Math.min(now - 60_000, changeDay + intBetween(random, 7 * HOUR, 19 * HOUR));
  const updated = Math.max(created, changed);
  return {
    id: uuidV7At(created, random),
    trainee_id: traineeId,
    session_id: session.id,
    status,
    // Our own range (DF9…): the simulator's numbers are hashes; a rare clash is skipped by the insert (on conflict do nothing).
    agora_id: `DF9${String(i).padStart(9, "0")}`,
    planned_start_date: session.startDate,
    planned_end_date: session.endDate,
    real_start_date: started ? session.startDate : null,
    real_end_date: ended ? session.endDate : null,
    rejection_reason: status === "REJECTED" ? pick(random, REJECTIONS) : null,
    rejected_at: status === "REJECTED" ? new Date(updated).toISOString() : null,
    closed_at: closed ? new Date(updated).toISOString() : null,
    last_exchange_failed: random() < 0.02,
    version: 1 + (started ? 2 : 0) + (ended ? 1 : 0) + (closed ? 1 : 0),
    created_at: new Date(created).toISOString(),
    updated_at: new Date(updated).toISOString(),
  };
}
