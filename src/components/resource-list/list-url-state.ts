/**
 * A list's state in its address (issue 25): `/records?status=VALIDATED&sort=updatedDate&order=asc&offset=50&limit=50`.
 * Pure functions (no React) read by useListUrlState. The same parameter names go to the API (the list's query schema).
 *
 * - `search`, `offset`, `limit`, `sort`, `order` are the shared ones; every other parameter the list accepts is a filter,
 *   kept as the URL spells it (a parameter of another screen, e.g. the « À traiter » block's `todo=`, passes through).
 * - Offset and limit absent from the URL: the paging remembered in sessionStorage (`<list>_offset`, `<list>_limit`) applies.
 */
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

export const SHARED_PARAMS = ["search", "offset", "limit", "sort", "order"] as const;

const isShared = (name: string) => (SHARED_PARAMS as readonly string[]).includes(name);

const wholeAtLeastZero = (text: string | null) => (text !== null && /^\d+$/.test(text) ? Number(text) : null);

/**
 * The state the URL describes. `remembered` is the paging to use where the URL names none; `accepted` the filter parameters
 * the list's query schema knows (any other parameter is not the list's and is left out).
 */
export function readListUrlState(params: URLSearchParams, remembered: ListPaging, accepted: readonly string[]): ListUrlState {
  const limit = wholeAtLeastZero(params.get("limit"));
  const offset = wholeAtLeastZero(params.get("offset"));
  const field = params.get("sort");
  const order = params.get("order");
  const filters: Record<string, string> = {};
  for (const name of accepted) {
    const value = params.get(name);
    if (!isShared(name) && value) filters[name] = value;
  }
  return {
    search: params.get("search") ?? "",
    paging: {
      offset: offset ?? remembered.offset,
      limit: limit !== null && (PAGE_SIZES as readonly number[]).includes(limit) ? limit : remembered.limit,
    },
    sort: field ? { field, order: order === "desc" ? "desc" : "asc" } : null,
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
