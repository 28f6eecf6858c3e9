/**
 * The records list's export: the list's columns (file number, trainee, educational organisation, training, session, status, FSE
 * count, last update), the trainee's name and first name apart, plus the record's planned and real dates and the training's
 * numbers. Never the NIR (README « Décisions »): the list does not show it.
 */
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { RECORD_STATUSES } from "../../../resources/common/record-statuses";
import { organizations, recordFse, records, sessions, trainees, trainings } from "../../db/schema/index";
import type { RecordListQuery } from "../../../resources/records/list-query";
import { recordsListSelection } from "../../repositories/records";
import { dateTimeCell, dayCell, labelCell, numberCell, textCell, type ExportColumn } from "../cells";
import { franceDateTime, selected, type ListExport } from "../list-export";

const educational = alias(organizations, "educational");

interface RecordRow {
  agoraId: string;
  lastName: string;
  firstName: string;
  birthDate: string;
  educational: string;
  training: string;
  number: string;
  actionNumber: string;
  sessionStart: string;
  sessionEnd: string;
  status: string;
  plannedStart: string;
  realStart: string | null;
  plannedEnd: string;
  realEnd: string | null;
  fsesCount: number;
  updated: string;
}

const recordColumns: ExportColumn<RecordRow>[] = [
  { header: "N° de dossier", width: 16, cell: (r) => textCell(r.agoraId) },
  { header: "Nom", width: 20, cell: (r) => textCell(r.lastName) },
  { header: "Prénom", width: 18, cell: (r) => textCell(r.firstName) },
  { header: "Date de naissance", width: 12, cell: (r) => dayCell(r.birthDate) },
  { header: "Organisme de formation", width: 30, cell: (r) => textCell(r.educational) },
  { header: "Formation", width: 36, cell: (r) => textCell(r.training) },
  { header: "N° de formation", width: 14, cell: (r) => textCell(r.number) },
  { header: "N° d'action", width: 10, cell: (r) => textCell(r.actionNumber) },
  { header: "Début de la session", width: 12, cell: (r) => dayCell(r.sessionStart) },
  { header: "Fin de la session", width: 12, cell: (r) => dayCell(r.sessionEnd) },
  { header: "Statut", width: 24, cell: (r) => labelCell(RECORD_STATUSES, r.status) },
  { header: "Entrée prévue", width: 12, cell: (r) => dayCell(r.plannedStart) },
  { header: "Entrée réelle", width: 12, cell: (r) => dayCell(r.realStart) },
  { header: "Sortie prévue", width: 12, cell: (r) => dayCell(r.plannedEnd) },
  { header: "Sortie réelle", width: 12, cell: (r) => dayCell(r.realEnd) },
  { header: "FSE", width: 6, cell: (r) => numberCell(r.fsesCount) },
  { header: "Dernière mise à jour", width: 16, cell: (r) => dateTimeCell(r.updated) },
];

export const recordsExport: ListExport<RecordListQuery, RecordRow> = {
  resource: "records",
  fileStem: "dossiers-de-formation",
  description: "Les dossiers de formation de la liste",
  layout: () => ({ sheetName: "Dossiers de formation", columns: recordColumns }),
  select: (caller, query, today) => sql`
    select ${records.agoraId} as "agoraId", ${trainees.lastName} as "lastName", ${trainees.firstName} as "firstName",
      ${trainees.birthDate}::text as "birthDate", ${educational.name} as "educational", ${trainings.name} as "training",
      ${trainings.number} as "number", ${trainings.actionNumber} as "actionNumber",
      ${sessions.startDate}::text as "sessionStart", ${sessions.endDate}::text as "sessionEnd", ${records.status} as "status",
      ${records.plannedStartDate}::text as "plannedStart", ${records.realStartDate}::text as "realStart",
      ${records.plannedEndDate}::text as "plannedEnd", ${records.realEndDate}::text as "realEnd",
      (select count(*)::int from ${recordFse} where ${recordFse.recordId} = ${records.id}) as "fsesCount",
      ${franceDateTime(records.updatedAt)} as "updated"
    from ${records}
    join ${trainees} on ${trainees.id} = ${records.traineeId}
    join ${sessions} on ${sessions.id} = ${records.sessionId}
    join ${trainings} on ${trainings.id} = ${sessions.trainingId}
    join ${organizations} ${educational} on ${educational.id} = ${trainings.educationalOrganizationId}
    ${selected(records, recordsListSelection(caller, query, today))}`,
};
