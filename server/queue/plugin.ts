import type { FastifyInstance } from "fastify";
import { createQueue, type Queue } from "./queue";

declare module "fastify" {
  interface FastifyInstance {
    queue: Queue;
  }
}

/** STOP_GRACE_MS when unset: what work under way gets at a stop before it is left pending. */
export const DEFAULT_STOP_GRACE_MS = 5_000;

/**
 * Work that must be stopped within the grace period when the server stops: asked to stop as soon as the stop begins (alongside
 * the HTTP requests' own drain), awaited before the database pool closes (onClose hooks run last-registered first).
 */
export function stopWithServer(app: FastifyInstance, stop: (graceMs: number) => Promise<void>): void {
  const graceMs = app.config.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
  let stopping: Promise<void> | undefined;
  app.addHook("preClose", async () => {
    stopping = stop(graceMs);
  });
  app.addHook("onClose", async () => {
    await (stopping ?? stop(graceMs));
  });
}

/** `app.queue` (server/queue/queue.ts): workers start with the server (unless `queue.autoStart` is false) and stop with it. */
export function registerQueue(app: FastifyInstance): void {
  const { queue: options = {} } = app.config;
  const queue = createQueue({
    pool: app.pool,
    databaseUrl: app.config.databaseUrl,
    log: app.log,
    pollMs: options.pollMs,
    lanes: options.lanes,
    keepFailedMs: options.keepFailedMs,
  });
  app.decorate("queue", queue);
  app.addHook("onReady", async () => {
    if (options.autoStart !== false) await queue.start();
  });
  stopWithServer(app, (graceMs) => queue.stop(graceMs));
}
