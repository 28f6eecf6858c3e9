import type { RecordStatus } from "../../resources/common/record-statuses";
import { RECORD_MSG } from "../../resources/records/messages";
import { blockingCutoff } from "../calendar/working-days";
import { NOT_ENDED_STATUSES, NOT_STARTED_STATUSES } from "./lagging-statuses";

/**
 * Why a record is a "dossier bloquant" (design.md "Record lifecycle"), for the record page. Pure: the list filter applies the
 * same rules in SQL with the same status lists and `blockingCutoff(today)`, so the page and the filter cannot disagree.
 */

/** In the order the record page lists them. */
export const BLOCKING_REASONS = {
  lastExchangeFailed: RECORD_MSG.blockingLastExchangeFailed,
  qualityBlocking: RECORD_MSG.blockingQuality,
  notStarted: RECORD_MSG.blockingNotStarted,
  notEnded: RECORD_MSG.blockingNotEnded,
} as const;
export type BlockingReasonCode = keyof typeof BLOCKING_REASONS;

export interface BlockingReason {
  code: BlockingReasonCode;
  message: string;
}

export interface BlockingFacts {
  status: RecordStatus;
  /** The session's dates, `YYYY-MM-DD`. */
  sessionStartDate: string;
  sessionEndDate: string;
  /** Whether the record's most recent AGORA exchange was refused or failed. */
  lastAgoraExchangeFailed: boolean;
  /** Whether a blocking data-quality check fails for the record's next push (records.quality_blocking). */
  qualityBlocking: boolean;
  /** The calendar day in France (`dayInFrance(new Date())`). */
  today: string;
}

export function blockingReasons(facts: BlockingFacts): BlockingReason[] {
  const cutoff = blockingCutoff(facts.today);
  const codes: BlockingReasonCode[] = [];
  if (facts.lastAgoraExchangeFailed) codes.push("lastExchangeFailed");
  if (facts.qualityBlocking) codes.push("qualityBlocking");
  if (NOT_STARTED_STATUSES.includes(facts.status) && facts.sessionStartDate <= cutoff) codes.push("notStarted");
  if (NOT_ENDED_STATUSES.includes(facts.status) && facts.sessionEndDate <= cutoff) codes.push("notEnded");
  return codes.map((code) => ({ code, message: BLOCKING_REASONS[code] }));
}
