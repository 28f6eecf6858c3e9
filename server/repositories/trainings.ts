import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { TrainingListQuery } from "../../resources/trainings/list-query";
import { alias } from "drizzle-orm/pg-core";
import {
  withForcedValues,
  keepApplicableAmounts,
  type TrainingRow,
  type TrainingListItemInput,
  type TrainingBody,
  type TrainingFunder,
} from "../../resources/trainings/schema";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { newId } from "../db/ids";
import { listPage, listRows } from "../db/list-page";
import { type ListSelection, sortOf, whereOf } from "../db/list-selection";
import { preparedOnce } from "../db/prepared";
import { organizations, sessions, trainingFunders, trainings } from "../db/schema/index";
import { matchesSearch } from "../db/search";
import { trainingScope } from "../scope/row-scope";

/** Sessions using a training (all of them, whoever may see them: a training with sessions cannot be deleted); read from sessions_training_idx. */
const sessionsCount = sql<number>`(select count(*)::int from ${sessions} s where s.training_id = ${trainings.id})`;

const educational = alias(organizations, "educational");
const contracting = alias(organizations, "contracting");

const columns = {
  id: trainings.id,
  sessionsCount,
  createdDate: trainings.createdAt,
  updatedDate: trainings.updatedAt,
  row: trainings,
  educational: { id: educational.id, name: educational.name, siret: educational.siret },
  contracting: { id: contracting.id, name: contracting.name, siret: contracting.siret },
};

const baseQuery = (db: Executor) =>
  db
    .select(columns)
    .from(trainings)
    .innerJoin(educational, eq(educational.id, trainings.educationalOrganizationId))
    .innerJoin(contracting, eq(contracting.id, trainings.contractingOrganizationId));

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

/** A list row: the columns of trainingListItemAnswer only (the whole row and the funders are the show page's). */
const listColumns = {
  id: trainings.id,
  sessionsCount,
  name: trainings.name,
  number: trainings.number,
  marketNumber: trainings.marketNumber,
  actionNumber: trainings.actionNumber,
  healthcareSocial: trainings.healthcareSocial,
  fse: trainings.fse,
  forecastedCenterHourDuration: trainings.forecastedCenterHourDuration,
  forecastedCompanyHourDuration: trainings.forecastedCompanyHourDuration,
  actualCenterHourDuration: trainings.actualCenterHourDuration,
  actualCompanyHourDuration: trainings.actualCompanyHourDuration,
  educational: columns.educational,
  contracting: columns.contracting,
};

const listed = listRows("trainings_list", (db, condition, order) =>
  db
    .select(listColumns)
    .from(trainings)
    .innerJoin(educational, eq(educational.id, trainings.educationalOrganizationId))
    .innerJoin(contracting, eq(contracting.id, trainings.contractingOrganizationId))
    .where(condition)
    .orderBy(...order),
);

type ListRow = Awaited<ReturnType<ReturnType<ReturnType<typeof listed.select>["prepare"]>["execute"]>>[number];

// Spelled out: an object rest (`...information`) took about 5 µs a row in V8's runtime, a third of the list's own CPU (profile).
const toListItem = (row: ListRow): TrainingListItemInput => ({
  id: row.id,
  sessionsCount: row.sessionsCount,
  information: {
    name: row.name,
    number: row.number,
    marketNumber: row.marketNumber,
    actionNumber: row.actionNumber,
    healthcareSocial: row.healthcareSocial,
    fse: row.fse,
    forecastedCenterHourDuration: row.forecastedCenterHourDuration,
    forecastedCompanyHourDuration: row.forecastedCompanyHourDuration,
    actualCenterHourDuration: row.actualCenterHourDuration,
    actualCompanyHourDuration: row.actualCompanyHourDuration,
    educationalOrganization: row.educational,
    contractingOrganization: row.contracting,
  },
});

/** The funders of the given trainings, prepared once (server/db/prepared.ts): every training read reads them. */
const fundersQuery = (db: Executor) =>
  preparedOnce(db, "training_funders_of", (name) =>
    db
      .select()
      .from(trainingFunders)
      .where(sql`${trainingFunders.trainingId} = any(${sql.placeholder("ids")}::text[])`)
      .orderBy(trainingFunders.trainingId, trainingFunders.position)
      .prepare(name),
  );

async function fundersOf(db: Executor, trainingIds: string[]): Promise<Map<string, TrainingFunder[]>> {
  const byTraining = new Map<string, TrainingFunder[]>();
  if (trainingIds.length === 0) return byTraining;
  const rows = await fundersQuery(db).execute({ ids: trainingIds });
  for (const { trainingId, position: _position, ...funder } of rows) {
    const list = byTraining.get(trainingId) ?? [];
    list.push(funder);
    byTraining.set(trainingId, list);
  }
  return byTraining;
}

function toTraining(row: Row, funders: TrainingFunder[]): TrainingRow {
  const t = row.row;
  return {
    id: row.id,
    sessionsCount: row.sessionsCount,
    fundersCount: funders.length,
    funders,
    information: {
      name: t.name,
      number: t.number,
      marketNumber: t.marketNumber,
      actionNumber: t.actionNumber,
      address: t.address,
      objective: t.objective,
      device: t.device,
      type: t.type,
      teachingMethods: t.teachingMethods,
      healthcareSocial: t.healthcareSocial,
      skillsAssessment: t.skillsAssessment,
      skillsValidation: t.skillsValidation,
      fse: t.fse,
      forecastedCenterHourDuration: t.forecastedCenterHourDuration,
      forecastedCompanyHourDuration: t.forecastedCompanyHourDuration,
      actualCenterHourDuration: t.actualCenterHourDuration,
      actualCompanyHourDuration: t.actualCompanyHourDuration,
      cpfCode: t.cpfCode,
      fundingOrganizationForCPFHours: t.fundingOrganizationForCpfHours,
      coverageOfEducationalCostsForCPFHours: t.coverageOfEducationalCostsForCpfHours,
      educationalOrganization: row.educational,
      contractingOrganization: row.contracting,
    },
    createdDate: row.createdDate,
    updatedDate: row.updatedDate,
  };
}

/** The sortable columns of TRAINING_SORT_FIELDS. */
const sortColumns = {
  updatedDate: { column: trainings.updatedAt, kind: "timestamp" },
  name: { column: trainings.name, kind: "text" },
  number: { column: trainings.number, kind: "text" },
} as const;

/** The trainings list's conditions (scope, filters, search) and sort, for the list and its export. */
export function trainingsListSelection(caller: Caller, query: TrainingListQuery): ListSelection {
  const filters = [
    trainingScope(caller),
    query.organizationId
      ? or(eq(trainings.educationalOrganizationId, query.organizationId), eq(trainings.contractingOrganizationId, query.organizationId))
      : undefined,
    query.fse === undefined ? undefined : eq(trainings.fse, query.fse),
    query.healthcare === undefined ? undefined : eq(trainings.healthcareSocial, query.healthcare),
  ];
  return { where: whereOf(filters, matchesSearch(trainings.search, query.search)), sort: sortOf(sortColumns, query) };
}

export async function listTrainings(db: Executor, caller: Caller, query: TrainingListQuery) {
  const { where, sort } = trainingsListSelection(caller, query);
  const { rows, ...rest } = await listPage(db, trainings, where, query, listed, sort);
  return { rows: rows.map(toListItem), ...rest };
}

/** The training when it exists and the caller may see it. */
export async function findTraining(db: Executor, caller: Caller, id: string): Promise<TrainingRow | undefined> {
  const [row] = await baseQuery(db).where(and(eq(trainings.id, id), trainingScope(caller)));
  if (!row) return undefined;
  const funders = await fundersOf(db, [id]);
  return toTraining(row, funders.get(id) ?? []);
}

/** The product's training with this number and action number, whoever may see it (the import must not create a duplicate). */
export async function findTrainingIdByNumbers(db: Executor, number: string, actionNumber: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: trainings.id })
    .from(trainings)
    .where(and(eq(trainings.number, number), eq(trainings.actionNumber, actionNumber)));
  return row?.id;
}

export async function findOrganizationIdBySiret(db: Executor, siret: string): Promise<string | undefined> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.siret, siret));
  return row?.id;
}

export async function existingOrganizationIds(db: Executor, ids: string[]): Promise<Set<string>> {
  const rows = await db.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** The columns written from a validated body: forced CPF values, healthcareSocial from the device. */
export function trainingValues(body: TrainingBody) {
  const info = withForcedValues(body.information);
  return {
    name: info.name,
    number: info.number,
    marketNumber: info.marketNumber ?? null,
    actionNumber: info.actionNumber,
    address: info.address,
    objective: info.objective,
    device: info.device,
    type: info.type,
    teachingMethods: info.teachingMethods,
    healthcareSocial: info.healthcareSocial,
    skillsAssessment: info.skillsAssessment,
    skillsValidation: info.skillsValidation,
    fse: info.fse,
    forecastedCenterHourDuration: info.forecastedCenterHourDuration,
    forecastedCompanyHourDuration: info.forecastedCompanyHourDuration,
    actualCenterHourDuration: info.actualCenterHourDuration,
    actualCompanyHourDuration: info.actualCompanyHourDuration,
    cpfCode: info.cpfCode,
    fundingOrganizationForCpfHours: info.fundingOrganizationForCPFHours,
    coverageOfEducationalCostsForCpfHours: info.coverageOfEducationalCostsForCPFHours,
    educationalOrganizationId: info.educationalOrganizationId,
    contractingOrganizationId: info.contractingOrganizationId,
  };
}
export type TrainingValues = ReturnType<typeof trainingValues>;

/** Replaces the training's funders; a funder keeps its id when it already belonged to this training. */
async function replaceFunders(db: Executor, trainingId: string, body: TrainingBody, healthcareSocial: boolean) {
  const current = await db.select({ id: trainingFunders.id }).from(trainingFunders).where(eq(trainingFunders.trainingId, trainingId));
  const owned = new Set(current.map((f) => f.id));
  await db.delete(trainingFunders).where(eq(trainingFunders.trainingId, trainingId));
  if (body.funders.length === 0) return;
  await db.insert(trainingFunders).values(
    body.funders.map((funder, position) => {
      const { id, ...values } = keepApplicableAmounts(funder, healthcareSocial);
      return { ...values, id: id && owned.has(id) ? id : newId(), trainingId, position };
    }),
  );
}

export async function insertTraining(db: Executor, values: TrainingValues, body: TrainingBody): Promise<string> {
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(trainings).values({ id, ...values });
    await replaceFunders(tx, id, body, values.healthcareSocial);
  });
  return id;
}

/**
 * The training as the caller may see it, its row locked until the transaction ends: what a change checks cannot change
 * before it is written (as lockEmployee).
 */
export async function lockTraining(tx: Executor, caller: Caller, id: string): Promise<TrainingRow | undefined> {
  await tx.select({ id: trainings.id }).from(trainings).where(eq(trainings.id, id)).for("update");
  return findTraining(tx, caller, id);
}

/** Changes the training when it is in the caller's scope, inside the caller's transaction; false when no such row. */
export async function updateTraining(tx: Executor, caller: Caller, id: string, values: TrainingValues, body: TrainingBody): Promise<boolean> {
  const { rowCount } = await tx
    .update(trainings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(trainings.id, id), trainingScope(caller)));
  if (rowCount !== 1) return false;
  await replaceFunders(tx, id, body, values.healthcareSocial);
  return true;
}

export async function countSessionsOf(db: Executor, id: string): Promise<number> {
  const [row] = await db.select({ n: sessionsCount }).from(trainings).where(eq(trainings.id, id));
  return row?.n ?? 0;
}

/** Deletes the training when it is in the caller's scope; false when no such row. */
export async function deleteTraining(db: Executor, caller: Caller, id: string): Promise<boolean> {
  const { rowCount } = await db.delete(trainings).where(and(eq(trainings.id, id), trainingScope(caller)));
  return rowCount === 1;
}
