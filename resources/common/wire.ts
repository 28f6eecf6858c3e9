/**
 * The API's answers on the wire (design.md "API contract"): the pieces every answer schema is built from.
 *
 * Answer schemas are strict objects (`z.strictObject`), nested objects included: the server's serialiser parses each answer
 * with its route's schema (fastify-type-provider-zod), so a key the schema lacks is **refused** — a 500 and a log line naming
 * the route, never a leak. We refuse rather than strip on purpose: a stripped field would hide the defect (a column added to a
 * repository but not to the contract, or a secret selected by mistake) from every test, while a refused one fails the first API
 * test that reaches the route; the same rule runs in production, so what the tests check is what answers.
 *
 * Dates have one representation, handled here and nowhere else: calendar days `YYYY-MM-DD` (`isoDate`), instants ISO 8601
 * in UTC (`isoTimestamp`, which takes the database's `Date` and outputs the string). The SPA's types are the schemas' outputs
 * (`z.output<typeof traineeAnswer>`): exactly the JSON it receives, dates as strings.
 */
import { z } from "zod";
import { agoraErrorDetails } from "../records/agora-errors";

/** A calendar day, `YYYY-MM-DD` (date columns are read as strings: no time zone can shift them). */
export const isoDate = z.iso.date();

const toIsoInstant = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** An instant: a `Date` (timestamp columns) or an ISO 8601 string with offset, always answered as ISO 8601 in UTC. */
export const isoTimestamp = z
  .union([z.date(), z.iso.datetime({ offset: true })])
  .transform(toIsoInstant)
  .pipe(z.iso.datetime());

/** A single result: `{data}`. */
export const dataEnvelope = <T extends z.ZodType>(answer: T) => z.strictObject({ data: answer });

/** A page of a list: `{data, metadata: {pagination, requestId, executionTime, timestamp}}` (server/http/lists.ts builds it). */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    metadata: z.object({
      pagination: z.object({
        offset: z.number(),
        limit: z.number(),
        totalCount: z.number(),
        /**
         * Present (true) when the count stopped at its limit: past 10,000 rows without a search, totalCount is PostgreSQL's
         * estimate; past 1,000 matches of a search, totalCount is 1,001 (resources/common/list-count.ts).
         */
        totalCountCapped: z.literal(true).optional(),
        /** Present when the page is full: ask the next page with `after=<nextCursor>`. */
        nextCursor: z.string().optional(),
      }),
      requestId: z.string(),
      executionTime: z.number(),
      timestamp: z.string(),
    }),
  });

/**
 * What an error answer may detail. Strict like every answer: a new kind of detail is named here, which the server's ApiError
 * then accepts (server/http/errors.ts).
 */
export const errorDetails = z.strictObject({
  /** 400: the refused fields, with the forms' French messages. */
  fields: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
  /** 409: the media a session change referenced that cannot be used. */
  medias: z.array(z.string()).optional(),
  /** 422: AGORA refused or failed (spec §8 "External-system errors"); the SPA shows it under 'Erreurs Agora'. */
  agora: agoraErrorDetails.optional(),
});

/** Every error answer: `{statusCode, error, message, details?, requestId}` (design.md "API contract"). */
export const errorAnswer = z.strictObject({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  details: errorDetails.optional(),
  /** The request's id (X-Request-Id), as in every log line of the request: what a user quotes to support. */
  requestId: z.string(),
});

/** 204: no body (documented so that the OpenAPI document shows every answer). */
export const noContent = z.null().describe("Aucun contenu");

/** An id and a name, as answers name a related row (an employee's organisations, a role). */
export const namedRef = z.strictObject({ id: z.string(), name: z.string() });

/**
 * An edit form's starting values from an answer: the keys its schema names, as answered (the inputs take null, and dates as
 * `YYYY-MM-DD`). A field added to an entity reaches its edit form without being listed once more.
 */
export function formValuesOf<S extends z.ZodObject>(schema: S, answer: object): z.input<S> {
  const values = answer as Record<string, unknown>;
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, values[key]])) as z.input<S>;
}
