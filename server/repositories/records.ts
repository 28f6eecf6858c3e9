/** Records, read side: the list, the detail with its history, and the state a write starts from (always within the caller's scope). */
import { and, desc, eq, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { RecordListQuery } from "../../resources/records/list-query";
import type { RecordAnswerInput, RecordListItemInput } from "../../resources/records/schema";
import { closedTooLongAgo } from "../../resources/records/status-transitions";
import type { AgoraRecordState } from "../agora/types";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { listPage, listRows } from "../db/list-page";
import { preparedOnce } from "../db/prepared";
import { type ListSelection, sortOf, whereOf } from "../db/list-selection";
import { agoraExchanges, organizations, recordEvents, recordFse, records, sessions, trainees, trainings } from "../db/schema/index";
import { matchesSearch } from "../db/search";
import { periodRecentFirst, recordFilters } from "./record-filters";
import { blockingCondition } from "../records/blocking-condition";
import { blockingReasons } from "../records/blocking-reasons";
import { preparedRecordScope, recordScope } from "../scope/row-scope";
import { recordReasons, recordsWithReasons } from "../todo/reasons";
import { recordTodoCondition } from "../todo/rules";

/**
 * The record's FSE surveys (0 to 3): a select-list subquery, so it runs for the page's rows only (after the late row lookup),
 * one probe of record_fse_record_period_unique each.
 */
const fsesCount = sql<number>`(select count(*)::int from ${recordFse} where ${recordFse.recordId} = ${records.id})`;

const educational = alias(organizations, "educational");

const listTrainee = { id: trainees.id, firstName: trainees.firstName, lastName: trainees.lastName, birthDate: trainees.birthDate };

/** The record's columns the list shows or derives from (toListItem), not the whole row: 50 rows of 52 columns cost their decoding. */
const listRecord = {
  id: records.id,
  agoraId: records.agoraId,
  status: records.status,
  lastExchangeFailed: records.lastExchangeFailed,
  closedAt: records.closedAt,
  createdAt: records.createdAt,
  updatedAt: records.updatedAt,
};

const listColumns = {
  record: listRecord,
  fsesCount,
  trainee: listTrainee,
  session: { id: sessions.id, startDate: sessions.startDate, endDate: sessions.endDate },
  training: {
    id: trainings.id,
    name: trainings.name,
    number: trainings.number,
    actionNumber: trainings.actionNumber,
    fse: trainings.fse,
    healthcareSocial: trainings.healthcareSocial,
  },
  educational: { id: educational.id, name: educational.name, siret: educational.siret },
};

/** The detail (and what AGORA is sent) reads the trainee's NIR and birth name too; the list does not (no column shows them). */
const columns = { ...listColumns, record: records, trainee: { ...listTrainee, birthName: trainees.birthName, ssn: trainees.ssn } };

/** The joins both selections read (the record's trainee, session, training and educational organisation). */
const joined = <Q extends PgSelect>(query: Q) =>
  query
    .innerJoin(trainees, eq(trainees.id, records.traineeId))
    .innerJoin(sessions, eq(sessions.id, records.sessionId))
    .innerJoin(trainings, eq(trainings.id, sessions.trainingId))
    .innerJoin(educational, eq(educational.id, trainings.educationalOrganizationId));

const baseQuery = (db: Executor) => joined(db.select(columns).from(records).$dynamic());

/** The same rows with the list's columns. */
const listQuery = (db: Executor) => joined(db.select(listColumns).from(records).$dynamic());

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];
type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>["execute"]>>[number];

/** A record with the detail's columns, in the caller's scope: every detail read and write reads it (server/db/prepared.ts). */
function recordById(db: Executor, caller: Caller, id: string): Promise<Row[]> {
  const scope = preparedRecordScope(caller);
  return preparedOnce(db, `record_by_id_${scope.key}`, (name) =>
    baseQuery(db).where(and(eq(records.id, sql.placeholder("id")), scope.condition)).prepare(name),
  ).execute({ id, ...scope.values });
}

const listed = listRows("records_list", (db, condition, order) => listQuery(db).where(condition).orderBy(...order));

/** When a closed record stops being operable (design.md "Record lifecycle", code 1047): the app's clock and CLOSED_RECORD_MONTHS. */
export interface ClosingLimit {
  now: Date;
  months: number;
}

function toListItem(row: ListRow, limit: ClosingLimit): RecordListItemInput {
  const r = row.record;
  const { id, firstName, lastName, birthDate } = row.trainee;
  const trainee = { id, firstName, lastName, birthDate };
  const { actionNumber: _actionNumber, ...training } = row.training;
  return {
    id: r.id,
    agoraId: r.agoraId,
    status: r.status,
    trainee,
    session: { ...row.session, training: { ...training, educationalOrganization: row.educational } },
    fsesCount: row.fsesCount,
    lastExchangeFailed: r.lastExchangeFailed,
    pastClosingLimit: r.closedAt !== null && closedTooLongAgo(r.closedAt, limit.now, limit.months),
    createdDate: r.createdAt,
    updatedDate: r.updatedAt,
  };
}

async function eventsOf(db: Executor, recordId: string): Promise<RecordAnswerInput["events"]> {
  const rows = await preparedOnce(db, "record_events_of", (name) =>
    db.select().from(recordEvents).where(eq(recordEvents.recordId, sql.placeholder("recordId"))).orderBy(desc(recordEvents.at), desc(recordEvents.id)).prepare(name),
  ).execute({ recordId });
  return rows.map((e) => ({
    id: e.id,
    at: e.at,
    employee: { id: e.employeeId, name: e.employeeName },
    kind: e.kind,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    success: e.success,
    answer: e.answer,
    ...(e.note === null ? {} : { note: e.note }),
  }));
}

/** The record's exchanges with AGORA, newest first; 50 at most (a record sees a handful in its life). */
async function exchangesOf(db: Executor, recordId: string): Promise<RecordAnswerInput["exchanges"]> {
  const rows = await preparedOnce(db, "record_exchanges_of", (name) =>
    db
      .select()
      .from(agoraExchanges)
      .where(eq(agoraExchanges.recordId, sql.placeholder("recordId")))
      .orderBy(desc(agoraExchanges.createdAt), desc(agoraExchanges.id))
      .limit(50)
      .prepare(name),
  ).execute({ recordId });
  return rows.map((x) => ({
    id: x.id,
    kind: x.kind,
    state: x.state,
    toStatus: x.toStatus,
    employee: { id: x.employeeId, name: x.employeeName },
    createdAt: x.createdAt,
    settledAt: x.settledAt,
    attempts: x.attempts,
    lastError: x.lastError,
  }));
}

function toRecord(row: Row, history: Pick<RecordAnswerInput, "events" | "exchanges">, today: string, limit: ClosingLimit): RecordAnswerInput {
  const r = row.record;
  const blocking = { status: r.status, lastAgoraExchangeFailed: r.lastExchangeFailed, qualityBlocking: r.qualityBlocking === true, today };
  const item = toListItem(row, limit);
  return {
    ...item,
    trainee: { ...item.trainee, ssn: row.trainee.ssn },
    blockingReasons: blockingReasons({ ...blocking, sessionStartDate: row.session.startDate, sessionEndDate: row.session.endDate }),
    version: r.version,
    plannedStartDate: r.plannedStartDate,
    plannedEndDate: r.plannedEndDate,
    realStartDate: r.realStartDate,
    realEndDate: r.realEndDate,
    startDateSession: row.session.startDate,
    endDateSession: row.session.endDate,
    employmentObligation: r.employmentObligation,
    studyLevel: r.studyLevel,
    studyGrade: r.studyGrade,
    professionalSituation: r.professionalSituation,
    jobStatus: r.jobStatus,
    contractType: r.contractType,
    professionalCategory: r.professionalCategory,
    employerCategory: r.employerCategory,
    employerSiret: r.employerSiret,
    codeUrssaf: r.codeUrssaf,
    exitReason: r.exitReason,
    rejectionReason: r.rejectionReason,
    rejectionDate: r.rejectedAt,
    closedDate: r.closedAt,
    internshipStartDate: r.internshipStartDate,
    internshipEndDate: r.internshipEndDate,
    internshipCompanyName: r.internshipCompanyName,
    internshipTutorAssessment: r.internshipTutorAssessment,
    internshipTrainingResult: r.internshipTrainingResult,
    internshipProspects: r.internshipProspects,
    ...history,
  };
}

/** The sortable columns of RECORD_SORT_FIELDS. */
const sortColumns = {
  updatedDate: { column: records.updatedAt, kind: "timestamp" },
  createdDate: { column: records.createdAt, kind: "timestamp" },
  status: { column: records.statusRank, kind: "rank" },
  agoraId: { column: records.agoraId, kind: "text" },
  traineeName: { column: records.traineeName, kind: "text" },
  sessionStartDate: { column: records.sessionStartDate, kind: "date" },
} as const;

/** `today`: the calendar day in France, for the blocking filter. */
export function recordsListSelection(caller: Caller, query: RecordListQuery, today: string): ListSelection {
  const filters = [
    recordScope(caller),
    ...recordFilters(query),
    query.filterAnomalies ? blockingCondition(today) : undefined,
    query.todo && recordTodoCondition(query.todo, today),
  ];
  return { where: whereOf(filters, matchesSearch(records.search, query.search), periodRecentFirst(query)), sort: sortOf(sortColumns, query) };
}

export async function listRecords(db: Executor, caller: Caller, query: RecordListQuery, today: string, limit: ClosingLimit) {
  const { where, sort } = recordsListSelection(caller, query, today);
  const { rows, ...rest } = await listPage(db, records, where, query, listed, sort);
  const items = rows.map((row) => toListItem(row, limit));
  if (!recordsWithReasons(query)) return { rows: items, ...rest };
  const reasons = await recordReasons(db, items.map((item) => item.id), query, today);
  return { rows: items.map((item) => ({ ...item, reason: reasons.get(item.id) })), ...rest };
}

/** The record with its history and why it is blocking as of `today` (the day in France), when it exists and the caller may see it. */
export async function findRecord(db: Executor, caller: Caller, id: string, today: string, limit: ClosingLimit): Promise<RecordAnswerInput | undefined> {
  const [row] = await recordById(db, caller, id);
  if (!row) return undefined;
  const [events, exchanges] = await Promise.all([eventsOf(db, id), exchangesOf(db, id)]);
  return toRecord(row, { events, exchanges }, today, limit);
}

/** What a write starts from: the record as AGORA is told of it, its version, and whether its training is healthcare-social. */
export interface RecordWriteState {
  id: string;
  version: number;
  healthcareSocial: boolean;
  /** The exchange with AGORA under way, if any: the record takes no other change meanwhile. */
  pendingExchangeId: string | null;
  agora: AgoraRecordState;
}

function toWriteState(row: Row): RecordWriteState {
  const r = row.record;
  const { id: _traineeId, ...trainee } = row.trainee;
  return {
    id: r.id,
    version: r.version,
    healthcareSocial: row.training.healthcareSocial,
    pendingExchangeId: r.pendingExchangeId,
    agora: {
      trainee,
      session: { startDate: row.session.startDate, endDate: row.session.endDate },
      training: { name: row.training.name, number: row.training.number, actionNumber: row.training.actionNumber },
      agoraId: r.agoraId,
      status: r.status,
      closedAt: r.closedAt?.toISOString() ?? null,
    },
  };
}

export async function findRecordState(db: Executor, caller: Caller, id: string): Promise<RecordWriteState | undefined> {
  const [row] = await recordById(db, caller, id);
  return row ? toWriteState(row) : undefined;
}

/** The same, with the record row locked until the transaction ends (an exchange's step 1). */
export async function lockRecordState(tx: Executor, caller: Caller, id: string): Promise<RecordWriteState | undefined> {
  const scope = preparedRecordScope(caller);
  const [row] = await preparedOnce(tx, `record_by_id_locked_${scope.key}`, (name) =>
    baseQuery(tx).where(and(eq(records.id, sql.placeholder("id")), scope.condition)).for("update", { of: records }).prepare(name),
  ).execute({ id, ...scope.values });
  return row ? toWriteState(row) : undefined;
}
