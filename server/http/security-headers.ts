import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/** What a hashed script or style sheet still needs once the page that loads it carries the document's headers. */
const SUBRESOURCE_HEADERS = {
  "x-content-type-options": "nosniff",
  "cross-origin-resource-policy": "same-origin",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
} as const;

/** Vite's hashed files: immutable, loaded by the page as subresources. */
export const isHashedAsset = (url: string) => url.startsWith("/assets/");

/**
 * helmet's headers on every answer (errors and 404s included), with a same-origin content security policy; Vite's hashed
 * files in assets/ get the three that apply to a subresource. A policy, frame or referrer header means nothing on a script,
 * and helmet's ~1 kB on each of the ~80 files of the records page was a fifth of its JavaScript on the wire (issue 37).
 * Its middleware is built once, here: @fastify/helmet built it again for every request, 2.5 % of a cheap list call's
 * CPU in the bench's profile (issue 11).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its theme's CSS variables in a <style> tag, and style props in style attributes.
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
  app.addHook("onRequest", (request, reply, done) => {
    if (isHashedAsset(request.url)) {
      reply.headers(SUBRESOURCE_HEADERS);
      done();
      return;
    }
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}
