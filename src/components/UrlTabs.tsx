/**
 * Tabs whose active tab lives in the URL query (`?tab=bilan` by default): a tab can be linked and survives a reload.
 * Changing tab replaces the history entry (Back leaves the page instead of walking through its tabs) and keeps the other
 * query parameters and the location state. An absent, unknown or disabled value shows the first enabled tab.
 * Mantine's Tabs give role tablist / tab / tabpanel, aria-selected and aria-controls, and arrow keys move between tabs.
 *
 *   <UrlTabs label="Session" tabs={[
 *     { value: "informations", label: "Informations", content: <SessionInformations form={form} /> },
 *     { value: "bilan", label: "Bilan", content: <SessionBilan form={form} /> },
 *     { value: "documents", label: "Documents", content: <SessionDocuments /> },
 *   ]} />
 *
 * Panels stay mounted (hidden with display: none) by default, so one react-hook-form spanning the tabs keeps every field
 * registered, with its value and its validation, whichever tab is shown. `keepMounted={false}` renders the active panel
 * only (panels with their own heavy queries); the form still keeps the values, but a hidden tab's inputs cannot take focus.
 * A page that must show a tab itself (e.g. the tab holding the first validation error after "Sauvegarder") calls
 * useUrlTab with the same tabs and param: both read the URL, so they always agree.
 */
import { Tabs } from "@mantine/core";
import { useCallback, type ReactNode } from "react";
import { useLocation, useSearchParams } from "react-router";
import { DEFAULT_TAB_PARAM, searchWithTab, tabFromSearch, type TabChoice } from "./url-tab-state";

export interface UrlTab extends TabChoice {
  label: string;
  content: ReactNode;
  icon?: ReactNode;
  /** Beside the label, e.g. a mark saying the tab holds fields in error. */
  rightSection?: ReactNode;
}

export interface UrlTabsProps {
  tabs: readonly UrlTab[];
  /** The query parameter holding the tab; two tab sets on one page need two names. */
  param?: string;
  /** The tab list's accessible name. */
  label?: string;
  keepMounted?: boolean;
}

/** The active tab read from the URL, and select(value) writing it there (history entry replaced). */
export function useUrlTab(tabs: readonly TabChoice[], param = DEFAULT_TAB_PARAM): { active: string | null; select: (value: string) => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const { state } = useLocation();
  const select = useCallback(
    (value: string) => setSearchParams((current) => searchWithTab(current, value, param), { replace: true, state }),
    [setSearchParams, param, state],
  );
  return { active: tabFromSearch(searchParams, tabs, param), select };
}

export function UrlTabs({ tabs, param = DEFAULT_TAB_PARAM, label, keepMounted = true }: UrlTabsProps) {
  const { active, select } = useUrlTab(tabs, param);
  return (
    <Tabs value={active} onChange={(value) => value && select(value)} keepMounted={keepMounted}>
      <Tabs.List aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} disabled={tab.disabled} leftSection={tab.icon} rightSection={tab.rightSection}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="lg">
          {tab.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
