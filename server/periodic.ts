/**
 * Periodic work run once per cluster (server/db/cluster-lock.ts): each instance looks every quarter period, and the first to
 * find the task due runs it; the others skip. From the moment the app is ready until it closes.
 */
import type { FastifyInstance } from "fastify";
import { runOncePerCluster } from "./db/cluster-lock";

export interface PeriodicTask {
  /** Its lock and its row in cluster_tasks. */
  name: string;
  /** 0 = never. */
  everyMs: number;
  run: () => Promise<void>;
}

export function registerPeriodicTask(app: FastifyInstance, task: PeriodicTask): void {
  if (task.everyMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = async () => {
    try {
      await runOncePerCluster(app.pool, { name: task.name, everyMs: task.everyMs }, task.run);
    } catch (error) {
      app.log.warn({ err: error, task: task.name }, "Tâche périodique impossible pour l'instant");
    }
  };
  app.addHook("onReady", async () => {
    // unref: the timer alone never keeps the process (or a test run) alive. A slow run is not started twice here.
    timer = setInterval(() => {
      running ??= tick().finally(() => (running = undefined));
    }, Math.max(250, Math.floor(task.everyMs / 4))).unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
