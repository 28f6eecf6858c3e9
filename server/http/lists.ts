import type { FastifyReply } from "fastify";
import { z } from "zod";
import { parseListCursor, type ListTotal } from "../db/list-page";

const CURSOR_INVALID = "Le curseur de page est invalide";

/** Query of every list call: offset ≥ 0, limit 1–100 (default 50), optional search, optional cursor of the previous page. */
export const listQuery = z.object({
  offset: z.coerce.number({ error: "L'offset doit être un entier" }).int("L'offset doit être un entier").min(0, "L'offset doit être positif").default(0),
  limit: z.coerce
    .number({ error: "La limite doit être un entier" })
    .int("La limite doit être un entier")
    .min(1, "La limite doit être comprise entre 1 et 100")
    .max(100, "La limite doit être comprise entre 1 et 100")
    .default(50),
  search: z.string().trim().max(200, "La recherche est limitée à 200 caractères").optional(),
  /** The previous page's `nextCursor`: this page starts after that row (keyset), `offset` only numbers it. */
  after: z
    .string()
    .max(100, CURSOR_INVALID)
    .transform((text, ctx) => parseListCursor(text) ?? (ctx.addIssue({ code: "custom", message: CURSOR_INVALID }), z.NEVER))
    .optional(),
});

/** A page as repositories answer it: its rows, its total (exact, or a ListTotal that may be a capped estimate), its cursor. */
export interface ListedPage<T> {
  rows: T[];
  total: number | ListTotal;
  /** The page's last row's cursor, when the page is full. */
  nextCursor?: string | undefined;
}

/** Builds the spec's list answer (resources/common/wire.ts `listEnvelope`) from a page: the request's id (as in its log lines) and its time so far as metadata. */
export function listResponse<T>({ rows, total, nextCursor }: ListedPage<T>, query: { offset: number; limit: number }, reply: Pick<FastifyReply, "request" | "elapsedTime">) {
  const { count, capped } = typeof total === "number" ? { count: total, capped: false } : total;
  return {
    data: rows,
    metadata: {
      pagination: {
        offset: query.offset,
        limit: query.limit,
        totalCount: count,
        ...(capped ? { totalCountCapped: true as const } : {}),
        ...(nextCursor ? { nextCursor } : {}),
      },
      requestId: reply.request.id,
      executionTime: Math.round(reply.elapsedTime),
      timestamp: new Date().toISOString(),
    },
  };
}

/** A path id; a malformed one simply matches no row and answers 404, like a missing one. */
export const idParam = <K extends string>(name: K) => z.object({ [name]: z.string().max(64) } as Record<K, z.ZodString>);
