/**
 * The exports of the trainings and sessions lists: the list's columns (the two numbers apart, hours real and planned apart),
 * both organisations, the funding device, French headings and labels, yes/no as Oui/Non.
 */
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { TRAINING_DEVICES } from "../../../resources/trainings/enums";
import { organizations, records, sessions, trainings } from "../../db/schema/index";
import type { SessionListQuery } from "../../../resources/sessions/list-query";
import type { TrainingListQuery } from "../../../resources/trainings/list-query";
import { sessionsListSelection } from "../../repositories/sessions";
import { trainingsListSelection } from "../../repositories/trainings";
import { dateTimeCell, dayCell, labelCell, numberCell, textCell, yesNoCell, type ExportColumn } from "../cells";
import { franceDateTime, selected, type ListExport } from "../list-export";

const educational = alias(organizations, "educational");
const contracting = alias(organizations, "contracting");

/** What both lists say of a training. */
interface TrainingPart {
  number: string;
  actionNumber: string;
  marketNumber: string | null;
  name: string;
  educational: string;
  contracting: string;
  healthcareSocial: boolean;
  fse: boolean;
  updated: string;
}

const trainingPart = sql`${trainings.number} as "number", ${trainings.actionNumber} as "actionNumber",
  ${trainings.marketNumber} as "marketNumber", ${trainings.name} as "name", ${educational.name} as "educational",
  ${contracting.name} as "contracting", ${trainings.healthcareSocial} as "healthcareSocial", ${trainings.fse} as "fse"`;

const organizationsJoin = sql`join ${organizations} ${educational} on ${educational.id} = ${trainings.educationalOrganizationId}
  join ${organizations} ${contracting} on ${contracting.id} = ${trainings.contractingOrganizationId}`;

const numbersColumns = <R extends TrainingPart>(nameHeader: string): ExportColumn<R>[] => [
  { header: "N° de formation", width: 14, cell: (r) => textCell(r.number) },
  { header: "N° d'action", width: 10, cell: (r) => textCell(r.actionNumber) },
  { header: "N° de marché", width: 14, cell: (r) => textCell(r.marketNumber) },
  { header: nameHeader, width: 36, cell: (r) => textCell(r.name) },
  { header: "Organisme de formation", width: 30, cell: (r) => textCell(r.educational) },
  { header: "Organisme contractant", width: 30, cell: (r) => textCell(r.contracting) },
];

const UPDATED = <R extends TrainingPart>(): ExportColumn<R> => ({ header: "Dernière mise à jour", width: 16, cell: (r) => dateTimeCell(r.updated) });

interface TrainingRow extends TrainingPart {
  device: string;
  actualCenterHours: number | null;
  forecastedCenterHours: number;
  actualCompanyHours: number | null;
  forecastedCompanyHours: number;
  sessionsCount: number;
}

const trainingColumns: ExportColumn<TrainingRow>[] = [
  ...numbersColumns<TrainingRow>("Intitulé"),
  { header: "Dispositif", width: 30, cell: (r) => labelCell(TRAINING_DEVICES, r.device) },
  { header: "Sanitaire et social", width: 10, cell: (r) => yesNoCell(r.healthcareSocial) },
  { header: "FSE", width: 6, cell: (r) => yesNoCell(r.fse) },
  { header: "Heures en centre réelles", width: 10, cell: (r) => numberCell(r.actualCenterHours) },
  { header: "Heures en centre prévues", width: 10, cell: (r) => numberCell(r.forecastedCenterHours) },
  { header: "Heures en entreprise réelles", width: 10, cell: (r) => numberCell(r.actualCompanyHours) },
  { header: "Heures en entreprise prévues", width: 10, cell: (r) => numberCell(r.forecastedCompanyHours) },
  { header: "Sessions", width: 9, cell: (r) => numberCell(r.sessionsCount) },
  UPDATED<TrainingRow>(),
];

export const trainingsExport: ListExport<TrainingListQuery, TrainingRow> = {
  resource: "trainings",
  fileStem: "formations",
  description: "Les formations de la liste",
  layout: () => ({ sheetName: "Formations", columns: trainingColumns }),
  select: (caller, query) => sql`
    select ${trainingPart}, ${trainings.device} as "device",
      ${trainings.actualCenterHourDuration} as "actualCenterHours", ${trainings.forecastedCenterHourDuration} as "forecastedCenterHours",
      ${trainings.actualCompanyHourDuration} as "actualCompanyHours", ${trainings.forecastedCompanyHourDuration} as "forecastedCompanyHours",
      (select count(*)::int from ${sessions} where ${sessions.trainingId} = ${trainings.id}) as "sessionsCount",
      ${franceDateTime(trainings.updatedAt)} as "updated"
    from ${trainings} ${organizationsJoin} ${selected(trainings, trainingsListSelection(caller, query))}`,
};

interface SessionRow extends TrainingPart {
  startDate: string;
  endDate: string;
  capacity: number | null;
  traineesCount: number;
}

const sessionColumns: ExportColumn<SessionRow>[] = [
  ...numbersColumns<SessionRow>("Intitulé de la formation"),
  { header: "Début", width: 12, cell: (r) => dayCell(r.startDate) },
  { header: "Fin", width: 12, cell: (r) => dayCell(r.endDate) },
  { header: "Sanitaire et social", width: 10, cell: (r) => yesNoCell(r.healthcareSocial) },
  { header: "FSE", width: 6, cell: (r) => yesNoCell(r.fse) },
  { header: "Capacité", width: 9, cell: (r) => numberCell(r.capacity) },
  { header: "Stagiaires", width: 9, cell: (r) => numberCell(r.traineesCount) },
  UPDATED<SessionRow>(),
];

export const sessionsExport: ListExport<SessionListQuery, SessionRow> = {
  resource: "sessions",
  fileStem: "sessions",
  description: "Les sessions de la liste",
  layout: () => ({ sheetName: "Sessions", columns: sessionColumns }),
  select: (caller, query, today) => sql`
    select ${trainingPart}, ${sessions.startDate}::text as "startDate", ${sessions.endDate}::text as "endDate",
      ${sessions.capacity} as "capacity",
      (select count(*)::int from ${records} where ${records.sessionId} = ${sessions.id}) as "traineesCount",
      ${franceDateTime(sessions.updatedAt)} as "updated"
    from ${sessions} join ${trainings} on ${trainings.id} = ${sessions.trainingId} ${organizationsJoin}
    ${selected(sessions, sessionsListSelection(caller, query, today))}`,
};
