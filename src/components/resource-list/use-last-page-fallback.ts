import { useEffect } from "react";
import type { ListPaging } from "../../lib/session-storage";

/** A remembered offset past the end (rows deleted meanwhile) falls back to the last page, once the answer is in. */
export function useLastPageFallback(
  { paging, setPaging }: { paging: ListPaging; setPaging: (update: (p: ListPaging) => ListPaging, replace?: boolean) => void },
  { fetching, shown, total }: { fetching: boolean; shown: number; total: number },
) {
  useEffect(() => {
    if (!fetching && shown === 0 && total > 0 && paging.offset >= total) {
      setPaging((p) => ({ ...p, offset: Math.floor((total - 1) / p.limit) * p.limit }), true);
    }
  }, [fetching, shown, total, paging.offset, setPaging]);
}
