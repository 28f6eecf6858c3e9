/** Records, read side: the list, the detail with its history, and the state a write starts from (always within the caller's scope). */
import { and, desc, eq, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { RecordAnswerInput, RecordListItemInput } from "../../resources/records/schema";
import type { AgoraRecordState } from "../agora/types";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { listOrder, listPage, listRows, type PageQuery, whereOf } from "../db/list-page";
import { organizations, recordEvents, recordFse, records, sessions, trainees, trainings } from "../db/schema/index";
import { matchesSearch } from "../db/search";
import { blockingCondition } from "../records/blocking-condition";
import { blockingReasons } from "../records/blocking-reasons";
import { recordScope } from "../scope/row-scope";

/**
 * The record's FSE surveys (0 to 3): a select-list subquery, so it runs for the page's rows only (after the late row lookup),
 * one probe of record_fse_record_period_unique each.
 */
const fsesCount = sql<number>`(select count(*)::int from ${recordFse} where ${recordFse.recordId} = ${records.id})`;

const educational = alias(organizations, "educational");

const listTrainee = { id: trainees.id, firstName: trainees.firstName, lastName: trainees.lastName, birthDate: trainees.birthDate };

const listColumns = {
  record: records,
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
const columns = { ...listColumns, trainee: { ...listTrainee, birthName: trainees.birthName, ssn: trainees.ssn } };

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

const listed = listRows("records_list", (db, condition) => listQuery(db).where(condition).orderBy(...listOrder(records)));

function toListItem(row: ListRow): RecordListItemInput {
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
    createdDate: r.createdAt,
    updatedDate: r.updatedAt,
  };
}

async function eventsOf(db: Executor, recordId: string): Promise<RecordAnswerInput["events"]> {
  const rows = await db
    .select()
    .from(recordEvents)
    .where(eq(recordEvents.recordId, recordId))
    .orderBy(desc(recordEvents.at), desc(recordEvents.id));
  return rows.map((e) => ({
    id: e.id,
    at: e.at,
    employee: { id: e.employeeId, name: e.employeeName },
    kind: e.kind,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    success: e.success,
    answer: e.answer,
  }));
}

function toRecord(row: Row, events: RecordAnswerInput["events"], today: string): RecordAnswerInput {
  const r = row.record;
  const blocking = { status: r.status, lastAgoraExchangeFailed: r.lastExchangeFailed, qualityBlocking: r.qualityBlocking === true, today };
  const item = toListItem(row);
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
    events,
  };
}

export interface RecordListQuery extends PageQuery {
  search?: string;
  /** Only the blocking records ("dossiers bloquants"). */
  filterAnomalies?: boolean;
}

/** `today`: the calendar day in France, for the blocking filter. */
export async function listRecords(db: Executor, caller: Caller, query: RecordListQuery, today: string) {
  const where = whereOf(
    [recordScope(caller), query.filterAnomalies ? blockingCondition(today) : undefined],
    matchesSearch(records.search, query.search),
  );
  const { rows, ...rest } = await listPage(db, records, where, query, listed);
  return { rows: rows.map(toListItem), ...rest };
}

/** The record with its history and why it is blocking as of `today` (the day in France), when it exists and the caller may see it. */
export async function findRecord(db: Executor, caller: Caller, id: string, today: string): Promise<RecordAnswerInput | undefined> {
  const [row] = await baseQuery(db).where(and(eq(records.id, id), recordScope(caller)));
  if (!row) return undefined;
  return toRecord(row, await eventsOf(db, id), today);
}

/** What a write starts from: the record as AGORA is told of it, its version, and whether its training is healthcare-social. */
export interface RecordWriteState {
  id: string;
  version: number;
  healthcareSocial: boolean;
  agora: AgoraRecordState;
}

export async function findRecordState(db: Executor, caller: Caller, id: string): Promise<RecordWriteState | undefined> {
  const [row] = await baseQuery(db).where(and(eq(records.id, id), recordScope(caller)));
  if (!row) return undefined;
  const r = row.record;
  const { id: _traineeId, ...trainee } = row.trainee;
  return {
    id: r.id,
    version: r.version,
    healthcareSocial: row.training.healthcareSocial,
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
