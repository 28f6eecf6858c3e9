import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyReply } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { createAgoraClient, type AgoraClient } from "./agora/index";
import { requireLogin } from "./auth/guard";
import { collectDeclaredRoutes } from "./auth/route-access";
import type { AppConfig } from "./config";
import { connect, type Database } from "./db/connection";
import { noStoreApiAnswers, staticCacheControl } from "./http/cache-control";
import { registerErrorHandler } from "./http/errors";
import { loggerOptions } from "./http/logging";
import { registerInputGuard } from "./http/input-guard";
import { registerOverloadGuard } from "./http/overload";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerMedia } from "./media/plugin";
import { createMailer } from "./mail/index";
import { registerRoutes } from "./routes/index";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    pool: pg.Pool;
    agora: AgoraClient;
  }
}

export type App = FastifyInstance;

/** The OpenAPI document is @fastify/swagger's, generated from the route schemas: an object, not checked key by key. */
const openApiDocument = z.looseObject({}).describe("Document OpenAPI 3");

/** The whole API (and the built SPA when present), without listening: tests inject requests into it. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const options: FastifyHttpOptions<http.Server> = {
    logger: loggerOptions(config),
    // Client addresses (login rate limit) come from X-Forwarded-For only behind a declared proxy.
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 2 * 1024 * 1024,
    // A training reference is number (50) + "-" + action number (50): longer than find-my-way's default of 100.
    routerOptions: { maxParamLength: 256 },
    // Malformed URLs and over-long path parameters are answered by the router, before our error handler: in French too.
    frameworkErrors: (error, _request, reply) => {
      const statusCode = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
      const message = statusCode === 414 ? "L'adresse demandée est trop longue" : "L'adresse demandée n'est pas valide";
      // The router's reply is typed for no route schema at all; it is a plain reply. No onSend hook runs for it:
      // the API's no-store (http/cache-control.ts) is set here.
      void (reply as FastifyReply).status(statusCode).header("cache-control", "no-store").send({ statusCode, error: statusCode === 414 ? "URI Too Long" : "Bad Request", message });
    },
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { pool, db } = connect(config.databaseUrl, {
    ...config.database,
    onConnectionLost: (message) => app.log.warn(message),
  });
  app.decorate("config", config);
  app.decorate("db", db);
  app.decorate("pool", pool);
  app.decorate("agora", createAgoraClient(config));
  app.decorate("mailer", createMailer(config, app.log));
  registerMedia(app);
  app.addHook("onClose", async () => pool.end());

  collectDeclaredRoutes(app);
  registerErrorHandler(app);
  await registerOverloadGuard(app, config.pressure);
  registerInputGuard(app);
  noStoreApiAnswers(app);
  registerSecurityHeaders(app);
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });
  await app.register(rateLimit, { global: false });
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
      preCompressed: false,
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
