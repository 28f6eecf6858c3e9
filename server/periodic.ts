/**
 * Periodic work run once per cluster: a job of the durable queue (server/queue/), scheduled every `everyMs`; whichever process
 * finds the schedule due enqueues its one run (job_schedules), and any worker runs it. Its state and failures are the queue's.
 */
import type { FastifyInstance } from "fastify";
import type { QueueLane } from "./queue/types";

export interface PeriodicTask {
  /** Its queue and its schedule. */
  name: string;
  /** 0 = never. */
  everyMs: number;
  run: () => Promise<void>;
  /** Its workers (docs/queue.md); `other` when unset. */
  lane?: QueueLane;
}

/** Needs `app.queue` (server/queue/plugin.ts registered first). */
export function registerPeriodicTask(app: FastifyInstance, task: PeriodicTask): void {
  if (task.everyMs <= 0) return;
  app.queue.register(task.name, { handler: () => task.run(), lane: task.lane });
  app.queue.schedule(task.name, { everyMs: task.everyMs });
}
