import path from "node:path";
import type { FastifyInstance } from "fastify";

const API_URL = /^\/api(?:[/?]|$)/;

/**
 * API answers carry NIR and other personal data: no cache (browser, proxy) keeps them, errors and 404s included.
 * onSend runs for every answer (route, error handler, not-found handler); the router's own errors set it in app.ts.
 */
export function noStoreApiAnswers(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply) => {
    if (API_URL.test(request.url)) reply.header("cache-control", "no-store");
  });
}

/**
 * @fastify/static's `setHeaders` for files under `root` (with its own cacheControl off): index.html is revalidated on
 * every load so a new version is seen at once; Vite's hashed files in assets/ never change; other files (favicon,
 * logos) are kept an hour.
 */
export const staticCacheControl = (root: string) => (res: { setHeader(name: string, value: string): unknown }, filePath: string) => {
  const relative = path.relative(root, filePath).split(path.sep);
  res.setHeader(
    "cache-control",
    relative.join("/") === "index.html"
      ? "no-cache"
      : relative[0] === "assets"
        ? "public, max-age=31536000, immutable"
        : "public, max-age=3600",
  );
};
