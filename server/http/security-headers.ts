import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * helmet's headers on every answer (errors and 404s included), with a same-origin content security policy.
 * Its middleware is built once, here: @fastify/helmet built it again for every request, 2.5 % of a cheap list call's
 * CPU in the bench's profile (issue 11).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine 5 / emotion inject <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: ["'self'", "blob:"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // helmet's `next` takes `unknown`; what it passes on is an Error or nothing.
  app.addHook("onRequest", (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)));
}
