/**
 * Per-list paging remembered in the browser's session storage (spec part 1 "Lists"):
 * keys `<list>_offset` and `<list>_limit`, e.g. trainees_offset / trainees_limit.
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

export interface ListPaging {
  offset: number;
  limit: number;
}

/** sessionStorage may be missing (tests in Node) or throw (privacy modes): paging then simply is not remembered. */
function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored paging of a list; a missing or invalid value falls back to offset 0 and 50 rows. */
export function readListPaging(list: string): ListPaging {
  const store = storage();
  const offset = Number(store?.getItem(`${list}_offset`) ?? 0);
  const limit = Number(store?.getItem(`${list}_limit`) ?? DEFAULT_PAGE_SIZE);
  return {
    offset: Number.isInteger(offset) && offset >= 0 ? offset : 0,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

export function writeListPaging(list: string, { offset, limit }: ListPaging): void {
  const store = storage();
  store?.setItem(`${list}_offset`, String(offset));
  store?.setItem(`${list}_limit`, String(limit));
}
