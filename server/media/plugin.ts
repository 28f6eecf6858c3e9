import path from "node:path";
import type { FastifyInstance } from "fastify";
import { createLocalDiskStorage } from "./local-disk-storage";
import { createMediaService, type MediaService } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    media: MediaService;
  }
}

/** The media storage of a data directory (DATA_DIR/media): the server's, and where the demo seeder writes its files. */
export const mediaStorageIn = (dataDir: string) => createLocalDiskStorage(path.join(dataDir, "media"));

/** How often expired temporaries are purged when the configuration does not say. */
export const DEFAULT_MEDIA_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * `app.media` on the root instance (files under DATA_DIR/media) and the purge of expired temporaries: every
 * `config.mediaPurgeIntervalMs` (hourly by default, 0 = never) from the moment the app is ready until it closes.
 * Multipart parsing is registered by the upload route only (server/routes/medias.ts): other routes keep refusing it.
 */
export function registerMedia(app: FastifyInstance): void {
  app.decorate("media", createMediaService(app.db, mediaStorageIn(app.config.dataDir)));

  const intervalMs = app.config.mediaPurgeIntervalMs ?? DEFAULT_MEDIA_PURGE_INTERVAL_MS;
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const purge = async () => {
    // A slow purge (database busy) is not run twice at once.
    if (running) return;
    running = true;
    try {
      const count = await app.media.purgeExpired();
      if (count > 0) app.log.info({ count }, "Fichiers temporaires expirés supprimés");
    } catch (error) {
      app.log.warn({ err: error }, "Purge des fichiers temporaires impossible pour l'instant");
    } finally {
      running = false;
    }
  };
  app.addHook("onReady", async () => {
    // unref: the timer alone never keeps the process (or a test run) alive.
    timer = setInterval(() => void purge(), intervalMs).unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
