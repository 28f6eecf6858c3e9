/**
 * Slow clients (issue 23) may hold a connection, and an upload's partial file, no longer than they must: the whole request ends
 * within `requestTimeoutMs` and its headers within `headersTimeoutMs` (Node's own checks), and a body must keep coming — at least
 * `minBodyBytes` every `bodyWindowMs` — or its connection is cut (a body trickled at 1 byte per 5 s is cut within 20 s; the upload
 * then fails and its partial file is removed, server/media/local-disk-storage.ts).
 */
import type { Socket } from "node:net";
import type { FastifyHttpOptions, FastifyInstance } from "fastify";
import type http from "node:http";
import type { AppConfig } from "../config";

const DEFAULTS = { requestTimeoutMs: 5 * 60_000, headersTimeoutMs: 20_000, minBodyBytes: 1024, bodyWindowMs: 10_000 };

/** The HTTP server's own timeouts, for Fastify's options. */
export function serverTimeouts(config: AppConfig["http"] = {}): Pick<FastifyHttpOptions<http.Server>, "requestTimeout" | "http"> {
  const requestTimeout = config.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs;
  const headersTimeout = Math.min(config.headersTimeoutMs ?? DEFAULTS.headersTimeoutMs, requestTimeout);
  // How often Node checks them (30 s by default: a 20 s limit would be enforced anywhere up to 50 s).
  return { requestTimeout, http: { headersTimeout, connectionsCheckingInterval: Math.max(100, Math.min(5_000, headersTimeout / 4)) } };
}

/** The body's pace, measured on the socket (reading the request's stream would consume it). Not for injected requests. */
export function registerBodyPaceGuard(app: FastifyInstance, config: AppConfig["http"] = {}): void {
  const minBytes = config.minBodyBytes ?? DEFAULTS.minBodyBytes;
  const windowMs = config.bodyWindowMs ?? DEFAULTS.bodyWindowMs;
  app.addHook("onRequest", async (request, reply) => {
    const socket = request.raw.socket as Socket | undefined;
    const declared = Number(request.headers["content-length"] ?? 0);
    const hasBody = declared > 0 || request.headers["transfer-encoding"] !== undefined;
    if (!hasBody || !socket || typeof socket.bytesRead !== "number" || request.raw.complete) return;
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (request.raw.complete || socket.destroyed) return clearInterval(timer);
      if (socket.bytesRead - seen < minBytes) {
        clearInterval(timer);
        request.log.info({ bytesRead: socket.bytesRead - seen, windowMs }, "Corps de requête trop lent : connexion coupée");
        socket.destroy();
        return;
      }
      seen = socket.bytesRead;
    }, windowMs).unref();
    reply.raw.once("close", () => clearInterval(timer));
  });
}
