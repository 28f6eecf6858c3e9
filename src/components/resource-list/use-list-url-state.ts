import { useDebouncedValue } from "@mantine/hooks";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { readListPaging, writeListPaging, type ListPaging } from "../../lib/session-storage";
import { applyListChange, readListUrlState, type ListQueryShape, type ListStateChange } from "./list-url-state";

/**
 * A list's search, filters, sort and paging, kept in the page's URL (list-url-state.ts): a reload, back/forward and a pasted
 * link show the same list. The search box is typed here and reaches the URL debounced (200 ms) replacing the current entry,
 * so history is not one entry per letter; sort, filter and page changes are new entries (back undoes them one by one).
 * The paging also goes on being kept in sessionStorage under `<storageKey>_offset` / `_limit`, the spec's keys, used when the
 * URL names none (the paging remembered when the list was opened, also when back leads to an entry without it).
 */
export function useListUrlState(storageKey: string, query: ListQueryShape) {
  const [params, setParams] = useSearchParams();
  const [remembered] = useState(() => readListPaging(storageKey));
  const state = useMemo(() => readListUrlState(params, remembered, query), [params, remembered, query]);

  // react-router gives a new setParams at each navigation: `change` stays the same function, so that effects calling it
  // run for their own reasons only (a back navigation must not re-send the search box's previous term).
  const latest = useRef({ params, state, setParams });
  latest.current = { params, state, setParams };
  const change = useCallback((next: ListStateChange, replace = false) => {
    const { params: current, state: shown, setParams: navigate } = latest.current;
    navigate(applyListChange(current, shown, next), { replace });
  }, []);

  useEffect(() => writeListPaging(storageKey, state.paging), [storageKey, state.paging]);

  const [typed, setTyped] = useState(state.search);
  const [debounced] = useDebouncedValue(typed, 200);
  const written = useRef(state.search);
  const lastDebounced = useRef(debounced);
  useEffect(() => {
    if (debounced === lastDebounced.current) return;
    lastDebounced.current = debounced;
    if (debounced === latest.current.state.search) return;
    written.current = debounced;
    change({ search: debounced }, true);
  }, [debounced, change]);
  // A search the URL brings (back/forward, a link) shows in the box; the one just written from the box does not overwrite it.
  useEffect(() => {
    if (state.search !== written.current) setTyped(state.search);
    written.current = state.search;
  }, [state.search]);

  const setPaging = useCallback(
    (update: (p: ListPaging) => ListPaging, replace = false) => change({ paging: update(latest.current.state.paging) }, replace),
    [change],
  );

  return { state, typed, setTyped, change, setPaging };
}
