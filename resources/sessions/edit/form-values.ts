/**
 * The edit page's one form over its three tabs (spec part 2 §2 "/sessions/{sid}/edit"): the session's information, its bilan
 * and its documents, validated by the API's own schemas, and the PATCH body made from it.
 */
import { z } from "zod";
import {
  RESULT_TEXT_FIELDS,
  sessionInformationSchema,
  sessionMediasSchema,
  sessionMonths,
  sessionResultSchema,
  TITLED_MEDIA_LISTS,
  type ResultTextField,
  type Session,
  type SessionInformationInput,
  type SessionPatchBodyInput,
  type SessionResultInput,
  type TitledMediaList,
} from "../schema";

/** A file of a slot: saved with the session, or uploaded since (`temporary`: it cannot be previewed before the save, spec). */
export interface FormMedia {
  id: string;
  name: string;
  temporary?: boolean;
}
export interface FormTitledMedia extends FormMedia {
  title: string;
}

export type FormMedias = { kairosCertificate: FormMedia | null; attendanceSheets: Record<string, FormMedia> } & Record<
  TitledMediaList,
  FormTitledMedia[]
>;

export interface SessionEditValues {
  information: SessionInformationInput;
  result: SessionResultInput;
  medias: FormMedias;
}

const sessionEditObject = z.object({ information: sessionInformationSchema, result: sessionResultSchema, medias: sessionMediasSchema });
export type SessionEditOutput = z.output<typeof sessionEditObject>;

/**
 * The PATCH body's schemas over the form. The form's files also carry their name and whether they are new, which the page
 * shows and the schemas drop (zod objects strip unknown keys): the input type says so.
 */
export const sessionEditSchema = sessionEditObject as unknown as z.ZodType<SessionEditOutput, SessionEditValues>;

const resultTexts = (result: Session["result"]) =>
  Object.fromEntries((Object.keys(RESULT_TEXT_FIELDS) as ResultTextField[]).map((field) => [field, result[field] ?? ""])) as Record<ResultTextField, string>;

export function sessionToFormValues(session: Session): SessionEditValues {
  const { information, result, medias } = session;
  const titled = Object.fromEntries((Object.keys(TITLED_MEDIA_LISTS) as TitledMediaList[]).map((list) => [list, medias[list].map((media) => ({ ...media }))]));
  return {
    // Dates stay `YYYY-MM-DD` as answered: the form and the date picker hold them so.
    information: { ...information, capacity: information.capacity ?? "" },
    result: { ...resultTexts(result), level: result.level, validatedAssessment: result.validatedAssessment },
    medias: {
      ...(titled as Record<TitledMediaList, FormTitledMedia[]>),
      kairosCertificate: medias.kairosCertificate ? { ...medias.kairosCertificate } : null,
      attendanceSheets: Object.fromEntries(Object.entries(medias.attendanceSheets).map(([month, media]) => [month, { ...media }])),
    },
  };
}

/** The months `YYYY-MM` of the dates the form holds now; none while a date is missing or the end precedes the start. */
export function formMonths(startDate: unknown, endDate: unknown): string[] {
  const isDay = (value: unknown): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (!isDay(startDate) || !isDay(endDate) || endDate < startDate) return [];
  return sessionMonths(startDate, endDate);
}

/** The sheets of `sheets` whose month is outside the dates `startDate`–`endDate` (all of them while a date is missing), by month. */
export function sheetsOutsideDates<M>(sheets: Record<string, M>, startDate: unknown, endDate: unknown): [string, M][] {
  const months = new Set(formMonths(startDate, endDate));
  return Object.entries(sheets)
    .filter(([month]) => !months.has(month))
    .sort(([a], [b]) => a.localeCompare(b));
}

/** Whether the session stores this file for this month (a new upload is not stored until the save). */
const storedSheet = (session: Session, month: string, id: string) => session.medias.attendanceSheets[month]?.id === id;

/**
 * The PATCH body: every tab (the bilan resent unchanged once validated, which the API accepts), and the documents as the whole
 * set. A stored sheet outside the new dates stays in it (the API keeps it apart); a new upload for a month the dates now leave
 * out is dropped (the API refuses a new sheet outside the session, and it was never saved).
 */
export function sessionEditBody({ information, result, medias }: SessionEditOutput, session: Session): SessionPatchBodyInput {
  const months = new Set(formMonths(information.startDate, information.endDate));
  const attendanceSheets = Object.fromEntries(
    Object.entries(medias.attendanceSheets).filter(([month, media]) => months.has(month) || storedSheet(session, month, media.id)),
  );
  return { information, result, medias: { ...medias, attendanceSheets } };
}

/** A sheet the save would leave outside the session's dates: kept apart when stored, dropped when only uploaded. */
export interface SheetLeftOutside {
  month: string;
  name: string | null;
  kept: boolean;
}

/**
 * The sheets this save leaves outside the session's dates that were not already outside them: what the save must say first.
 * Stored sheets already outside the saved dates were set apart by an earlier save.
 */
export function sheetsLeftOutside({ information, medias }: SessionEditOutput, session: Session): SheetLeftOutside[] {
  const savedMonths = new Set(formMonths(session.information.startDate, session.information.endDate));
  return sheetsOutsideDates(medias.attendanceSheets, information.startDate, information.endDate)
    .map(([month, media]) => {
      const kept = storedSheet(session, month, media.id);
      return { month, kept, name: kept ? (session.medias.attendanceSheets[month]?.name ?? null) : null };
    })
    .filter((sheet) => !sheet.kept || savedMonths.has(sheet.month));
}
