import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyRequest } from "fastify";
import { pino, type Logger } from "pino";
import type { AppConfig } from "../config";
import { errWithoutValues } from "./log-errors";

/**
 * Requests are logged by method and path: a query string carries search terms, NIRs and e-mails (lists, AGORA lookup),
 * and bodies are never logged. Errors go through errWithoutValues.
 */
const requestWithoutQuery = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.split("?")[0],
  remoteAddress: request.ip,
});

/** The one logger of a process: the start and stop lines (server/main.ts) and every request's lines (the app) go through it. */
export function createLogger(config: Pick<AppConfig, "logger" | "logLevel" | "logStream">): Logger {
  return pino(
    {
      level: config.logger ? (config.logLevel ?? "info") : "silent",
      redact: ["req.headers.authorization"],
      serializers: { req: requestWithoutQuery, err: errWithoutValues },
    },
    config.logStream ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** The key of the request id in every log line of a request. */
export const REQUEST_ID_LOG_LABEL = "requestId";
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * A load balancer or a client may send its own id, kept so that their logs and ours meet; anything longer than a UUID with
 * a prefix, or with characters that could forge a log line or a header, is replaced by a fresh UUID.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === "string" && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}
