import { Readable } from "node:stream";
import { and, eq, inArray, isNotNull, isNull, lt, gt } from "drizzle-orm";
import { MEDIA_MAX_BYTES, MEDIA_MSG, TEMPORARY_MEDIA_TTL_MS, type TemporaryMedia } from "../../resources/medias/schema";
import type { Database, Executor } from "../db/connection";
import { newId } from "../db/ids";
import { medias } from "../db/schema/index";
import { ApiError, notFound } from "../http/errors";
import { safeFileName } from "./file-names";
import { checkedPdfContent } from "./pdf-upload";
import { StoredFileMissingError, type MediaStorage } from "./storage";

export interface OpenedMedia {
  stream: Readable;
  fileName: string;
  size: number;
}

/** What the rest of the server does with media files (`app.media`); the API is described in /work/notes/media-plugin-api.md. */
export interface MediaService {
  /** Checks and stores an upload as a temporary media; 415 not a PDF, 413 too large; nothing is kept on any failure. */
  saveTemporary(content: AsyncIterable<Buffer> | Buffer, fileName: string | undefined, callerId: string): Promise<TemporaryMedia>;
  /**
   * Makes temporary medias permanent, in the caller's transaction when given (else in one of its own). Each id must be a
   * temporary media younger than 24 h, else 409 with `details.medias` (the ids refused) and nothing is promoted.
   */
  promote(ids: readonly string[], executor?: Executor): Promise<void>;
  /** Deletes medias (rows, then files); unknown ids are ignored. Files cannot roll back: call it after the transaction commits. */
  remove(ids: readonly string[]): Promise<void>;
  /** A promoted media's content; 404 for an unknown or temporary one (temporaries cannot be previewed). */
  open(id: string): Promise<OpenedMedia>;
  /** Deletes the temporaries created before now − 24 h, each row with its file; answers how many. */
  purgeExpired(now?: Date): Promise<number>;
}

/** Expired temporaries deleted per transaction by the purge. */
const PURGE_BATCH = 500;

const expiryCutoff = (now: Date) => new Date(now.getTime() - TEMPORARY_MEDIA_TTL_MS);

const mediaUnavailable = (ids: string[]) => new ApiError(409, MEDIA_MSG.unavailable, { medias: ids });

export function createMediaService(db: Database, storage: MediaStorage): MediaService {
  // Row first gone, file second: a reader never finds a row whose file was removed.
  const removeFiles = async (ids: string[]) => {
    for (const id of ids) await storage.remove(id);
  };

  const promoteWith = async (executor: Executor, ids: string[]) => {
    const now = new Date();
    const promoted = await executor
      .update(medias)
      .set({ promotedAt: now })
      .where(and(inArray(medias.id, ids), isNull(medias.promotedAt), gt(medias.createdAt, expiryCutoff(now))))
      .returning({ id: medias.id });
    if (promoted.length === ids.length) return;
    const done = new Set(promoted.map((row) => row.id));
    throw mediaUnavailable(ids.filter((id) => !done.has(id)));
  };

  return {
    async saveTemporary(content, fileName, callerId) {
      const id = newId();
      const measured = { size: 0 };
      const source = Buffer.isBuffer(content) ? [content] : content;
      await storage.put(id, Readable.from(checkedPdfContent(source, MEDIA_MAX_BYTES, measured)));
      const name = safeFileName(fileName);
      try {
        await db.insert(medias).values({ id, fileName: name, size: measured.size, createdBy: callerId });
      } catch (error) {
        await storage.remove(id);
        throw error;
      }
      return { id, name, size: measured.size };
    },

    async promote(ids, executor) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return;
      if (executor) return promoteWith(executor, unique);
      await db.transaction((tx) => promoteWith(tx, unique));
    },

    async remove(ids) {
      if (ids.length === 0) return;
      const removed = await db.delete(medias).where(inArray(medias.id, [...ids])).returning({ id: medias.id });
      await removeFiles(removed.map((row) => row.id));
    },

    async open(id) {
      const [row] = await db
        .select({ fileName: medias.fileName, size: medias.size })
        .from(medias)
        .where(and(eq(medias.id, id), isNotNull(medias.promotedAt)));
      if (!row) throw notFound(MEDIA_MSG.notFound);
      try {
        return { stream: await storage.open(id), fileName: row.fileName, size: row.size };
      } catch (error) {
        // A row whose file is gone (a restore of the database without its media store): missing, not a server fault.
        if (error instanceof StoredFileMissingError) throw notFound(MEDIA_MSG.notFound);
        throw error;
      }
    },

    async purgeExpired(now = new Date()) {
      // Row and object go together: the rows are deleted in a transaction that commits only once their objects are gone, so
      // a storage failure leaves both for the next purge (removing a missing object is no error). By batches, short locks.
      let purged = 0;
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const expired = tx
            .select({ id: medias.id })
            .from(medias)
            .where(and(isNull(medias.promotedAt), lt(medias.createdAt, expiryCutoff(now))))
            .limit(PURGE_BATCH)
            .for("update", { skipLocked: true });
          const removed = await tx.delete(medias).where(inArray(medias.id, expired)).returning({ id: medias.id });
          await removeFiles(removed.map((row) => row.id));
          return removed.length;
        });
        purged += batch;
        if (batch < PURGE_BATCH) return purged;
      }
    },
  };
}
