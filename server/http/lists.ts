import type { FastifyReply } from "fastify";
import { z } from "zod";
import { pagingQuery } from "../../resources/common/list-query";
import type { ListTotal } from "../db/list-total";

/** Paging and search, for a list without sorts (the roles); the resources' lists have their own query (resources/<resource>/list-query.ts). */
export const listQuery = pagingQuery;

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
