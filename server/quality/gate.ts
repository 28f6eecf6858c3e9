/**
 * The data-quality gate (design.md "Record lifecycle", issue 15): record creation, status changes and re-pushes run every check
 * first; a blocking failure is a 422 with `details.agora.type = 'quality'`, and nothing is sent to AGORA nor written.
 */
import type { AgoraErrorDetails } from "../../resources/records/agora-errors";
import { blockingChecks, type QualityCheck } from "../../resources/quality/check";
import { checkPushSubject } from "../../resources/quality/completeness";
import type { Executor } from "../db/connection";
import { refusedByAgora } from "../http/errors";
import { communeIndex, type CommuneIndex } from "./communes";
import { checkPlaces } from "./places";
import { creationSubject, recordSubjects, type QualitySubject } from "./subjects";

/** What is pushed: a record to create (its trainee and session), or an existing record. */
export type PushTarget = { traineeId: string; sessionId: string } | { recordId: string };

/** Every failing check of a subject, blocking first. */
export function checksOf(subject: QualitySubject, communes: CommuneIndex): QualityCheck[] {
  const checks = [...checkPushSubject(subject), ...checkPlaces(subject.places, communes)];
  return [...blockingChecks(checks), ...checks.filter((c) => c.level !== "blocking")];
}

/** Every failing check of a push, blocking first; [] when the target is gone (the route answers its own 404). */
export async function qualityChecksOf(db: Executor, target: PushTarget): Promise<QualityCheck[]> {
  const subject =
    "recordId" in target
      ? (await recordSubjects(db, [target.recordId])).get(target.recordId)
      : await creationSubject(db, target.traineeId, target.sessionId);
  return subject ? checksOf(subject, await communeIndex()) : [];
}

/**
 * The refusal of blocking failures, as AGORA's own are shaped: one message each; the code is the first failure's catalogue
 * entry, so 'Erreurs Agora' links to the page that fixes it.
 */
export function qualityRefusal(checks: readonly QualityCheck[]): AgoraErrorDetails | null {
  const failures = blockingChecks(checks);
  const first = failures[0];
  return first ? { type: "quality", code: first.agoraCode, message: failures.map((c) => c.message) } : null;
}

/** Throws the 422 when a blocking check fails; called before any AGORA call. */
export async function assertPushQuality(db: Executor, target: PushTarget): Promise<void> {
  const refusal = qualityRefusal(await qualityChecksOf(db, target));
  if (refusal) throw refusedByAgora(refusal);
}
