import type { FastifyInstance } from "fastify";
import { badRequest, VALIDATION_MESSAGE } from "./errors";

export const NUL_MESSAGE = "Ce champ contient un caractère non autorisé";

/** Path ("body.address.city") of the first string holding a NUL character, if any. */
function nulPath(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = nulPath(child, `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000: such input would reach the database and fail there with a 500 (whose log would carry
 * the query's values). It is refused up front, after the guards, like any other invalid field.
 */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const path =
      nulPath(request.params, "params") ?? nulPath(request.query, "querystring") ?? nulPath(request.body, "body");
    if (path) throw badRequest(VALIDATION_MESSAGE, { fields: [{ path, message: NUL_MESSAGE }] });
  });
}
