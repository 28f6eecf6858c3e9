/**
 * The active tab of a page kept in its URL (`?tab=bilan`), so a tab can be linked and survives a reload.
 * Pure functions (no React) read by UrlTabs / useUrlTab.
 */

export interface TabChoice {
  value: string;
  disabled?: boolean;
}

export const DEFAULT_TAB_PARAM = "tab";

/**
 * The tab the URL asks for when it names an enabled tab; otherwise (absent, unknown or disabled: an old or mistyped link)
 * the first enabled tab, so the page still opens. Null only when no tab can be selected.
 */
export function tabFromSearch(search: URLSearchParams, tabs: readonly TabChoice[], param = DEFAULT_TAB_PARAM): string | null {
  const enabled = tabs.filter((tab) => !tab.disabled);
  const asked = search.get(param);
  return enabled.find((tab) => tab.value === asked)?.value ?? enabled[0]?.value ?? null;
}

/** The query with the tab set, every other parameter (list filters, return paths) kept as it was. */
export function searchWithTab(search: URLSearchParams, value: string, param = DEFAULT_TAB_PARAM): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(param, value);
  return next;
}
