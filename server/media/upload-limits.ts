/**
 * What one user may leave in temporary uploads (issue 23): a few files, a few hundred megabytes, counted from the database
 * (temporaries not yet attached nor expired) plus the uploads under way in this process; and room left on the disk before a
 * byte is written. Checked before the body is read.
 */
import { mkdir, statfs } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, onRequestAsyncHookHandler } from "fastify";
import { MEDIA_MAX_BYTES, MEDIA_MSG, TEMPORARY_MEDIA_TTL_MS } from "../../resources/medias/schema";
import { callerOf } from "../auth/guard";
import { ApiError } from "../http/errors";

export interface UploadLimits {
  /** Temporary files one user may have waiting; 20 when unset. */
  maxPending?: number;
  /** Their bytes; 200 MiB when unset. */
  maxPendingBytes?: number;
  /** Free bytes the disk must keep once the largest upload is written; 512 MiB when unset. */
  minFreeBytes?: number;
}

/** An onRequest hook of the upload route (after the role's): 429, 413 or 507 in French; the count is released when the answer ends. */
export function admitUploads(app: FastifyInstance): onRequestAsyncHookHandler {
  // Where the local storage writes (server/media/plugin.ts).
  const directory = path.join(app.config.dataDir, "media");
  const { maxPending = 20, maxPendingBytes = 200 * 1024 * 1024, minFreeBytes = 512 * 1024 * 1024 } = app.config.uploads ?? {};
  const underWay = new Map<string, { files: number; bytes: number }>();

  return async (request, reply) => {
    const userId = callerOf(request).id;
    const declared = Math.min(Number(request.headers["content-length"] ?? 0) || 0, MEDIA_MAX_BYTES);
    const { rows } = await app.pool.query<{ files: number; bytes: string }>(
      `select count(*)::int as files, coalesce(sum(size), 0) as bytes from medias
       where created_by = $1 and promoted_at is null and created_at > now() - $2 * interval '1 millisecond'`,
      [userId, TEMPORARY_MEDIA_TTL_MS],
    );
    const mine = underWay.get(userId) ?? { files: 0, bytes: 0 };
    if (rows[0]!.files + mine.files >= maxPending) throw new ApiError(429, MEDIA_MSG.tooManyPending);
    if (Number(rows[0]!.bytes) + mine.bytes + declared > maxPendingBytes) throw new ApiError(413, MEDIA_MSG.pendingTooLarge);
    await mkdir(directory, { recursive: true });
    const disk = await statfs(directory);
    if (disk.bavail * disk.bsize < minFreeBytes + MEDIA_MAX_BYTES) throw new ApiError(507, MEDIA_MSG.diskFull);
    underWay.set(userId, { files: mine.files + 1, bytes: mine.bytes + declared });
    reply.raw.once("close", () => {
      const now = underWay.get(userId);
      if (!now) return;
      if (now.files <= 1) underWay.delete(userId);
      else underWay.set(userId, { files: now.files - 1, bytes: now.bytes - declared });
    });
  };
}
