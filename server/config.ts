import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface AppConfig {
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
  /** Reset mails per address and per e-mail per window (mail bombing); 10 per quarter hour when unset. */
  resetRateLimit?: { max: number; windowMs: number };
  logger: boolean;
  /** Where log lines go when the logger is on (tests capture them); standard output when absent. */
  logStream?: { write(line: string): void };
  /** Fastify trustProxy: addresses or subnets of the reverse proxy, comma-separated (TRUST_PROXY); off by default. */
  trustProxy?: boolean | string;
  /** Database connections; unset values take server/db/connection.ts's defaults. */
  database?: { applicationName?: string; statementTimeoutMs?: number; connectionTimeoutMs?: number };
  /** Overload (@fastify/under-pressure): beyond these, 503 at once rather than queueing; 0 disables a check. */
  pressure?: { maxEventLoopDelayMs?: number; maxHeapUsedBytes?: number; sampleIntervalMs?: number };
  /** Expired temporary medias (files under dataDir/media) are purged this often; hourly when unset, 0 = never (server/media/plugin.ts). */
  mediaPurgeIntervalMs?: number;
  /** One AGORA call, connection and answer (AGORA_TIMEOUT_MS); 10 s when unset. Beyond it the outcome is unknown: reconciled. */
  agoraTimeoutMs?: number;
  /** The durable queue's workers (server/queue/); `autoStart: false` starts none (tests that run jobs with queue.drain()). */
  queue?: { pollMs?: number; concurrency?: number; autoStart?: boolean };
  /** At a stop, jobs and AGORA calls under way get this long to finish, then are left pending (STOP_GRACE_MS); 5 s when unset. */
  stopGraceMs?: number;
  /** SMTP connection, greeting and socket timeouts (SMTP_TIMEOUT_MS); 5 s when unset. */
  smtpTimeoutMs?: number;
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

/** The key from JWT_SECRET, else one generated once and kept in the data directory. */
export function loadJwtSecret(dataDir: string, fromEnv = process.env.JWT_SECRET): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = path.join(dataDir, "jwt-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600 });
  }
  return new TextEncoder().encode(fs.readFileSync(file, "utf8").trim());
}

const optionalNumber = (value: string | undefined) => (value ? Number(value) : undefined);

export function configFromEnv(env: NodeJS.ProcessEnv, databaseUrl: string): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? "data");
  const port = Number(env.PORT ?? 3000);
  return {
    databaseUrl,
    jwtSecret: loadJwtSecret(dataDir, env.JWT_SECRET),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    dataDir,
    smtpUrl: env.SMTP_URL || undefined,
    staticDir: path.resolve(env.STATIC_DIR ?? "dist"),
    agoraUrl: env.AGORA_URL || undefined,
    closedRecordMonths: Number(env.CLOSED_RECORD_MONTHS ?? 12),
    loginRateLimit: { max: Number(env.LOGIN_RATE_LIMIT ?? 100), windowMs: 15 * 60_000 },
    logger: env.LOG !== "0",
    trustProxy: env.TRUST_PROXY || false,
    database: { statementTimeoutMs: optionalNumber(env.DB_STATEMENT_TIMEOUT_MS) },
    pressure: { maxEventLoopDelayMs: optionalNumber(env.MAX_EVENT_LOOP_DELAY_MS) },
    agoraTimeoutMs: optionalNumber(env.AGORA_TIMEOUT_MS),
    stopGraceMs: optionalNumber(env.STOP_GRACE_MS),
    smtpTimeoutMs: optionalNumber(env.SMTP_TIMEOUT_MS),
    http: { requestTimeoutMs: optionalNumber(env.HTTP_REQUEST_TIMEOUT_MS) },
  };
}
