import { getHeapStatistics } from "node:v8";
import underPressure from "@fastify/under-pressure";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../db/unavailable";
import { ApiError } from "./errors";

/** What the plugin throws when overloaded; the error handler answers it as any ApiError (503, French message). */
class OverloadError extends ApiError {
  constructor() {
    super(503, SERVICE_UNAVAILABLE_MESSAGE);
  }
}

/**
 * Under overload, answer 503 at once rather than queue requests that would all be late: when the event loop's mean
 * delay over a sample exceeds the limit (something hogs the CPU), or the heap nears V8's limit.
 * The defaults are far above normal use and the tests: a loop late by a whole second on average, a heap at 90 % of its limit.
 * /api/health is not exempt: an overloaded instance should be reported unavailable to whoever balances the load.
 */
export async function registerOverloadGuard(app: FastifyInstance, pressure: AppConfig["pressure"] = {}): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: pressure.maxEventLoopDelayMs ?? 1000,
    maxHeapUsedBytes: pressure.maxHeapUsedBytes ?? Math.round(getHeapStatistics().heap_size_limit * 0.9),
    sampleInterval: pressure.sampleIntervalMs ?? 1000,
    customError: OverloadError,
    retryAfter: 5,
  });
}
