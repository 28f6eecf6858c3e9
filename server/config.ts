import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseUserRateLimit, type UserRateLimit } from "./auth/user-rate-limit";
import type { Environment, LogLevel } from "./environment";
import type { QueueLane } from "./queue/types";

export type MediaStorageConfig =
  | { kind: "disk" }
  | {
      kind: "s3";
      bucket: string;
      /** An S3-compatible service (path-style addressing); AWS itself when absent. */
      endpoint?: string | undefined;
      region: string;
      /** The SDK's default chain (environment, instance role) when absent. */
      credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export interface AppConfig {
  /** NODE_ENV or APP_ENV = production: mails never fall back to the log's outbox, tokens in links are never logged. */
  production?: boolean;
  databaseUrl: string;
  /** HS256 key for session tokens. */
  jwtSecret: Uint8Array;
  /** Base of the links sent by e-mail, e.g. https://formation.example.fr */
  publicUrl: string;
  dataDir: string;
  smtpUrl?: string;
  /** Where the built SPA lives; served with history fallback when present. */
  staticDir?: string;
  /** The external system's base URL; the embedded simulator when absent. */
  agoraUrl?: string;
  closedRecordMonths: number;
  /** Failed sign-ins allowed per address per window (the ceiling against spraying; pairs are throttled below it, login-limiter.ts). */
  loginRateLimit: { max: number; windowMs: number };
  /** Each user's request rate (server/auth/user-rate-limit.ts, USER_RATE_LIMIT); 20/s with bursts of 60 when unset, false = none. */
  userRateLimit?: UserRateLimit | false;
  /** Reset mails per address and per e-mail per window (mail bombing); 10 per quarter hour when unset. */
  resetRateLimit?: { max: number; windowMs: number };
  logger: boolean;
  /** pino's level when the logger is on; info when unset. */
  logLevel?: LogLevel;
  /** Where log lines go when the logger is on (tests capture them); standard output when absent. */
  logStream?: { write(line: string): void };
  /** Fastify trustProxy: addresses or subnets of the reverse proxy, comma-separated (TRUST_PROXY); off by default. */
  trustProxy?: boolean | string;
  /** Database connections; unset values take server/db/connection.ts's defaults. */
  database?: { applicationName?: string; statementTimeoutMs?: number; connectionTimeoutMs?: number };
  /** Overload (@fastify/under-pressure): beyond these, 503 at once rather than queueing; 0 disables a check. */
  pressure?: { maxEventLoopDelayMs?: number; maxHeapUsedBytes?: number; sampleIntervalMs?: number };
  /** Local disk (DATA_DIR/media) when unset. */
  mediaStorage?: MediaStorageConfig;
  /** Expired temporary medias are purged this often, once per cluster; hourly when unset, 0 = never (server/media/plugin.ts). */
  mediaPurgeIntervalMs?: number;
  /** One AGORA call, connection and answer (AGORA_TIMEOUT_MS); 10 s when unset. Beyond it the outcome is unknown: reconciled. */
  agoraTimeoutMs?: number;
  /**
   * The durable queue's workers (server/queue/, docs/queue.md); `autoStart: false` starts none (tests that run jobs with
   * queue.drain()); `keepFailedMs` from QUEUE_KEEP_FAILED_DAYS.
   */
  queue?: { pollMs?: number; lanes?: Partial<Record<QueueLane, number>>; keepFailedMs?: number; autoStart?: boolean };
  /** At a stop, jobs and AGORA calls under way get this long to finish, then are left pending (STOP_GRACE_MS); 5 s when unset. */
  stopGraceMs?: number;
  /** SMTP connection, greeting and socket timeouts (SMTP_TIMEOUT_MS); 5 s when unset. */
  smtpTimeoutMs?: number;
  /** A whole SMTP session at most, however lively the server (server/mail/index.ts); 60 s when unset, under the mail lease. */
  smtpSessionMs?: number;
  /** Mail retries (server/mail/queue.ts): from 1 min, doubling up to 1 h, for 24 h when unset. */
  mailRetry?: { firstDelayMs: number; maxDelayMs: number; giveUpAfterMs: number };
  /** Temporary uploads per user and the disk's reserve (server/media/upload-limits.ts). */
  uploads?: { maxPending?: number; maxPendingBytes?: number; minFreeBytes?: number };
  /**
   * Slow clients (server/http/slow-clients.ts): the whole request (HTTP_REQUEST_TIMEOUT_MS, 5 min), its headers (20 s), and a body
   * that must bring at least `minBodyBytes` every `bodyWindowMs` (1 KiB per 10 s), else the connection is cut.
   */
  http?: { requestTimeoutMs?: number; headersTimeoutMs?: number; minBodyBytes?: number; bodyWindowMs?: number };
  /** Attendance sheets: worker threads, sheets one user may have drawn at once, bytes cached (server/sessions/sheet-renderer.ts). */
  sheets?: { threads?: number; perUser?: number; cacheBytes?: number };
  /**
   * The clock of the date rules ("today" for the blocking records, a record closed too long ago in the simulator); the system's
   * when unset. Tests set it to stand on a given day, e.g. around a public holiday.
   */
  clock?: () => Date;
}

/** The app's clock in milliseconds (config.clock, else the system's): throttles count by it, so tests move time instead of waiting. */
export const clockMs = (config: Pick<AppConfig, "clock">) => (config.clock ? () => config.clock!().getTime() : Date.now);

/** The key from JWT_SECRET, else (outside production) one generated once and kept in the data directory. */
export function loadJwtSecret(dataDir: string, fromEnv: string | undefined): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = path.join(dataDir, "jwt-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600 });
  }
  return new TextEncoder().encode(fs.readFileSync(file, "utf8").trim());
}

const DEFAULT_PORT = 3000;

/** The listening address of the process (server/main.ts), from the checked environment. */
export const listenAddressOf = (env: Environment) => ({ port: env.PORT ?? DEFAULT_PORT, host: env.HOST ?? "127.0.0.1" });

/** Where media files go: DATA_DIR/media, or an S3-compatible bucket (MEDIA_STORAGE=s3). */
function mediaStorageOf(env: Environment): MediaStorageConfig {
  if (env.MEDIA_STORAGE !== "s3" || !env.S3_BUCKET) return { kind: "disk" };
  return {
    kind: "s3",
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? "us-east-1",
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
  };
}

/** The app's configuration from the checked environment (server/environment.ts) and the database it runs on. */
export function configFromEnvironment(env: Environment, databaseUrl: string): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? "data");
  const { port } = listenAddressOf(env);
  return {
    production: env.production,
    databaseUrl,
    jwtSecret: loadJwtSecret(dataDir, env.JWT_SECRET),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    dataDir,
    smtpUrl: env.SMTP_URL,
    staticDir: path.resolve(env.STATIC_DIR ?? DEFAULT_STATIC_DIR),
    agoraUrl: env.AGORA_URL,
    closedRecordMonths: env.CLOSED_RECORD_MONTHS ?? 12,
    loginRateLimit: { max: env.LOGIN_RATE_LIMIT ?? 100, windowMs: 15 * 60_000 },
    userRateLimit: env.USER_RATE_LIMIT === undefined ? undefined : parseUserRateLimit(env.USER_RATE_LIMIT),
    logger: env.LOG_LEVEL !== "silent",
    logLevel: env.LOG_LEVEL ?? "info",
    trustProxy: env.TRUST_PROXY ?? false,
    database: { statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS },
    pressure: { maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS },
    mediaStorage: mediaStorageOf(env),
    mediaPurgeIntervalMs: env.MEDIA_PURGE_INTERVAL_MS,
    agoraTimeoutMs: env.AGORA_TIMEOUT_MS,
    stopGraceMs: env.STOP_GRACE_MS,
    smtpTimeoutMs: env.SMTP_TIMEOUT_MS,
    smtpSessionMs: env.SMTP_SESSION_MS,
    http: { requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS },
    queue: { keepFailedMs: env.QUEUE_KEEP_FAILED_DAYS === undefined ? undefined : env.QUEUE_KEEP_FAILED_DAYS * 24 * 3_600_000 },
  };
}

/** Where `npm run build` puts the SPA (vite.config.ts); the server bundle goes beside it, in dist/server, never served. */
export const DEFAULT_STATIC_DIR = "dist/public";
