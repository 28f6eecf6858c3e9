import type { FastifyRequest, FastifyServerOptions } from "fastify";
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

export function loggerOptions(config: Pick<AppConfig, "logger" | "logStream">): FastifyServerOptions["logger"] {
  if (!config.logger) return false;
  return {
    level: "info",
    redact: ["req.headers.authorization"],
    serializers: { req: requestWithoutQuery, err: errWithoutValues },
    ...(config.logStream ? { stream: config.logStream } : {}),
  };
}
