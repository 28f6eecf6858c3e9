/**
 * The query every list takes (design.md "API contract"), shared by the server's routes, the SPA's lists and the exports:
 * paging (`offset`, `limit`, `after`), `search`, and one sort at a time (`sort`, `order`). Each resource's list-query.ts
 * adds its filters and names its sortable fields; the server validates the request with the same schema.
 *
 * Sorting: one field at a time, among the fields the resource offers (each served by an index, README « Performances »),
 * the id as tie-breaker in the same direction. Without `sort`, the list's default: most recently updated first.
 *
 * Cursor (`after`, the previous page's `nextCursor`): `<key>~<id>`, the key being the last row's sort value —
 * an instant to the microsecond `2026-11-24T09:15:02.123456Z` (the default order's cursor, unchanged), a day `2026-11-24`,
 * a rank `3`, or a text in base64url. Which kind a key is follows from the sort, checked once the whole query is read.
 */
import { z } from "zod";

/** What a sort field's values are, hence how its cursor key is written and read (`rank`: a small non-negative integer). */
export type SortKind = "timestamp" | "date" | "text" | "rank";
export type SortOrder = "asc" | "desc";

/** A list's sortable fields (its answer's field names) and what each is. */
export type SortFields = Readonly<Record<string, SortKind>>;

/** The default sort of every list: most recently updated first. */
export const DEFAULT_SORT = "updatedDate";
export const DEFAULT_ORDER: SortOrder = "desc";

export const LIST_QUERY_MSG = {
  cursorInvalid: "Le curseur de page est invalide",
  sortInvalid: (field: string) => `Tri impossible sur ce champ : ${field}`,
  orderInvalid: "L'ordre de tri doit valoir asc ou desc",
  booleanInvalid: (name: string) => `${name} doit valoir true ou false`,
  dateInvalid: (name: string) => `${name} doit être une date AAAA-MM-JJ`,
  periodInvalid: "La fin de la période précède son début",
} as const;

/** A cursor as read from the wire: its sort key (still text) and its row id. */
export interface ListCursor {
  key: string;
  id: string;
}

const CURSOR_PATTERN = /^([0-9A-Za-z_\-:.]{1,1500})~([0-9a-z]{1,64})$/;
const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const RANK_PATTERN = /^\d{1,4}$/;

/** A real day or instant (2026-02-30 or year 0 would make PostgreSQL fail, not answer 400). */
function isRealDay(text: string): boolean {
  const instant = new Date(`${text.slice(0, 10)}T${text.length > 10 ? text.slice(11, 23) : "00:00:00.000"}Z`);
  return !Number.isNaN(instant.getTime()) && instant.getUTCFullYear() >= 1 && instant.toISOString().slice(0, 10) === text.slice(0, 10);
}

/** A text as a text-sort cursor key (base64url of its UTF-8, written with the browser's and Node's globals alike). */
export function encodeTextKey(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The text a text-sort cursor key carries, or undefined when it is not one. */
export function decodeTextKey(key: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(key) || key.length % 4 === 1) return undefined;
  try {
    const binary = atob(key.replace(/-/g, "+").replace(/_/g, "/"));
    const text = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return encodeTextKey(text) === key ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a cursor's key is a value of this kind. */
export function cursorKeyFits(kind: SortKind, key: string): boolean {
  if (kind === "timestamp") return INSTANT_PATTERN.test(key) && isRealDay(key) && new Date(`${key.slice(0, 23)}Z`).toISOString().slice(0, 19) === key.slice(0, 19);
  if (kind === "date") return DAY_PATTERN.test(key) && isRealDay(key);
  if (kind === "rank") return RANK_PATTERN.test(key);
  return decodeTextKey(key) !== undefined;
}

/** The cursor's parts, or undefined when malformed (its key is checked against the sort afterwards, `cursorKeyFits`). */
export function parseListCursor(text: string): ListCursor | undefined {
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return undefined;
  const [, key, id] = match as unknown as [string, string, string];
  return { key, id };
}

const booleanText = (name: string) =>
  z.enum(["true", "false"], { error: LIST_QUERY_MSG.booleanInvalid(name) }).optional().transform((v) => (v === undefined ? undefined : v === "true"));

/** `name=true` only matters: `true` → true, `false` or absent → false (the filters that only narrow the list). */
export const flagParam = (name: string) => booleanText(name).transform((v) => v === true);

/** `name=true|false`, absent → undefined (no filter). */
export const booleanParam = (name: string) => booleanText(name);

/** `YYYY-MM-DD`, a real day. */
export const dayParam = (name: string) =>
  z
    .string()
    .refine((text) => DAY_PATTERN.test(text) && isRealDay(text), LIST_QUERY_MSG.dateInvalid(name))
    .optional();

/** An id of a related row (an unknown one simply matches nothing). */
export const idFilter = z.string().trim().min(1).max(64).optional();

/** Paging and search, common to every list (offset ≥ 0, limit 1–100, default 50). */
export const pagingQuery = z.object({
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
    .max(1600, LIST_QUERY_MSG.cursorInvalid)
    .transform((text, ctx) => parseListCursor(text) ?? (ctx.addIssue({ code: "custom", message: LIST_QUERY_MSG.cursorInvalid }), z.NEVER))
    .optional(),
});

/** The sort of a list offering `fields`: `sort` one of them (400 « Tri impossible sur ce champ : x » otherwise), `order` asc|desc. */
export function sortQuery<F extends SortFields>(fields: F) {
  const names = Object.keys(fields) as [keyof F & string, ...(keyof F & string)[]];
  return z.object({
    sort: z
      .string()
      .optional()
      .transform((field, ctx) =>
        field === undefined || field === "" ? (DEFAULT_SORT as keyof F & string) : names.includes(field) ? (field as keyof F & string) : (ctx.addIssue({ code: "custom", message: LIST_QUERY_MSG.sortInvalid(field) }), z.NEVER),
      ),
    order: z.enum(["asc", "desc"], { error: LIST_QUERY_MSG.orderInvalid }).default(DEFAULT_ORDER),
  });
}

/**
 * A list's whole query: paging, search, sort among `fields`, and the resource's `filters`. A cursor whose key is not a value
 * of the sort's kind (a page of another sort) is refused like a malformed one.
 */
export function listQuerySchema<F extends SortFields, S extends z.ZodRawShape>(fields: F, filters: S) {
  return pagingQuery
    .extend(sortQuery(fields).shape)
    .extend(filters)
    .superRefine((query, ctx) => {
      // The generic shape hides the common keys from the checker; they are pagingQuery's and sortQuery's.
      const { sort, after } = query as unknown as { sort: string; after?: ListCursor };
      const kind = fields[sort];
      if (after && kind && !cursorKeyFits(kind, after.key)) ctx.addIssue({ code: "custom", path: ["after"], message: LIST_QUERY_MSG.cursorInvalid });
    });
}

/** A filter period's end may not precede its start. */
export const periodInOrder = (from: string | undefined, to: string | undefined) => from === undefined || to === undefined || from <= to;
