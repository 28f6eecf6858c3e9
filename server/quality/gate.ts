/**
 * The data-quality gate (design.md "Record lifecycle", issue 15): record creation, status changes and re-pushes run every check
 * first; a blocking failure is a 422 with `details.agora.type = 'quality'`, and nothing is sent to AGORA nor written.
 */
import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AgoraErrorDetails } from "../../resources/records/agora-errors";
import { blockingChecks, type QualityCheck } from "../../resources/quality/check";
import { checkPushSubject, type PushSubject } from "../../resources/quality/completeness";
import type { Executor } from "../db/connection";
import { organizations, records, sessions, trainees, trainingFunders, trainings } from "../db/schema/index";
import { refusedByAgora } from "../http/errors";
import { communeIndex } from "./communes";
import { checkPlaces, type PlacesSubject } from "./places";

/** What is pushed: a record to create (its trainee and session), or an existing record. */
export type PushTarget = { traineeId: string; sessionId: string } | { recordId: string };

const educational = alias(organizations, "educational");
const contracting = alias(organizations, "contracting");

type Subject = PushSubject & { places: PlacesSubject };

async function recordOf(db: Executor, recordId: string) {
  const [row] = await db
    .select({
      traineeId: records.traineeId,
      sessionId: records.sessionId,
      realStartDate: records.realStartDate,
      realEndDate: records.realEndDate,
      employerSiret: records.employerSiret,
    })
    .from(records)
    .where(eq(records.id, recordId));
  return row;
}

/** The record, its trainee, its session and its training as the checks read them; undefined when one of them is gone. */
async function subjectOf(db: Executor, target: PushTarget): Promise<Subject | undefined> {
  const stored = "recordId" in target ? await recordOf(db, target.recordId) : undefined;
  const ids = stored ?? ("traineeId" in target ? target : undefined);
  if (!ids) return undefined;
  const [trainee] = await db.select().from(trainees).where(eq(trainees.id, ids.traineeId));
  const [session] = await db
    .select({
      startDate: sessions.startDate,
      endDate: sessions.endDate,
      training: trainings,
      educationalSiret: educational.siret,
      contractingSiret: contracting.siret,
    })
    .from(sessions)
    .innerJoin(trainings, eq(trainings.id, sessions.trainingId))
    .innerJoin(educational, eq(educational.id, trainings.educationalOrganizationId))
    .innerJoin(contracting, eq(contracting.id, trainings.contractingOrganizationId))
    .where(eq(sessions.id, ids.sessionId));
  if (!trainee || !session) return undefined;
  const funders = await db
    .select({ siret: trainingFunders.siret })
    .from(trainingFunders)
    .where(eq(trainingFunders.trainingId, session.training.id))
    .orderBy(asc(trainingFunders.position));
  const { training } = session;
  return {
    trainee,
    session: { startDate: session.startDate, endDate: session.endDate },
    training: {
      name: training.name,
      number: training.number,
      actionNumber: training.actionNumber,
      address: training.address,
      educationalOrganizationSiret: session.educationalSiret,
      contractingOrganizationSiret: session.contractingSiret,
      funders,
    },
    record: stored ? { realStartDate: stored.realStartDate, realEndDate: stored.realEndDate, employerSiret: stored.employerSiret } : null,
    places: { trainee, trainingAddress: training.address },
  };
}

/** Every failing check of a push, blocking first; [] when the target is gone (the route answers its own 404). */
export async function qualityChecksOf(db: Executor, target: PushTarget): Promise<QualityCheck[]> {
  const subject = await subjectOf(db, target);
  if (!subject) return [];
  const checks = [...checkPushSubject(subject), ...checkPlaces(subject.places, await communeIndex())];
  return [...blockingChecks(checks), ...checks.filter((c) => c.level !== "blocking")];
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
