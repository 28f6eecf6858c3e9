/**
 * What the data-quality checks read of a push (issue 15): the record, its trainee, its session, its training with its organisations'
 * SIRETs and its funders. Loaded for one record to create (the gate before a creation) or for a batch of existing records (the gate
 * before a status change or re-push, and the stored blocking flag of server/quality/record-flags.ts) with the same shape.
 */
import { asc, eq, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { PushSubject } from "../../resources/quality/completeness";
import type { Executor } from "../db/connection";
import { preparedOnce } from "../db/prepared";
import { organizations, records, sessions, trainees, trainingFunders, trainings } from "../db/schema/index";
import type { PlacesSubject } from "./places";

export type QualitySubject = PushSubject & { places: PlacesSubject };

const educational = alias(organizations, "educational");
const contracting = alias(organizations, "contracting");

const sessionColumns = {
  startDate: sessions.startDate,
  endDate: sessions.endDate,
  training: trainings,
  educationalSiret: educational.siret,
  contractingSiret: contracting.siret,
};

/** Joins a query on sessions to their training and its two organisations (a dynamic query: both loaders below read them). */
const withTraining = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(trainings, eq(trainings.id, sessions.trainingId))
    .innerJoin(educational, eq(educational.id, trainings.educationalOrganizationId))
    .innerJoin(contracting, eq(contracting.id, trainings.contractingOrganizationId));

interface SessionRow {
  startDate: string;
  endDate: string;
  training: typeof trainings.$inferSelect;
  educationalSiret: string | null;
  contractingSiret: string | null;
}
type TraineeRow = typeof trainees.$inferSelect;

/** The funders' SIRETs of these trainings, in their order. */
async function fundersOf(db: Executor, trainingIds: string[]): Promise<Map<string, { siret: string | null }[]>> {
  const byTraining = new Map<string, { siret: string | null }[]>(trainingIds.map((id) => [id, []]));
  if (trainingIds.length === 0) return byTraining;
  const rows = await preparedOnce(db, "quality_funders_of", (name) =>
    db
      .select({ trainingId: trainingFunders.trainingId, siret: trainingFunders.siret })
      .from(trainingFunders)
      .where(sql`${trainingFunders.trainingId} = any(${sql.placeholder("ids")}::text[])`)
      .orderBy(asc(trainingFunders.trainingId), asc(trainingFunders.position))
      .prepare(name),
  ).execute({ ids: trainingIds });
  for (const row of rows) byTraining.get(row.trainingId)?.push({ siret: row.siret });
  return byTraining;
}

function subject(trainee: TraineeRow, session: SessionRow, funders: { siret: string | null }[], record: PushSubject["record"]): QualitySubject {
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
    record,
    places: { trainee, trainingAddress: training.address },
  };
}

/** The subject of a record to create; undefined when the trainee or the session is gone. */
export async function creationSubject(db: Executor, traineeId: string, sessionId: string): Promise<QualitySubject | undefined> {
  const [trainee] = await preparedOnce(db, "quality_trainee", (name) =>
    db.select().from(trainees).where(eq(trainees.id, sql.placeholder("id"))).prepare(name),
  ).execute({ id: traineeId });
  const [session]: SessionRow[] = await preparedOnce(db, "quality_session", (name) =>
    withTraining(db.select(sessionColumns).from(sessions).$dynamic()).where(eq(sessions.id, sql.placeholder("id"))).prepare(name),
  ).execute({ id: sessionId });
  if (!trainee || !session) return undefined;
  const funders = await fundersOf(db, [session.training.id]);
  return subject(trainee, session, funders.get(session.training.id) ?? [], null);
}

/** The subjects of existing records, by record id (two queries whatever the batch's size); a missing record has none. */
export async function recordSubjects(db: Executor, recordIds: string[]): Promise<Map<string, QualitySubject>> {
  if (recordIds.length === 0) return new Map();
  const recordColumns = { id: records.id, realStartDate: records.realStartDate, realEndDate: records.realEndDate, employerSiret: records.employerSiret };
  const rows: (SessionRow & { record: { id: string } & NonNullable<PushSubject["record"]>; trainee: TraineeRow })[] = await preparedOnce(
    db,
    "quality_records",
    (name) =>
      withTraining(db.select({ ...sessionColumns, record: recordColumns, trainee: trainees }).from(sessions).$dynamic())
        .innerJoin(records, eq(records.sessionId, sessions.id))
        .innerJoin(trainees, eq(trainees.id, records.traineeId))
        .where(sql`${records.id} = any(${sql.placeholder("ids")}::text[])`)
        .prepare(name),
  ).execute({ ids: recordIds });
  const funders = await fundersOf(db, [...new Set(rows.map((row) => row.training.id))]);
  return new Map(
    rows.map(({ record: { id, ...record }, trainee, ...session }) => [id, subject(trainee, session, funders.get(session.training.id) ?? [], record)]),
  );
}
