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

/**
 * The PATCH body: every tab (the bilan resent unchanged once validated, which the API accepts), and the documents as the whole
 * set, without the monthly sheets the new dates leave outside the session (the API would refuse them).
 */
export function sessionEditBody({ information, result, medias }: SessionEditOutput): SessionPatchBodyInput {
  const months = new Set(formMonths(information.startDate, information.endDate));
  const attendanceSheets = Object.fromEntries(Object.entries(medias.attendanceSheets).filter(([month]) => months.has(month)));
  return { information, result, medias: { ...medias, attendanceSheets } };
}
