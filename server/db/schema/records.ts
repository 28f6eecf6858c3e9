import { sql, type Column } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import type {
  ContractType,
  EmployerCategory,
  EmploymentObligation,
  ExitReason,
  JobStatus,
  ProfessionalCategory,
  ProfessionalSituation,
  RecordStatus,
  RejectionReason,
  StudyGrade,
  StudyLevel,
} from "../../../resources/records/enums";
import { RECORD_STATUS_ORDER, recordStatusRank } from "../../../resources/common/record-statuses";
import { NOT_ENDED_STATUSES, NOT_STARTED_STATUSES } from "../../records/lagging-statuses";
import { todoIndexes } from "./records-todo";
import { sortIndexes } from "./sort-indexes";
import { french } from "../collation";
import { sessions } from "./sessions";
import { trainees } from "./trainees";

/** SQL text of a list of statuses (constants of this code base, not user input). */
const sqlList = (statuses: readonly string[]) => statuses.map((status) => `'${status}'`).join(", ");

/**
 * « Sans questionnaire FSE »: the record's training asks for the FSE surveys and the record has none. The records list's filter
 * (server/repositories/record-filters.ts) is this very expression, so that the planner proves the partial indexes' predicate.
 */
export const withoutFseSurvey = (t: { trainingFse: Column; hasFseInput: Column; hasFseOutput: Column; hasFseAfterSixMonth: Column }) =>
  sql`${t.trainingFse} and not ${t.hasFseInput} and not ${t.hasFseOutput} and not ${t.hasFseAfterSixMonth}`;

/**
 * A record's session period and last update as one point in three dimensions (days since 2000 of the session's start and end,
 * seconds since 1970 of the update), indexed by records_period_recent_idx: a GiST index (an R-tree, extension `cube`) that meets
 * the records of a session period most recently updated first (cube's `~>` ordering: record-filters.ts `periodRecentFirst`). The
 * order's B-tree met a period's records only after those of every later session (388,000 index entries at 1M records, 47 ms).
 */
export const periodPoint = (t: { sessionStartDate: Column; sessionEndDate: Column; updatedAt: Column }) =>
  sql`cube(array[(${t.sessionStartDate} - date '2000-01-01')::float8, (${t.sessionEndDate} - date '2000-01-01')::float8, extract(epoch from (${t.updatedAt} - timestamptz '1970-01-01 00:00:00+00'))::float8])`;

/** The records with a session period (its index is partial: the others are in no period). */
export const withSessionPeriod = (t: { sessionStartDate: Column; sessionEndDate: Column }) =>
  sql`${t.sessionStartDate} is not null and ${t.sessionEndDate} is not null`;

/**
 * A training record (dossier de formation, spec part 2 §3): one trainee in one session. Its scope is its session's training's
 * (server/scope/row-scope.ts). Created, moved between statuses and re-pushed through AGORA (design.md "Record lifecycle").
 */
export const records = pgTable(
  "records",
  {
    id: text("id").primaryKey(),
    // A trainee has at most one record (409 otherwise); deleting a trainee with a record is refused (409) before the database would.
    traineeId: text("trainee_id")
      .notNull()
      .unique("records_trainee_unique")
      .references(() => trainees.id, { onDelete: "restrict" }),
    // A session with records cannot be deleted (spec §4).
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "restrict" }),
    status: text("status").$type<RecordStatus>().notNull().default("SETUP"),
    /** The status's place in a record's life (RECORD_STATUS_ORDER, from 1): the « Statut » sort reads it, served by records_*status_idx. */
    statusRank: smallint("status_rank")
      .generatedAlwaysAs(sql.raw(`case status ${RECORD_STATUS_ORDER.map((status) => `when '${status}' then ${recordStatusRank(status)}`).join(" ")} else 0 end`))
      .notNull(),
    /** The AGORA file number, given by AGORA when the record is created there. */
    agoraId: text("agora_id").notNull().unique("records_agora_id_unique"),
    // Planned dates: the session's when the record was created; real dates: entered on the entry/exit form.
    plannedStartDate: date("planned_start_date", { mode: "string" }).notNull(),
    plannedEndDate: date("planned_end_date", { mode: "string" }).notNull(),
    realStartDate: date("real_start_date", { mode: "string" }),
    realEndDate: date("real_end_date", { mode: "string" }),
    // The entry/exit form (spec §2, §5); null until filled.
    employmentObligation: text("employment_obligation").$type<EmploymentObligation>(),
    studyLevel: text("study_level").$type<StudyLevel>(),
    studyGrade: text("study_grade").$type<StudyGrade>(),
    professionalSituation: text("professional_situation").$type<ProfessionalSituation>(),
    jobStatus: text("job_status").$type<JobStatus>(),
    contractType: text("contract_type").$type<ContractType>(),
    professionalCategory: text("professional_category").$type<ProfessionalCategory>(),
    employerCategory: text("employer_category").$type<EmployerCategory>(),
    employerSiret: text("employer_siret"),
    codeUrssaf: text("code_urssaf"),
    exitReason: text("exit_reason").$type<ExitReason>(),
    // The internship review (/records/{rid}/bilan).
    internshipStartDate: date("internship_start_date", { mode: "string" }),
    internshipEndDate: date("internship_end_date", { mode: "string" }),
    internshipCompanyName: text("internship_company_name"),
    internshipTutorAssessment: text("internship_tutor_assessment"),
    internshipTrainingResult: text("internship_training_result"),
    internshipProspects: text("internship_prospects"),
    /** Set when the record goes to REJECTED. */
    rejectionReason: text("rejection_reason").$type<RejectionReason>(),
    rejectedAt: timestamp("rejected_at", { withTimezone: true }),
    /** When the record reached a closed status (TERMINATED_* or REJECTED): after CLOSED_RECORD_MONTHS nothing can be done (1047). */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** The last exchange with AGORA was refused or failed: the record is blocking (design.md) until an exchange succeeds. */
    lastExchangeFailed: boolean("last_exchange_failed").notNull().default(false),
    /**
     * The exchange with AGORA under way (server/exchanges/), set and cleared with the record locked: while set, every other change
     * of the record is refused (409 « Envoi à AGORA en cours »). On the row itself so that a write's `where` sees it under its lock.
     */
    pendingExchangeId: text("pending_exchange_id"),
    /**
     * A blocking data-quality check fails for the record's next push (issue 15): it is then a "dossier bloquant" too. The checks read
     * the trainee, the session, the training and its funders, so this is kept by server/quality/record-flags.ts after each write of
     * one of them (never by a status change: the checks do not read the status); null until first checked.
     */
    qualityBlocking: boolean("quality_blocking"),
    /**
     * Bumped by every change: a write states the version it read (`where version = …`), so of two concurrent status changes only
     * one applies (the other: 409), and a PATCH never overwrites a change it did not see.
     */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the list's search reads: the trainee's names and NIR, the AGORA number, the training's name and number, lower-cased and
     * unaccented. Other tables' columns, so not a generated column: triggers of migration 0006_records fill it on insert and follow
     * every change of those columns (never written by the application).
     */
    search: text("search").notNull().default(""),
    /** The trainee's usage name and first name, as the list shows them, for its sort « Stagiaire »: set with `search` (0026). */
    traineeName: text("trainee_name").notNull().default(""),
    /**
     * Copies of the session's scope columns (recordScope reads them here, without a join) and of its dates (blocking_from reads
     * them). Triggers of migration 0011_records_trainees_scope set them on insert and on a change of session_id, and follow every
     * change of the session's (the session's scope columns follow its training's); never written by the application. The defaults
     * only let an insert leave them out: the trigger overwrites them before any check.
     */
    educationalOrganizationId: text("educational_organization_id").notNull().default(""),
    contractingOrganizationId: text("contracting_organization_id").notNull().default(""),
    healthcareSocial: boolean("healthcare_social").notNull().default(false),
    sessionStartDate: date("session_start_date", { mode: "string" }),
    sessionEndDate: date("session_end_date", { mode: "string" }),
    /**
     * Copies for the list's filters and « À traiter » (issue 25, migration 0019_records_filter_copies), never written by the
     * application: the session's training and its FSE flag (set with the copies above, following the session and the training),
     * and which FSE surveys the record has, one flag per period (recomputed from record_fse whenever a survey is added, deleted
     * or moved). « Sans questionnaire FSE » is then `training_fse and no flag`, an entry survey missing `not has_fse_input`.
     */
    trainingId: text("training_id").notNull().default(""),
    trainingFse: boolean("training_fse").notNull().default(false),
    hasFseInput: boolean("has_fse_input").notNull().default(false),
    hasFseOutput: boolean("has_fse_output").notNull().default(false),
    hasFseAfterSixMonth: boolean("has_fse_after_six_month").notNull().default(false),
    /**
     * From which day the record is a "dossier bloquant" (server/records/blocking-condition.ts): always ('-infinity') when its last
     * AGORA exchange failed or a data-quality check blocks it; its session's start or end date when its status lags behind them
     * (the same lists as the record page's reasons); never (null) otherwise. The filter is then `blocking_from <= cutoff`, one
     * column the records_*blocking_idx indexes carry, instead of a probe of the session per record.
     */
    blockingFrom: date("blocking_from", { mode: "string" }).generatedAlwaysAs(
      sql.raw(
        `case when last_exchange_failed or quality_blocking is true then '-infinity'::date ` +
          `when status in (${sqlList(NOT_STARTED_STATUSES)}) then session_start_date ` +
          `when status in (${sqlList(NOT_ENDED_STATUSES)}) then session_end_date end`,
      ),
    ),
    /**
     * The FSE rules' dates (server/todo/rules.ts, migration 0020), null when the training has no FSE: the earliest real date
     * (start, end) whose survey (entry, exit) is missing, and the real end while the six-month survey is missing. « En retard » and
     * « bientôt » compare them with cutoffs the application computes, one range of their indexes each (./records-todo.ts).
     */
    fseSurveyPendingFrom: date("fse_survey_pending_from", { mode: "string" }).generatedAlwaysAs(
      sql.raw(
        "case when training_fse then least(case when not has_fse_input then real_start_date end, " +
          "case when not has_fse_output then real_end_date end) end",
      ),
    ),
    fseSixMonthPendingFrom: date("fse_six_month_pending_from", { mode: "string" }).generatedAlwaysAs(
      sql.raw("case when training_fse and not has_fse_after_six_month then real_end_date end"),
    ),
  },
  (t) => [
    ...todoIndexes(t),
    check("records_real_dates_check", sql`${t.realEndDate} >= ${t.realStartDate}`),
    check("records_internship_dates_check", sql`${t.internshipEndDate} >= ${t.internshipStartDate}`),
    index("records_search_idx").using("gin", t.search.op("gin_trgm_ops")),
    // The list's ORDER BY (updated_at desc, id desc: NULLS FIRST, PostgreSQL's default for desc), so page 1 reads 50 index entries.
    // The session's dates after the order (they do not change it: id is unique): the session period filter (an overlap, two
    // ranges no single index orders) is checked in the index alone on its page (migration 0019); so in the scoped indexes below.
    index("records_updated_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.sessionStartDate, t.sessionEndDate),
    // Scoped lists (one organisation's records in the list's order), like sessions_*_org_idx. The search text after the order (it
    // does not change it: id is unique) lets a scoped search filter in the index alone: its page, and its count capped at 10,001,
    // which otherwise fetched from the table every row the trigram index offered, other organisations' too (17,600 blocks, 139 ms,
    // for the bench's largest contracting body; 36 ms in the index). The session's dates before it, as in records_updated_idx.
    index("records_educational_org_idx").on(
      t.educationalOrganizationId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.sessionStartDate,
      t.sessionEndDate,
      t.search,
    ),
    index("records_contracting_org_idx").on(
      t.contractingOrganizationId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.sessionStartDate,
      t.sessionEndDate,
      t.search,
    ),
    // The blocking filter (`blocking_from <= cutoff`), unscoped and scoped: only the records that may be blocking (a third of them
    // in the bench), blocking_from after the order (it does not change it: id is unique) so that a page is read in the index alone.
    index("records_blocking_idx")
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.blockingFrom)
      .where(sql`${t.blockingFrom} is not null`),
    index("records_educational_blocking_idx")
      .on(t.educationalOrganizationId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.blockingFrom)
      .where(sql`${t.blockingFrom} is not null`),
    index("records_contracting_blocking_idx")
      .on(t.contractingOrganizationId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.blockingFrom)
      .where(sql`${t.blockingFrom} is not null`),
    // A session's records (the sessions' traineesCount and trainees, the copies' trigger) in the list's order; serves the foreign key.
    // The list's other sorts (resources/<resource>/list-query.ts): (column, id), read forwards for asc, backwards for desc.
    index("records_created_idx").on(t.createdAt, t.id),
    index("records_educational_created_idx").on(t.educationalOrganizationId, t.createdAt, t.id),
    index("records_contracting_created_idx").on(t.contractingOrganizationId, t.createdAt, t.id),
    ...sortIndexes("records", "agora_id_fr", t, french(t.agoraId)),
    ...sortIndexes("records", "trainee_name_fr", t, french(t.traineeName)),
    // The session's end and the search text after it, as records_*_session_end_idx: PostgreSQL 15 chose this index for a searched
    // session period's count, and read a table row per match when they were not in it.
    ...sortIndexes("records", "session_start", t, t.sessionStartDate, [t.sessionEndDate, t.search]),
    // The search text after the sort (it does not change the order: id is unique), here and in the filters' indexes below, as in
    // records_*_org_idx: a filtered search counts its 1,001 matches in the index alone; through the trigram index it fetched a
    // table row per candidate (a common name with the status filter: 27–51 ms alone at 1M, 5 ms in the index; migration 0022).
    index("records_status_idx").on(t.statusRank, t.id, t.search),
    index("records_educational_status_idx").on(t.educationalOrganizationId, t.statusRank, t.id, t.search),
    index("records_contracting_status_idx").on(t.contractingOrganizationId, t.statusRank, t.id, t.search),
    // « Échange AGORA en échec » (agoraFailed=true): a few records, in the lists' order.
    // The scope columns after the order (migration 0020): a scoped « en échec » counter and page filter in the index alone.
    index("records_failed_idx")
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.educationalOrganizationId, t.contractingOrganizationId, t.healthcareSocial)
      .where(sql`${t.lastExchangeFailed}`),
    // The filters of migration 0019: a training's records (trainingId, and its FSE flag's trigger) and « sans questionnaire FSE »
    // (a partial index: the FSE records without any survey, unscoped and led by the scope's organisation), in the list's order.
    index("records_training_idx").on(t.trainingId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("records_without_fse_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.search).where(withoutFseSurvey(t)),
    index("records_educational_without_fse_idx")
      .on(t.educationalOrganizationId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.search)
      .where(withoutFseSurvey(t)),
    index("records_contracting_without_fse_idx")
      .on(t.contractingOrganizationId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.search)
      .where(withoutFseSurvey(t)),
    // The session period's capped count (no order): from the period's start on the session's end, the start checked in the
    // index; matches are dense there, so 10,001 of them are a few index pages, where records_updated_idx walked 800 (migration 0019).
    // Scoped, the id and the search text last, as in the status indexes: a searched period takes its matches' ids in the index
    // alone (list-page.ts `matchedPage`; a common name: 47 → 7 ms alone at 1M). Unscoped, narrow for an unsearched period's count
    // (wider, the planner walked records_updated_idx instead), and a wide twin for a searched one (a common name's 1,001 matches
    // read the table: 21 ms alone at 1M; migration 0024).
    index("records_session_end_idx").on(t.sessionEndDate, t.sessionStartDate),
    index("records_session_end_search_idx").on(t.sessionEndDate, t.sessionStartDate, t.id, t.search),
    index("records_educational_session_end_idx").on(t.educationalOrganizationId, t.sessionEndDate, t.sessionStartDate, t.id, t.search),
    index("records_contracting_session_end_idx").on(t.contractingOrganizationId, t.sessionEndDate, t.sessionStartDate, t.id, t.search),
    index("records_period_recent_idx").using("gist", periodPoint(t)).where(withSessionPeriod(t)),
    index("records_session_idx").on(t.sessionId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The records never checked by the data-quality gate, by id (record-flags.ts's batches): empty once checked, so the check at each
    // server start is one probe instead of a scan of every record.
    index("records_unchecked_idx").on(t.id).where(sql`${t.qualityBlocking} is null`),
  ],
);
