import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { migrationsCurrent } from "../db/migrate";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../db/unavailable";

/** Why an instance is not ready: a load balancer's logs show it. */
const NOT_READY_REASONS = ["draining", "database", "migrations"] as const;
type NotReadyReason = (typeof NOT_READY_REASONS)[number];

const readyAnswer = z.strictObject({ status: z.literal("ok"), database: z.literal("ok"), migrations: z.literal("ok") });
const notReadyAnswer = z.strictObject({
  statusCode: z.literal(503),
  error: z.string(),
  message: z.string(),
  requestId: z.string(),
  // Absent when the overload guard (http/overload.ts) answers before the handler runs.
  status: z.literal("unavailable").optional(),
  reason: z.enum(NOT_READY_REASONS).optional(),
});

/**
 * `/api/health/live`: the process answers (a process manager restarts it otherwise); never asks the database, never refused
 * for overload: a database blip or a busy minute must not restart every instance.
 * `/api/health/ready`: this instance should get requests (the load balancer's check): not draining (server/main.ts sets it on
 * SIGTERM), the database answers, its migrations are those of this code, and not overloaded (http/overload.ts answers 503 first).
 * `/api/health`: the same as ready, kept for what already calls it.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Once the database has this code's migrations it keeps them: asked until then only.
  let migrationsOk = false;

  const notReady = (request: FastifyRequest, reply: FastifyReply, reason: NotReadyReason) =>
    reply.status(503).header("retry-after", "5").send({
      statusCode: 503 as const,
      error: "Service Unavailable",
      message: SERVICE_UNAVAILABLE_MESSAGE,
      requestId: request.id,
      status: "unavailable" as const,
      reason,
    });

  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    if (app.readiness.draining) return notReady(request, reply, "draining");
    try {
      await app.pool.query("select 1");
      migrationsOk ||= await migrationsCurrent(app.pool);
    } catch {
      // Whatever the reason (down, restarting, pool exhausted), the database does not answer: say so, without detail.
      return notReady(request, reply, "database");
    }
    if (!migrationsOk) return notReady(request, reply, "migrations");
    return { status: "ok" as const, database: "ok" as const, migrations: "ok" as const };
  };

  const readySchema = { tags: ["santé"], response: { 200: readyAnswer, 503: notReadyAnswer } };
  app.get("/health/ready", { schema: { ...readySchema, summary: "Prête à recevoir des requêtes (pour le répartiteur de charge)" } }, ready);
  app.get("/health", { schema: { ...readySchema, summary: "Comme /api/health/ready" } }, ready);
  app.get(
    "/health/live",
    {
      // Answered even under overload (@fastify/under-pressure lets a route's pressureHandler decide: undefined = go on).
      config: { pressureHandler: () => undefined },
      schema: { tags: ["santé"], summary: "Le processus répond", response: { 200: z.strictObject({ status: z.literal("ok") }) } },
    },
    async () => ({ status: "ok" as const }),
  );
};
