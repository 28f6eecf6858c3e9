/**
 * The FSE export's columns (issue 14): the record and trainee that identify the survey, then every answer with its French
 * question as heading and its French label as value. No NIR: FSE reporting does not need it. One list for the XLSX and the CSV.
 */
import {
  FSE_ALLOWANCES,
  FSE_ALLOWANCE_KEYS,
  FSE_CURRENT_SITUATIONS,
  FSE_EMPLOYED_DETAILS,
  FSE_LEVELS,
  FSE_PERIODS,
  FSE_QUESTIONS,
  FSE_YES_NO_ANSWERS,
  yesNoLabel,
  type FseAnswers,
  type FsePeriod,
  FSE_MSG,
} from "../../resources/fse/schema";
import { dayCell, labelCell, textCell, type ExportCell, type ExportColumn, type ExportLayout } from "../export/cells";

/** A survey as the export reads it; dates are calendar days `YYYY-MM-DD`. */
export interface FseExportRow {
  agoraId: string;
  lastName: string;
  firstName: string;
  birthDate: string;
  trainingName: string;
  sessionStartDate: string;
  sessionEndDate: string;
  period: FsePeriod;
  information: FseAnswers;
  /** The day in France of the survey's last change (what the date range filters on). */
  updatedDay: string;
}

type FseExportColumn = ExportColumn<FseExportRow>;

const text = textCell;
const day = dayCell;
const yesNo = (value: boolean | null): ExportCell => (value === null ? null : { text: yesNoLabel(value) });
const labelOf = labelCell;

const answer = (key: keyof FseAnswers, width: number, cell: (info: FseAnswers) => ExportCell): FseExportColumn => ({
  header: key in FSE_QUESTIONS ? FSE_QUESTIONS[key as keyof typeof FSE_QUESTIONS] : FSE_ALLOWANCES[key as keyof typeof FSE_ALLOWANCES],
  width,
  cell: (row) => cell(row.information),
});

export const FSE_EXPORT_COLUMNS: readonly FseExportColumn[] = [
  { header: "N° AGORA", width: 14, cell: (row) => text(row.agoraId) },
  { header: "Nom", width: 20, cell: (row) => text(row.lastName) },
  { header: "Prénom", width: 18, cell: (row) => text(row.firstName) },
  { header: "Date de naissance", width: 12, cell: (row) => day(row.birthDate) },
  { header: "Formation", width: 36, cell: (row) => text(row.trainingName) },
  { header: "Début de la session", width: 12, cell: (row) => day(row.sessionStartDate) },
  { header: "Fin de la session", width: 12, cell: (row) => day(row.sessionEndDate) },
  { header: FSE_QUESTIONS.period, width: 10, cell: (row) => labelOf(FSE_PERIODS, row.period) },
  answer("frenchNationality", 14, (i) => yesNo(i.frenchNationality)),
  answer("europeanNationality", 14, (i) => yesNo(i.europeanNationality)),
  answer("currentSituation", 20, (i) => labelOf(FSE_CURRENT_SITUATIONS, i.currentSituation)),
  answer("employed", 12, (i) => yesNo(i.employed)),
  answer("employedDetail", 30, (i) => labelOf(FSE_EMPLOYED_DETAILS, i.employedDetail)),
  answer("inProfessionalTraining", 16, (i) => yesNo(i.inProfessionalTraining)),
  answer("lookingForJob", 18, (i) => yesNo(i.lookingForJob)),
  answer("unemployedDate", 12, (i) => day(i.unemployedDate)),
  answer("registeredPoleEmploi", 16, (i) => yesNo(i.registeredPoleEmploi)),
  answer("poleEmploiDate", 12, (i) => day(i.poleEmploiDate)),
  answer("level", 36, (i) => labelOf(FSE_LEVELS, i.level)),
  answer("handicap", 16, (i) => yesNo(i.handicap)),
  ...FSE_ALLOWANCE_KEYS.map((key) => answer(key, 14, (i) => yesNo(i[key]))),
  answer("noAid", 16, (i) => yesNo(i.noAid)),
  answer("homeless", 16, (i) => labelOf(FSE_YES_NO_ANSWERS, i.homeless)),
  answer("parentBornInEurope", 16, (i) => labelOf(FSE_YES_NO_ANSWERS, i.parentBornInEurope)),
  { header: "Dernière mise à jour", width: 12, cell: (row) => day(row.updatedDay) },
];

export const FSE_EXPORT_LAYOUT: ExportLayout<FseExportRow> = { sheetName: FSE_MSG.exportSheetName, columns: FSE_EXPORT_COLUMNS };
