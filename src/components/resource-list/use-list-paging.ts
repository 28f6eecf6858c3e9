import { useEffect, useRef, useState } from "react";
import { readListPaging, writeListPaging, type ListPaging } from "../../lib/session-storage";

/**
 * A list's offset and limit, read from and kept in sessionStorage (`<storageKey>_offset`, `<storageKey>_limit`).
 * A new search starts from the first row; the stored offset is kept on the first render.
 */
export function useListPaging(storageKey: string, search: string) {
  const [paging, setPaging] = useState<ListPaging>(() => readListPaging(storageKey));

  useEffect(() => writeListPaging(storageKey, paging), [storageKey, paging]);

  const lastSearch = useRef(search);
  useEffect(() => {
    if (lastSearch.current === search) return;
    lastSearch.current = search;
    setPaging((p) => ({ ...p, offset: 0 }));
  }, [search]);

  return [paging, setPaging] as const;
}

/** A remembered offset past the end (rows deleted meanwhile) falls back to the last page, once the answer is in. */
export function useLastPageFallback(
  { paging, setPaging }: { paging: ListPaging; setPaging: (update: (p: ListPaging) => ListPaging) => void },
  { fetching, shown, total }: { fetching: boolean; shown: number; total: number },
) {
  useEffect(() => {
    if (!fetching && shown === 0 && total > 0 && paging.offset >= total) {
      setPaging((p) => ({ ...p, offset: Math.floor((total - 1) / p.limit) * p.limit }));
    }
  }, [fetching, shown, total, paging.offset, setPaging]);
}
