import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import Fastify, { LogController, type FastifyBaseLogger, type FastifyHttpOptions, type FastifyInstance, type FastifyReply } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import type { Logger } from "pino";
import { z } from "zod";
import { createAgoraClient, type AgoraClient } from "./agora/index";
import { requireLogin } from "./auth/guard";
import { createUserRateLimiter, DEFAULT_USER_RATE_LIMIT, type UserRateLimiter } from "./auth/user-rate-limit";
import { collectDeclaredRoutes } from "./auth/route-access";
import { clockMs, type AppConfig } from "./config";
import { registerDailyDigest } from "./todo/digest";
import { sweepThrottles } from "./auth/login-limiter";
import { connect, type Database } from "./db/connection";
import { noStoreApiAnswers, staticCacheControl } from "./http/cache-control";
import { registerErrorHandler } from "./http/errors";
import { createLogger, REQUEST_ID_HEADER, REQUEST_ID_LOG_LABEL, requestIdOf } from "./http/logging";
import { registerInputGuard } from "./http/input-guard";
import { registerOverloadGuard } from "./http/overload";
import { isHashedAsset, registerSecurityHeaders } from "./http/security-headers";
import { registerBodyPaceGuard, serverTimeouts } from "./http/slow-clients";
import { registerExchanges } from "./exchanges/index";
import { registerMedia } from "./media/plugin";
import { instrumentAgora, registerMetrics } from "./metrics";
import { registerPeriodicTask } from "./periodic";
import { registerQueue } from "./queue/plugin";
import { createSheetRenderer, type SheetRenderer } from "./sessions/sheet-renderer";
import { registerMail } from "./mail/queue";
import { registerRoutes } from "./routes/index";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    pool: pg.Pool;
    agora: AgoraClient;
    /** Set by server/main.ts on SIGTERM: /api/health/ready answers 503 so that the load balancer stops sending requests. */
    readiness: { draining: boolean };
    sheets: SheetRenderer;
    /** Each user's request rate, taken on the token before any database work (server/auth/guard.ts). */
    userRequests: UserRateLimiter;
  }
}

/** Ended throttle windows and idle sign-in pairs are deleted this often (once per cluster). */
const THROTTLES_SWEEP_MS = 60 * 60_000;

export type App = FastifyInstance;

/** The OpenAPI document is @fastify/swagger's, generated from the route schemas: an object, not checked key by key. */
const openApiDocument = z.looseObject({}).describe("Document OpenAPI 3");

export interface BuildOptions {
  /** The process's logger (server/main.ts), so that start, requests and stop share one; made from the config when absent. */
  logger?: Logger;
}

/** The whole API (and the built SPA when present), without listening: tests inject requests into it. */
export async function buildApp(config: AppConfig, { logger = createLogger(config) }: BuildOptions = {}): Promise<FastifyInstance> {
  const options: FastifyHttpOptions<http.Server> = {
    loggerInstance: logger as FastifyBaseLogger,
    // Every log line of a request carries its id, also sent back in X-Request-Id and in error bodies (http/errors.ts).
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
    // Client addresses (login rate limit) come from X-Forwarded-For only behind a declared proxy.
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 2 * 1024 * 1024,
    // Slow clients hold neither a connection nor an upload for long (server/http/slow-clients.ts).
    ...serverTimeouts(config.http),
    // A training reference is number (50) + "-" + action number (50): longer than find-my-way's default of 100.
    routerOptions: { maxParamLength: 256 },
    // Malformed URLs and over-long path parameters are answered by the router, before our error handler: in French too.
    frameworkErrors: (error, request, reply) => {
      const statusCode = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
      const message = statusCode === 414 ? "L'adresse demandée est trop longue" : "L'adresse demandée n'est pas valide";
      // The router's reply is typed for no route schema at all; it is a plain reply. No onSend hook runs for it:
      // the API's no-store (http/cache-control.ts) is set here.
      void (reply as FastifyReply)
        .status(statusCode)
        .header("cache-control", "no-store")
        .header(REQUEST_ID_HEADER, request.id)
        .send({ statusCode, error: statusCode === 414 ? "URI Too Long" : "Bad Request", message, requestId: request.id });
    },
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request, reply) => {
    // Not on hashed assets: ~90 of them make the records page, where every header byte counts on the wire (issue 37).
    if (!isHashedAsset(request.url)) reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { pool, db } = connect(config.databaseUrl, {
    ...config.database,
    onConnectionLost: (message) => app.log.warn(message),
  });
  app.decorate("config", config);
  app.decorate("db", db);
  app.decorate("pool", pool);
  const metrics = registerMetrics(app, pool);
  app.decorate("agora", instrumentAgora(createAgoraClient(config), metrics.agoraExchanges));
  app.decorate("readiness", { draining: false });
  app.decorate("sheets", createSheetRenderer(config.sheets));
  app.decorate("userRequests", createUserRateLimiter(config.userRateLimit ?? DEFAULT_USER_RATE_LIMIT));
  app.addHook("onClose", async () => {
    await app.sheets.close();
    await app.agora.close?.();
    await pool.end();
  });
  // Background work (README "File d'attente"): after the pool's hook, so that it stops before the pool closes.
  registerQueue(app);
  registerExchanges(app);
  registerMail(app);
  await registerMedia(app);
  registerDailyDigest(app);
  registerPeriodicTask(app, { name: "throttles-sweep", everyMs: THROTTLES_SWEEP_MS, run: async () => void (await sweepThrottles(db, clockMs(config)())) });

  collectDeclaredRoutes(app);
  registerErrorHandler(app);
  await registerOverloadGuard(app, config.pressure);
  registerInputGuard(app);
  registerBodyPaceGuard(app, config.http);
  noStoreApiAnswers(app);
  registerSecurityHeaders(app);
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });
  await app.register(swagger, {
    openapi: { info: { title: "API des dossiers de formation", version: "1.0.0" }, servers: [{ url: "/" }] },
    transform: jsonSchemaTransform,
  });

  await app.register(registerRoutes, { prefix: "/api" });
  // The API's map is for its users, not for whoever probes it: signed in, any role.
  app.get("/api/docs", { onRequest: requireLogin, schema: { hide: true, response: { 200: openApiDocument } } }, async () => ({
    ...app.swagger(),
  }));

  if (config.staticDir && fs.existsSync(path.join(config.staticDir, "index.html"))) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      // The build leaves .br and .gz copies of every text file (vite.config.ts, `precompress`): sent as they are.
      preCompressed: true,
      // No client asks for part of a script or a page.
      acceptRanges: false,
      cacheControl: false,
      setHeaders: staticCacheControl(config.staticDir),
    });
    // History fallback: every non-API GET that is not a file gets the SPA. A route, not a second not-found handler:
    // http/errors.ts already owns that one (Fastify allows a single one), and answers the JSON 404 for the API.
    app.get("/*", { schema: { hide: true } }, (request, reply) =>
      request.url.startsWith("/api/") ? reply.callNotFound() : reply.sendFile("index.html"),
    );
  }
  return app;
}
