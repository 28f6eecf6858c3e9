import { and, eq, ne, sql } from "drizzle-orm";
import type { TraineeListQuery } from "../../resources/trainees/list-query";
import type { TraineeRecord, TraineeUpdateValues, TraineeValues } from "../../resources/trainees/schema";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { newId } from "../db/ids";
import { listPage, listRows } from "../db/list-page";
import { preparedOnce } from "../db/prepared";
import { listOrder, type ListSelection, sortOf, whereOf } from "../db/list-selection";
import { records, sessions, trainees, trainings } from "../db/schema/index";
import { matchesSearch } from "../db/search";
import { freeTraineeCondition, preparedRecordScope, preparedTraineeScope, traineeScope } from "../scope/row-scope";

const columns = {
  id: trainees.id,
  firstName: trainees.firstName,
  lastName: trainees.lastName,
  birthName: trainees.birthName,
  email: trainees.email,
  phoneNumber: trainees.phoneNumber,
  gender: trainees.gender,
  ssn: trainees.ssn,
  ssnVerified: trainees.ssnVerified,
  birthDate: trainees.birthDate,
  address: trainees.address,
  department: trainees.department,
  situation: trainees.situation,
  bornInFrance: trainees.bornInFrance,
  createdDate: trainees.createdAt,
  updatedDate: trainees.updatedAt,
};

/**
 * The trainee's records the caller may see, for the detail's records card: titled by their training, with the dates the card
 * chooses from (real, planned, the session's). A trainee in scope has no record outside it (traineeScope); the scope is still
 * applied, as every read does.
 */
async function recordsOfTrainee(db: Executor, caller: Caller, traineeId: string): Promise<TraineeRecord[]> {
  const scope = preparedRecordScope(caller);
  return preparedOnce(db, `trainee_records_${scope.key}`, (name) =>
    db
      .select({
        id: records.id,
        title: trainings.name,
        status: records.status,
        plannedStartDate: records.plannedStartDate,
        realStartDate: records.realStartDate,
        plannedEndDate: records.plannedEndDate,
        realEndDate: records.realEndDate,
        startDateSession: sessions.startDate,
        endDateSession: sessions.endDate,
      })
      .from(records)
      .innerJoin(sessions, eq(sessions.id, records.sessionId))
      .innerJoin(trainings, eq(trainings.id, sessions.trainingId))
      .where(and(eq(records.traineeId, sql.placeholder("traineeId")), scope.condition))
      .orderBy(...listOrder(records))
      .prepare(name),
  ).execute({ traineeId, ...scope.values });
}

const listed = listRows("trainees_list", (db, condition, order) => db.select(columns).from(trainees).where(condition).orderBy(...order));

/** The sortable columns of TRAINEE_SORT_FIELDS. */
const sortColumns = {
  updatedDate: { column: trainees.updatedAt, kind: "timestamp" },
  lastName: { column: trainees.lastName, kind: "text" },
  birthName: { column: trainees.birthName, kind: "text" },
  firstName: { column: trainees.firstName, kind: "text" },
} as const;

/** The trainees list's conditions (scope, filters, search) and sort, for the list and its export. */
export function traineesListSelection(caller: Caller, query: TraineeListQuery): ListSelection {
  const filters = [
    traineeScope(caller),
    query.withoutRecord || query.freeTrainees ? freeTraineeCondition() : undefined,
    query.department ? eq(trainees.department, query.department) : undefined,
  ];
  return { where: whereOf(filters, matchesSearch(trainees.search, query.search)), sort: sortOf(sortColumns, query) };
}

export async function listTrainees(db: Executor, caller: Caller, query: TraineeListQuery) {
  const { where, sort } = traineesListSelection(caller, query);
  return listPage(db, trainees, where, query, listed, sort);
}

/** The trainee with its records when it exists and is in the caller's scope. */
export async function findTrainee(db: Executor, caller: Caller, id: string) {
  const scope = preparedTraineeScope(caller);
  const [row] = await preparedOnce(db, `trainee_by_id_${scope.key}`, (name) =>
    db.select(columns).from(trainees).where(and(eq(trainees.id, sql.placeholder("id")), scope.condition)).prepare(name),
  ).execute({ id, ...scope.values });
  if (!row) return undefined;
  return { ...row, records: await recordsOfTrainee(db, caller, id) };
}

/** Whether the trainee exists and is in the caller's scope (one row, without the detail's records). */
export async function traineeInScope(db: Executor, caller: Caller, id: string): Promise<boolean> {
  const [row] = await db.select({ id: trainees.id }).from(trainees).where(and(eq(trainees.id, id), traineeScope(caller)));
  return row !== undefined;
}

/** The product's trainee holding this NIR, whatever the caller's scope (the import must not create a duplicate). */
export async function traineeIdBySsn(db: Executor, ssn: string): Promise<string | undefined> {
  const [row] = await db.select({ id: trainees.id }).from(trainees).where(eq(trainees.ssn, ssn));
  return row?.id;
}

/** The trainee other than `exceptId` using this e-mail, whatever the caller's scope. */
export async function traineeIdByEmail(db: Executor, email: string, exceptId?: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: trainees.id })
    .from(trainees)
    .where(and(eq(trainees.email, email), exceptId ? ne(trainees.id, exceptId) : undefined));
  return row?.id;
}

export async function insertTrainee(db: Executor, values: TraineeValues, ssnVerified: boolean): Promise<string> {
  const id = newId();
  await db.insert(trainees).values({ id, ...values, ssnVerified });
  return id;
}

/** Changes the trainee when it is in the caller's scope; false when no such row (nothing changed). */
export async function updateTrainee(db: Executor, caller: Caller, id: string, values: TraineeUpdateValues): Promise<boolean> {
  const { rowCount } = await db
    .update(trainees)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(trainees.id, id), traineeScope(caller)));
  return rowCount === 1;
}

/** Deletes the trainee when it is in the caller's scope; false when no such row. */
export async function deleteTrainee(db: Executor, caller: Caller, id: string): Promise<boolean> {
  const { rowCount } = await db.delete(trainees).where(and(eq(trainees.id, id), traineeScope(caller)));
  return rowCount === 1;
}
