/**
 * Lists count matching rows exactly up to EXACT_COUNT_LIMIT; past it the API answers PostgreSQL's estimate with
 * `totalCountCapped: true`, and the SPA's counter says "plus de 10 000". A list filtered by a search counts up to
 * SEARCH_COUNT_LIMIT only: past it the API answers SEARCH_COUNT_LIMIT + 1, capped, and the counter says "plus de 1 000"
 * (design.md "API contract": nobody pages through a thousand matches, they refine the search).
 */
export const EXACT_COUNT_LIMIT = 10_000;
export const SEARCH_COUNT_LIMIT = 1_000;

/** The limit a capped total was counted to: a search's total is SEARCH_COUNT_LIMIT + 1, an estimate at least EXACT_COUNT_LIMIT + 1. */
export const cappedAt = (total: number) => (total > EXACT_COUNT_LIMIT ? EXACT_COUNT_LIMIT : SEARCH_COUNT_LIMIT);

const integers = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });

/** e.g. 12345 → "12 345" (narrow no-break space). */
export const formatInteger = (value: number) => integers.format(value);

/**
 * A list's total for its counter (fr-FR grouping, narrow no-break space): the number, or "plus de 10 000" / "plus de 1 000"
 * when the API counted no further than the list's limit. Shared by the SPA and the server (the « À traiter » digest).
 */
export function formatListTotal(total: number, capped: boolean): string {
  return `${capped ? "plus de " : ""}${formatInteger(capped ? cappedAt(total) : total)}`;
}
