/**
 * Helpers for the lists' sort, filters and URL state (issue 25): the rows shown checked against the API asked with the page's
 * own query, the sortable headers, the filter bar.
 */
import { expect, type Page } from "@playwright/test";
import type { ApiRecords } from "./api-records";
import { field, listRows, pickMulti, pickOption } from "./resource-list";

/** The list's first rows compared: enough to tell an order, few enough to stay put while other tests add rows. */
const COMPARED = 5;

/** The page's list query as the API reads it: the URL's, offset and limit as the list shows them. */
export function pageQuery(page: Page): URLSearchParams {
  return new URLSearchParams(new URL(page.url()).search);
}

export async function shownIds(page: Page): Promise<string[]> {
  await expect(page.locator("table[aria-busy=true]")).toHaveCount(0);
  return listRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute("data-row-id") ?? ""));
}

/**
 * The first rows shown are the API's first rows for the same query (the page's URL, as an administrator, who sees all).
 * A row another test adds meanwhile may come first: the list is then read again (a reload restores it from its URL).
 */
export async function expectRowsAsApi(page: Page, api: ApiRecords, resource: string): Promise<string[]> {
  let shown: string[] = [];
  await expect(async () => {
    const query = pageQuery(page);
    const limit = Number(query.get("limit") ?? 50);
    query.set("offset", query.get("offset") ?? "0");
    query.set("limit", String(Math.min(limit, COMPARED)));
    shown = (await shownIds(page)).slice(0, COMPARED);
    const answer = await api.read<{ id: string }[]>(`/api/${resource}?${query}`);
    if (answer.map((row) => row.id).join() !== shown.join()) await page.reload();
    expect(shown).toEqual(answer.map((row) => row.id));
  }).toPass({ timeout: 30_000 });
  return shown;
}

export const header = (page: Page, name: string) => page.locator("thead th").filter({ has: page.getByRole("button", { name, exact: true }) });

/** Clicks a sortable header and waits for the list's answer in that order. */
export async function clickSort(page: Page, name: string, resource: string): Promise<void> {
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/${resource}` && res.request().method() === "GET");
  await header(page, name).getByRole("button").click();
  await answered;
}

export async function openFilters(page: Page): Promise<void> {
  const toggle = page.getByRole("button", { name: /^Filtres/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(page.getByRole("group", { name: "Filtres" })).toBeVisible();
}

/** How a test sets one filter of the bar, and the URL parameter it must write. */
export interface FilterCase {
  name: string;
  param: string;
  value: string;
  apply: (page: Page) => Promise<void>;
  /** What every row then shows in a column (its header's text): the filter's meaning, where a column tells it. */
  every?: { column: string; text: string };
}

/** Every row shown reads `text` in the column headed `column`. */
export async function expectEveryRow(page: Page, { column, text }: { column: string; text: string }): Promise<void> {
  const headers = await page.locator("thead th").allInnerTexts();
  const index = headers.findIndex((h) => h.replace(/\s+/g, " ").trim() === column);
  expect(index, `colonne ${column}`).toBeGreaterThanOrEqual(0);
  const cells = await listRows(page).locator(`td:nth-child(${index + 1})`).allInnerTexts();
  expect(cells.length).toBeGreaterThan(0);
  expect(new Set(cells.map((c) => c.trim()))).toEqual(new Set([text]));
}

export const multiFilter = (label: string, typed: string, option: string, param: string, value: string): FilterCase => ({
  name: `${label} : ${option}`,
  param,
  value,
  every: { column: label, text: option },
  apply: async (page) => {
    await pickMulti(page, label, typed, option);
    // The multi-select's list stays open for another pick.
    await page.keyboard.press("Escape");
  },
});

export const selectFilter = (label: string, option: string, param: string, value: string, every?: FilterCase["every"]): FilterCase => ({
  every,
  name: `${label} : ${option}`,
  param,
  value,
  apply: (page) => pickOption(page, field(page.getByRole("group", { name: "Filtres" }), label), option),
});

export const flagFilter = (label: string, param: string): FilterCase => ({
  name: label,
  param,
  value: "true",
  apply: (page) => page.getByRole("checkbox", { name: label, exact: true }).check(),
});

/** A day typed DD/MM/YYYY; the picker takes it on leaving the field. */
export const dateFilter = (label: string, typed: string, param: string, value: string): FilterCase => ({
  name: `${label} ${typed}`,
  param,
  value,
  apply: async (page) => {
    await field(page, label).fill(typed);
    await page.keyboard.press("Tab");
  },
});

/** An organisation or a training, searched as typed, picked by its label. */
export const lookupFilter = (label: string, typed: string, option: string, param: string, value: string, every?: FilterCase["every"]): FilterCase => ({
  every,
  name: `${label} : ${option}`,
  param,
  value,
  apply: async (page) => {
    const input = page.getByRole("group", { name: "Filtres" }).getByRole("combobox", { name: label, exact: true });
    await input.click();
    await input.fill(typed);
    await page.getByRole("option", { name: option, exact: true }).click();
  },
});

/** Sets the filter and waits for the list's answer to it. */
export async function applyFilter(page: Page, resource: string, filter: FilterCase): Promise<void> {
  const answered = page.waitForResponse((res) => {
    const url = new URL(res.url());
    return url.pathname === `/api/${resource}` && url.searchParams.get(filter.param) === filter.value;
  });
  await openFilters(page);
  await filter.apply(page);
  await answered;
  await expect(page).toHaveURL(new RegExp(`[?&]${filter.param}=${encodeURIComponent(filter.value).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(&|$)`));
}
