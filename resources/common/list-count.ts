/**
 * Lists count matching rows exactly up to this many; past it the API answers PostgreSQL's estimate with
 * `totalCountCapped: true`, and the SPA's counter says "plus de 10 000" (design.md "API contract").
 */
export const EXACT_COUNT_LIMIT = 10_000;
