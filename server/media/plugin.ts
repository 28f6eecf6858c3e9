import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config";
import { registerPeriodicTask } from "../periodic";
import { createLocalDiskStorage } from "./local-disk-storage";
import { createMediaService, type MediaService } from "./service";
import type { MediaStorage } from "./storage";

declare module "fastify" {
  interface FastifyInstance {
    media: MediaService;
  }
}

/** The local media storage of a data directory (DATA_DIR/media). */
export const mediaStorageIn = (dataDir: string) => createLocalDiskStorage(path.join(dataDir, "media"));

/** The configured storage: DATA_DIR/media by default, an S3-compatible bucket with MEDIA_STORAGE=s3 (its SDK loaded only then). */
export async function mediaStorageOf(config: Pick<AppConfig, "dataDir" | "mediaStorage">): Promise<MediaStorage> {
  if (config.mediaStorage?.kind !== "s3") return mediaStorageIn(config.dataDir);
  const { createS3Storage } = await import("./s3-storage");
  return createS3Storage(config.mediaStorage);
}

/** How often expired temporaries are purged when the configuration does not say. */
export const DEFAULT_MEDIA_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * `app.media` on the root instance and the purge of expired temporaries, once per cluster every `config.mediaPurgeIntervalMs`
 * (hourly by default, 0 = never). Multipart parsing is registered by the upload route only (server/routes/medias.ts).
 */
export async function registerMedia(app: FastifyInstance): Promise<void> {
  app.decorate("media", createMediaService(app.db, await mediaStorageOf(app.config)));
  registerPeriodicTask(app, {
    name: "media-purge",
    everyMs: app.config.mediaPurgeIntervalMs ?? DEFAULT_MEDIA_PURGE_INTERVAL_MS,
    run: async () => {
      const count = await app.media.purgeExpired();
      if (count > 0) app.log.info({ count }, "Fichiers temporaires expirés supprimés");
    },
  });
}
