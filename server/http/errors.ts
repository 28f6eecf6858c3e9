import type { FastifyError, FastifyInstance, RouteOptions } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { fr } from "zod/locales";
import { errorAnswer, type errorDetails } from "../../resources/common/wire";
import { agoraMessageLines, type AgoraErrorDetails } from "../../resources/records/agora-errors";
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE_MESSAGE } from "../db/unavailable";
import { databaseErrorAnswer } from "../repositories/pg-errors";

/** What an error answer may detail (resources/common/wire.ts). */
export type ErrorDetails = z.input<typeof errorDetails>;

/** Errors the routes throw; the handler below turns them into `{statusCode, error, message, details?}`. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetails,
    /** Headers the answer carries (a 429's Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ErrorDetails) => new ApiError(400, message, details);
export const unauthorized = () => new ApiError(401, "Authentification requise");
export const forbidden = () => new ApiError(403, "Accès refusé");
export const notFound = (message = "Ressource introuvable") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
/** AGORA's refusal: its messages as the message, and whole in `details.agora`. */
export const refusedByAgora = (agora: AgoraErrorDetails) => new ApiError(422, agoraMessageLines(agora).join(" ; "), { agora });

/** `{data}` of a row read back after a write; 404 when it is gone (deleted meanwhile, or no longer in the caller's scope). */
export async function readBack<T>(row: Promise<T | undefined>, notFoundMessage: string): Promise<{ data: T }> {
  const data = await row;
  if (data === undefined) throw notFound(notFoundMessage);
  return { data };
}

const STATUS_NAMES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
  507: "Insufficient Storage",
};

export const VALIDATION_MESSAGE = "Les données envoyées ne sont pas valides";

/**
 * A part of the body checked by the route itself, with rules that depend on stored data (the record's training): its parsed
 * value, or the 400 of a schema validation, each field's path under `at` (e.g. "body.information").
 */
export function parsedOrBadRequest<S extends z.ZodType>(schema: S, value: unknown, at: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({ path: [at, ...issue.path.map(String)].join("."), message: issue.message }));
  throw badRequest(VALIDATION_MESSAGE, { fields });
}

/**
 * Every route answers its errors through the handler below, so every route gets `errorAnswer` for 4xx and 5xx (in its
 * OpenAPI entry and its serialiser), unless it declares such a code itself (health's 503).
 */
function withErrorAnswers(route: RouteOptions): void {
  route.schema = { ...route.schema, response: { "4xx": errorAnswer, "5xx": errorAnswer, ...(route.schema?.response as object | undefined) } };
}

export function registerErrorHandler(app: FastifyInstance): void {
  // The schemas carry the spec's messages; zod's own (wrong type, malformed JSON shape, over-long id) must be French too.
  z.config(fr());
  app.addHook("onRoute", withErrorAnswers);
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const answer = (statusCode: number, message: string, details?: ErrorDetails) =>
      reply.status(statusCode).send({
        statusCode,
        error: STATUS_NAMES[statusCode] ?? "Error",
        message,
        ...(details ? { details } : {}),
        requestId: request.id,
      });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        // fastify-type-provider-zod 6 spreads the zod issue into params minus its path; instancePath keeps it ("/address/city").
        path: [String(error.validationContext ?? "body"), ...v.instancePath.split("/").filter(Boolean)].join("."),
        message: v.message ?? VALIDATION_MESSAGE,
      }));
      return answer(400, VALIDATION_MESSAGE, { fields });
    }
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      return answer(error.statusCode, error.message, error.details);
    }
    // Constraint, serialization and data errors (two users racing, a value the schemas let through): one table, French 400/409.
    const database = databaseErrorAnswer(error);
    if (database) return answer(database.statusCode, database.message);
    // Database down, restarting or out of connections: the client may retry shortly; not a defect to log as one.
    if (isDatabaseUnavailable(error)) {
      reply.header("retry-after", "5");
      return answer(503, SERVICE_UNAVAILABLE_MESSAGE);
    }
    const status = typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    const message =
      status === 500
        ? "Une erreur interne est survenue"
        : status === 429
          ? "Trop de tentatives, veuillez réessayer plus tard"
          : status === 413
            ? "La requête est trop volumineuse"
            : status === 415
              ? "Ce type de contenu n'est pas accepté"
              : status === 400
                ? "La requête n'est pas valide"
                : error.message;
    return answer(status, message);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      statusCode: 404,
      error: STATUS_NAMES[404],
      message: `Route introuvable : ${request.method} ${request.url.split("?")[0]}`,
      requestId: request.id,
    });
  });
}
