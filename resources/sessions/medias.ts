/**
 * A session's documents (spec part 2 §2, §3, §5): the registration certificate, four titled lists and one attendance sheet per
 * month of the session. The PATCH body names each file by the id the upload answered (`POST /api/medias/temporary`); the
 * session answers each with its file name.
 */
import { z } from "zod";
import { requiredText } from "../common/strings";
import { MEDIA_MSG } from "../medias/schema";
import type { sessionMediasAnswer } from "./api-answers";
import { TITLED_MEDIA_LISTS, type TitledMediaList } from "./enums";
import { SESSION_MSG } from "./messages";

/** Media ids are the server's (32 lowercase hex characters); anything else names no file. */
const mediaId = z.string({ error: MEDIA_MSG.unavailable }).regex(/^[0-9a-f]{32}$/, MEDIA_MSG.unavailable);

/** `YYYY-MM`, the key of a monthly attendance sheet. */
export const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;

const MAX_FILES_PER_LIST = 50;
const mediaRef = z.object({ id: mediaId });
const titledMedia = z.object({ id: mediaId, title: requiredText(2, 255) });
const titledList = z.array(titledMedia).max(MAX_FILES_PER_LIST, SESSION_MSG.tooManyMedias);

const titledListSchemas = Object.fromEntries(Object.keys(TITLED_MEDIA_LISTS).map((list) => [list, titledList.default([])])) as Record<
  TitledMediaList,
  z.ZodDefault<typeof titledList>
>;

/** The PATCH body's `medias`: the whole set of the session's documents (a file left out is deleted). */
export const sessionMediasSchema = z
  .object({
    kairosCertificate: mediaRef.nullable().default(null),
    ...titledListSchemas,
    attendanceSheets: z.record(z.string(), mediaRef).default({}),
  })
  .superRefine((medias, ctx) => {
    // Keys checked here rather than by a key schema, whose failure zod reports with its own words instead of ours.
    for (const month of Object.keys(medias.attendanceSheets)) {
      if (!MONTH_KEY.test(month)) ctx.addIssue({ code: "custom", path: ["attendanceSheets", month], message: SESSION_MSG.monthFormat });
    }
    const seen = new Set<string>();
    for (const { id, path } of mediaSlots(medias)) {
      if (seen.has(id)) ctx.addIssue({ code: "custom", path: [...path, "id"], message: SESSION_MSG.mediaUsedTwice });
      seen.add(id);
    }
  });
export type SessionMediasInput = z.input<typeof sessionMediasSchema>;
export type SessionMediasBody = z.output<typeof sessionMediasSchema>;

/**
 * The session's documents as stored and answered (resources/sessions/api-answers.ts). A monthly sheet may be for a month outside
 * the session's dates: stored while the dates covered it, it is kept when they change (design.md "Media") until someone removes it.
 */
export type SessionMedias = z.output<typeof sessionMediasAnswer>;
/** A stored file: its id and the name it was uploaded with. */
export type StoredMedia = NonNullable<SessionMedias["kairosCertificate"]>;

export const emptyMedias = (): SessionMedias => ({
  kairosCertificate: null,
  positioningReports: [],
  qualitativeAssessments: [],
  traineesQualityQuestionnaires: [],
  companyAttendanceSheets: [],
  attendanceSheets: {},
});

type AnyMedias = { kairosCertificate: { id: string } | null; attendanceSheets: Record<string, { id: string }> } & Record<
  TitledMediaList,
  { id: string }[]
>;

/** Every file of a set of documents with where it sits (`["positioningReports", 0]`), in the form's order. */
export function mediaSlots(medias: AnyMedias): { id: string; path: (string | number)[] }[] {
  const slots: { id: string; path: (string | number)[] }[] = [];
  if (medias.kairosCertificate) slots.push({ id: medias.kairosCertificate.id, path: ["kairosCertificate"] });
  for (const list of Object.keys(TITLED_MEDIA_LISTS) as TitledMediaList[]) {
    medias[list].forEach((media, index) => slots.push({ id: media.id, path: [list, index] }));
  }
  for (const [month, media] of Object.entries(medias.attendanceSheets)) slots.push({ id: media.id, path: ["attendanceSheets", month] });
  return slots;
}

/** The ids of every file of a set of documents. */
export const mediaIdsOf = (medias: AnyMedias): string[] => mediaSlots(medias).map((slot) => slot.id);

/** The months `YYYY-MM` of a session running from `startDate` to `endDate` (`YYYY-MM-DD`, both included), in order. */
export function sessionMonths(startDate: string, endDate: string): string[] {
  const months: string[] = [];
  let year = Number(startDate.slice(0, 4));
  let month = Number(startDate.slice(5, 7));
  const last = endDate.slice(0, 7);
  for (let key = startDate.slice(0, 7); key <= last; key = `${year}-${String(month).padStart(2, "0")}`) {
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}
