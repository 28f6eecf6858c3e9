/**
 * Child process hosting the app for the bench (so that its peak RSS is its own): buildApp on BENCH_DATABASE_URL, logger off,
 * listening on a free port. Messages: {type: "capture-start"} then {type: "capture-stop"} answer the statements in between.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../../server/app";
import { parseUserRateLimit } from "../../server/auth/user-rate-limit";
import type { AppConfig } from "../../server/config";
import { capturePool } from "./capture";
import { childChannel } from "./ipc";

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error("BENCH_DATABASE_URL manquant");

const config: AppConfig = {
  databaseUrl,
  jwtSecret: randomBytes(32),
  publicUrl: "http://127.0.0.1",
  dataDir: path.join(os.tmpdir(), `bench-app-${process.pid}`),
  closedRecordMonths: 12,
  // The bench signs in a few times; the login throttle is not what it measures.
  loginRateLimit: { max: 1_000, windowMs: 60_000 },
  // The bench drives each list as one user, as fast as it answers; the storm case (user-storm.ts) turns the limit on.
  userRateLimit: process.env.BENCH_USER_RATE_LIMIT ? parseUserRateLimit(process.env.BENCH_USER_RATE_LIMIT) : false,
  logger: false,
};

const app = await buildApp(config);
const capture = capturePool(app.pool);
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;

childChannel({
  "capture-start": () => {
    capture.start();
    return {};
  },
  "capture-stop": () => ({ phases: capture.stop() }),
  close: async () => {
    await app.close();
    return {};
  },
}).ready({ port });
