import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../db/unavailable";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["santé"],
        response: {
          200: z.strictObject({ status: z.literal("ok"), database: z.literal("ok") }),
          // The error answer plus what a load balancer reads.
          503: z.strictObject({
            statusCode: z.literal(503),
            error: z.string(),
            message: z.string(),
            // Absent when the overload guard (http/overload.ts) answers before the database is even asked.
            status: z.literal("unavailable").optional(),
            database: z.literal("unavailable").optional(),
          }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.pool.query("select 1");
        return { status: "ok" as const, database: "ok" as const };
      } catch {
        // Whatever the reason (down, restarting, pool exhausted), the database does not answer: say so, without detail.
        return reply.status(503).header("retry-after", "5").send({
          statusCode: 503 as const,
          error: "Service Unavailable",
          message: SERVICE_UNAVAILABLE_MESSAGE,
          status: "unavailable" as const,
          database: "unavailable" as const,
        });
      }
    },
  );
};
