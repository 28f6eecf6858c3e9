/**
 * A list's state in its address (issue 25): `/records?status=VALIDATED&sort=updatedDate&order=asc&offset=50&limit=50`.
 * Pure functions (no React) read by useListUrlState. The same parameter names go to the API (the list's query schema).
 *
 * - `search`, `offset`, `limit`, `sort`, `order` are the shared ones; every other parameter of the list's query schema
 *   (resources/<list>/list-query.ts) is a filter, kept as the URL spells it (one this screen has no input for, e.g. a
 *   link's `filterAnomalies=true`, passes through to the API). A value the schema refuses (an old or mistyped link) is
 *   left out rather than asked, which the API would refuse (400); other parameters are kept in the URL, not sent.
 * - Offset and limit absent from the URL: the paging remembered in sessionStorage (`<list>_offset`, `<list>_limit`) applies.
 */
import type { z } from "zod";
import { PAGE_SIZES, type ListPaging } from "../../lib/session-storage";

export type SortOrder = "asc" | "desc";

export interface ListSort {
  field: string;
  order: SortOrder;
}

export interface ListUrlState {
  search: string;
  paging: ListPaging;
  /** Null: the list's default order (most recently updated first). */
  sort: ListSort | null;
  /** Filter parameters by name, as the URL spells them (`status` → "VALIDATED,SETUP"). */
  filters: Record<string, string>;
}

/** A list's query schema as read here: its fields, each checked alone (resources/common/list-query.ts `listQuerySchema`). */
export interface ListQueryShape {
  shape: Readonly<Record<string, z.ZodType>>;
}

/** The shared parameters; `after` (the keyset cursor) is the data provider's, never in the URL. */
export const SHARED_PARAMS = ["search", "offset", "limit", "sort", "order", "after"] as const;

const isShared = (name: string) => (SHARED_PARAMS as readonly string[]).includes(name);

/** The schema's filter parameters. */
export const filterParamsOf = (query: ListQueryShape) => Object.keys(query.shape).filter((name) => !isShared(name));

const accepts = (query: ListQueryShape, name: string, value: string) => query.shape[name]?.safeParse(value).success === true;

const wholeAtLeastZero = (text: string | null) => (text !== null && /^\d+$/.test(text) ? Number(text) : null);

/**
 * The state the URL describes. `remembered` is the paging to use where the URL names none; `query` the list's query schema.
 */
export function readListUrlState(params: URLSearchParams, remembered: ListPaging, query: ListQueryShape): ListUrlState {
  const limit = wholeAtLeastZero(params.get("limit"));
  const offset = wholeAtLeastZero(params.get("offset"));
  const field = params.get("sort");
  const order = params.get("order");
  const filters: Record<string, string> = {};
  for (const name of filterParamsOf(query)) {
    const value = params.get(name);
    if (value && accepts(query, name, value)) filters[name] = value;
  }
  return {
    search: params.get("search") ?? "",
    paging: {
      offset: offset ?? remembered.offset,
      limit: limit !== null && (PAGE_SIZES as readonly number[]).includes(limit) ? limit : remembered.limit,
    },
    sort: field && accepts(query, "sort", field) ? { field, order: order === "desc" ? "desc" : "asc" } : null,
    filters,
  };
}

/** What a change asks for; a change of search, sort or filters starts again from the first row. */
export type ListStateChange =
  | { search: string }
  | { paging: ListPaging }
  | { sort: ListSort | null }
  | { filters: Record<string, string | null> }
  | { resetFilters: readonly string[] };

/** The URL after a change: the other parameters (another screen's too) kept as they were. */
export function applyListChange(params: URLSearchParams, current: ListUrlState, change: ListStateChange): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  const firstRow = () => {
    set("offset", "0");
    set("limit", String(current.paging.limit));
  };
  if ("search" in change) {
    set("search", change.search.trim() ? change.search : null);
    firstRow();
  } else if ("paging" in change) {
    set("offset", String(change.paging.offset));
    set("limit", String(change.paging.limit));
  } else if ("sort" in change) {
    set("sort", change.sort?.field ?? null);
    set("order", change.sort?.order ?? null);
    firstRow();
  } else if ("filters" in change) {
    for (const [name, value] of Object.entries(change.filters)) set(name, value);
    firstRow();
  } else {
    for (const name of change.resetFilters) next.delete(name);
    firstRow();
  }
  return next;
}

/** A header's next order: ascending, descending, then back to the list's default order (no sort). */
export function nextSort(current: ListSort | null, field: string): ListSort | null {
  if (current?.field !== field) return { field, order: "asc" };
  return current.order === "asc" ? { field, order: "desc" } : null;
}
