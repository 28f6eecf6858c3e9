import { and, eq, inArray, sql } from "drizzle-orm";
import {
  emptyMedias,
  mediaIdsOf,
  mediaSlots,
  normalizedResult,
  sameResultContent,
  SESSION_MSG,
  TITLED_MEDIA_LISTS,
  type SessionMedias,
  type SessionMediasBody,
  type SessionPatchBody,
  type TitledMediaList,
} from "../../resources/sessions/schema";
import type { Caller } from "../auth/guard";
import type { Database, Executor } from "../db/connection";
import { medias, sessions } from "../db/schema/index";
import { ApiError, badRequest, conflict, VALIDATION_MESSAGE } from "../http/errors";
import type { MediaService } from "../media/service";
import { sessionScope } from "../scope/row-scope";
import { authorOf } from "./author";

/** What a committed PATCH leaves to do: delete the files it dropped (the funder's mail is queued in the transaction). */
export interface PatchOutcome {
  removedMediaIds: string[];
  validatedNow: boolean;
  /** The session's dates changed: the only session fields the data-quality checks read (server/quality/subjects.ts). */
  datesChanged: boolean;
}

type StoredSession = typeof sessions.$inferSelect;
type FieldError = { path: string; message: string };

const fieldPath = (path: (string | number)[]) => ["body", "medias", ...path].join(".");

/**
 * The bilan's columns for this PATCH. Once validated the bilan is locked: resending it unchanged is accepted (the edit page
 * sends every tab), any change, un-validating included, is refused with 409 and nothing is written.
 */
async function resultValues(db: Executor, caller: Caller, current: StoredSession, result: SessionPatchBody["result"]) {
  if (!result) return { values: {}, validatedNow: false };
  const { validatedAssessment, ...content } = result;
  const next = normalizedResult(content);
  if (current.resultValidated) {
    if (!validatedAssessment || !sameResultContent(next, normalizedResult(current.result))) throw conflict(SESSION_MSG.resultLocked);
    return { values: {}, validatedNow: false };
  }
  if (!validatedAssessment) return { values: { result: next }, validatedNow: false };
  const validator = await authorOf(db, caller);
  return {
    values: {
      result: next,
      resultValidated: true,
      resultValidatedAt: sql`now()`,
      resultValidatedById: validator.id,
      resultValidatedByName: validator.name,
    },
    validatedNow: true,
  };
}

/**
 * A new monthly attendance sheet must be for a month of the session, with the dates this PATCH leaves in place. A sheet already
 * stored for its month stays whatever the dates become (design.md "Media": a date change never deletes a document): the session
 * keeps it, shown apart ('Hors des dates de la session'), until someone removes it.
 */
function assertNewSheetsWithinSession(sheets: Record<string, { id: string }>, stored: Record<string, { id: string }>, startDate: string, endDate: string) {
  const fields: FieldError[] = Object.entries(sheets)
    .filter(([month, sheet]) => (month < startDate.slice(0, 7) || month > endDate.slice(0, 7)) && stored[month]?.id !== sheet.id)
    .map(([month]) => ({ path: fieldPath(["attendanceSheets", month]), message: SESSION_MSG.monthOutsideSession }));
  if (fields.length) throw badRequest(VALIDATION_MESSAGE, { fields });
}

/**
 * The documents to store: the files already in the session keep their stored names, the new ones are promoted (they must be
 * temporary uploads, else 400 naming their slots) and take their uploaded names.
 */
async function storedMedias(tx: Executor, media: MediaService, body: SessionMediasBody, current: SessionMedias) {
  const currentIds = new Set(mediaIdsOf(current));
  const slots = mediaSlots(body);
  const added = slots.filter((slot) => !currentIds.has(slot.id));
  try {
    await media.promote(
      added.map((slot) => slot.id),
      tx,
    );
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode !== 409) throw error;
    const refused = new Set(error.details?.medias ?? []);
    const fields = added.filter((slot) => refused.has(slot.id)).map((slot) => ({ path: fieldPath([...slot.path, "id"]), message: error.message }));
    throw badRequest(error.message, { fields });
  }
  const ids = slots.map((slot) => slot.id);
  const rows = ids.length ? await tx.select({ id: medias.id, name: medias.fileName }).from(medias).where(inArray(medias.id, ids)) : [];
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const named = <T extends { id: string }>(ref: T) => ({ ...ref, name: names.get(ref.id) ?? "" });
  const next: SessionMedias = {
    ...emptyMedias(),
    kairosCertificate: body.kairosCertificate ? named(body.kairosCertificate) : null,
    attendanceSheets: Object.fromEntries(Object.entries(body.attendanceSheets).map(([month, ref]) => [month, named(ref)])),
  };
  for (const list of Object.keys(TITLED_MEDIA_LISTS) as TitledMediaList[]) next[list] = body[list].map(named);
  const kept = new Set(ids);
  return { next, removed: [...currentIds].filter((id) => !kept.has(id)) };
}

/**
 * Applies a PATCH in one transaction, the session row locked: two simultaneous validations of one bilan are serialised, so only
 * the first one validates (and mails: `onValidated` queues the mail in the same transaction); a refused part (locked bilan, new sheet
 * outside the session, unavailable file) changes nothing. Undefined when the session does not exist or is outside the caller's scope.
 */
export async function patchSession(
  db: Database,
  media: MediaService,
  caller: Caller,
  id: string,
  body: SessionPatchBody,
  onValidated: (tx: Executor) => Promise<unknown>,
): Promise<PatchOutcome | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), sessionScope(caller)))
      .for("update", { of: sessions });
    if (!current) return undefined;
    const { values: result, validatedNow } = await resultValues(tx, caller, current, body.result);
    const dates = body.information ?? current;
    const currentMedias: SessionMedias = { ...emptyMedias(), ...current.medias };
    if (body.medias) assertNewSheetsWithinSession(body.medias.attendanceSheets, currentMedias.attendanceSheets, dates.startDate, dates.endDate);
    const documents = body.medias ? await storedMedias(tx, media, body.medias, currentMedias) : undefined;
    await tx
      .update(sessions)
      .set({ ...body.information, ...result, ...(documents ? { medias: documents.next } : {}), updatedAt: sql`now()` })
      .where(eq(sessions.id, id));
    if (validatedNow) await onValidated(tx);
    const datesChanged = dates.startDate !== current.startDate || dates.endDate !== current.endDate;
    return { removedMediaIds: documents?.removed ?? [], validatedNow, datesChanged };
  });
}
