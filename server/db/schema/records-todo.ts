import { sql } from "drizzle-orm";
import { index, type ExtraConfigColumn } from "drizzle-orm/pg-core";

/** The records' columns the « À traiter » indexes read. */
interface TodoColumns {
  id: ExtraConfigColumn;
  updatedAt: ExtraConfigColumn;
  educationalOrganizationId: ExtraConfigColumn;
  contractingOrganizationId: ExtraConfigColumn;
  healthcareSocial: ExtraConfigColumn;
  blockingFrom: ExtraConfigColumn;
  pendingExchangeId: ExtraConfigColumn;
  fseSurveyPendingFrom: ExtraConfigColumn;
  fseSixMonthPendingFrom: ExtraConfigColumn;
}

/**
 * The « À traiter » indexes of records (migration 0020, server/todo/): each counter counts up to 10,001 rows of one range of
 * its own index (server/todo/counts.ts), and the FSE list filters page in the lists' order in an index of their rows. Each
 * unscoped and led by the scope's organisation; the contracting variants carry healthcare_social (gest-cdcss), so that every
 * role counts in the index alone.
 */
export function todoIndexes(t: TodoColumns) {
  const survey = t.fseSurveyPendingFrom;
  const sixMonths = t.fseSixMonthPendingFrom;
  const scoped = (name: string, columns: [ExtraConfigColumn, ...ExtraConfigColumn[]], where: ReturnType<typeof sql>) => [
    index(`records_${name}_idx`).on(...columns).where(where),
    index(`records_educational_${name}_idx`).on(t.educationalOrganizationId, ...columns).where(where),
    index(`records_contracting_${name}_idx`).on(t.contractingOrganizationId, ...columns, t.healthcareSocial).where(where),
  ];
  // A function: desc() sets the column's order for the index being built.
  const order = () => [t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const;
  return [
    // « Dossiers bloquants »: blocking_from <= cutoff (records_*blocking_idx page the list in its order).
    ...scoped("blocking_count", [t.blockingFrom], sql`${t.blockingFrom} is not null`),
    // « Questionnaires FSE à saisir »: each of the two dates in range, the other one after it (rules.ts `dueBetween`).
    ...scoped("fse_survey_due", [survey, sixMonths], sql`${survey} is not null`),
    ...scoped("fse_six_month_due", [sixMonths, survey], sql`${sixMonths} is not null`),
    // The todo=fse-late|fse-soon lists in their order: the records with a survey pending, the two dates checked in the index.
    index("records_fse_pending_idx").on(...order(), survey, sixMonths).where(sql`${survey} is not null or ${sixMonths} is not null`),
    index("records_educational_fse_pending_idx")
      .on(t.educationalOrganizationId, ...order(), survey, sixMonths)
      .where(sql`${survey} is not null or ${sixMonths} is not null`),
    index("records_contracting_fse_pending_idx")
      .on(t.contractingOrganizationId, ...order(), survey, sixMonths, t.healthcareSocial)
      .where(sql`${survey} is not null or ${sixMonths} is not null`),
    // « Échanges AGORA en attente » (pending_exchange_id): a few records, in the lists' order, with the scope columns.
    index("records_pending_exchange_idx")
      .on(...order(), t.educationalOrganizationId, t.contractingOrganizationId, t.healthcareSocial)
      .where(sql`${t.pendingExchangeId} is not null`),
  ];
}
