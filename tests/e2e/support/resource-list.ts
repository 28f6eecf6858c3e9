/**
 * Helpers for the shared list and form screens (src/components): every resource's spec drives them the same way.
 */
import { expect, type Locator, type Page } from "@playwright/test";

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export const counter = (page: Page) => page.getByTestId("list-counter");

export const listRows = (page: Page) => page.locator("tbody tr[data-row-id]");

const searchBox = (page: Page) => page.getByRole("textbox", { name: "Rechercher" });

/**
 * Types into the list's search and waits for the list's answer to that term (the search is debounced 200 ms, no timer
 * is guessed), then for the table to show it: rows read or clicked afterwards are the filtered ones, not the previous
 * rows still on screen. The list is the page's resource: /trainees lists /api/trainees.
 */
export async function search(page: Page, text: string): Promise<void> {
  const term = text.trim();
  const box = searchBox(page);
  // The same term again sends nothing: the rows shown already answer it.
  if ((await box.inputValue()).trim() === term) return;
  const listPath = `/api${new URL(page.url()).pathname}`;
  const answered = page.waitForResponse((res) => {
    const url = new URL(res.url());
    return res.request().method() === "GET" && url.pathname === listPath && (url.searchParams.get("search") ?? "") === term;
  });
  await box.fill(text);
  await answered;
  await expect(page.locator("table[aria-busy=true]")).toHaveCount(0);
}

/**
 * The single row a search finds. Tests that need a row to stay put use a demo record found this way, never "the first
 * row": that one may be another test's record, deleted by it in parallel.
 */
export async function onlyRow(page: Page, text: string): Promise<Locator> {
  await search(page, text);
  await expect(listRows(page)).toHaveCount(1);
  return listRows(page).first();
}

/** Mantine selects: open the input, pick the option by its visible label. */
export async function pickOption(page: Page, input: Locator, label: string): Promise<void> {
  await input.click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

/** Mantine searchable multi-select: type, then pick. */
export async function pickMulti(page: Page, fieldLabel: string, typed: string, label: string): Promise<void> {
  // The Mantine multi-select whose label reads `fieldLabel`; once it holds chips its search input shrinks, so the box is clicked.
  const root = page.locator(".mantine-MultiSelect-root", { has: page.locator("label", { hasText: fieldLabel }) });
  await root.locator(".mantine-MultiSelect-input").click({ position: { x: 8, y: 8 } });
  await root.locator("input.mantine-MultiSelect-inputField").fill(typed, { force: true });
  await page.getByRole("option", { name: label, exact: true }).click();
}

export async function setRowsPerPage(page: Page, size: 10 | 20 | 50 | 100): Promise<void> {
  await pickOption(page, field(page, "Lignes par page"), String(size));
}

export async function sessionValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.sessionStorage.getItem(k), key);
}

/** The row menu of the row whose label (its menu button reads "Actions pour <label>") starts with `label`, opened. */
export async function openRowMenu(page: Page, label: string): Promise<void> {
  await listRows(page).getByRole("button", { name: new RegExp(`^Actions pour ${escapeRegExp(label)}`) }).click();
}

/** A form input by its label, in the page or in a part of it; Chromium counts Mantine's required asterisk (" *") in the accessible name. */
export function field(scope: Page | Locator, label: string): Locator {
  // A Mantine 9 select keeps its (closed) option list in the page, labelled like its input: the list is not the field.
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`)).and(scope.locator(':not([role="listbox"])'));
}

/** The error text under an input: the first "-error" element of the input's Mantine root. */
export const errorOf = (input: Locator): Locator => input.locator("xpath=ancestor::div[contains(@class,'-root')][1]").locator("[class*='-error']");

/** The error text under the form field labelled `label`. */
export const fieldError = (page: Page, label: string): Locator => errorOf(field(page, label));

export async function closeDialog(page: Page): Promise<void> {
  await page.getByRole("dialog").getByRole("button", { name: "Fermer" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/**
 * The eleven rows `term` finds, paged by ten: the second page holds the eleventh, the page is kept in sessionStorage
 * (`<key>_offset` / `<key>_limit`), and the page size still applies after a reload (the search is empty again then, so the
 * stored page applies to the whole list: at least these eleven rows).
 */
export async function expectElevenRowsPagedAndKept(page: Page, term: string, key: string): Promise<void> {
  await search(page, term);
  await expect(counter(page)).toHaveText("1 - 11 sur 11");
  await setRowsPerPage(page, 10);
  await expect(counter(page)).toHaveText("1 - 10 sur 11");
  await page.getByRole("button", { name: "Page suivante" }).click();
  await expect(counter(page)).toHaveText("11 - 11 sur 11");
  await expect(listRows(page)).toHaveCount(1);
  expect(await sessionValue(page, `${key}_offset`)).toBe("10");
  expect(await sessionValue(page, `${key}_limit`)).toBe("10");
  await page.reload();
  await expect(counter(page)).toHaveText(/^11 - \d+ sur \d+$/);
  expect(await sessionValue(page, `${key}_limit`)).toBe("10");
}

/**
 * The list's answer to `term` fails once (500): the banner reads `message` and no row shows; its "Réessayer" asks again,
 * `row` appears and the banner goes. The page's list is the resource's: /records lists /api/records.
 */
export async function expectSearchFailureRetried(page: Page, term: string, message: string, row: Locator): Promise<void> {
  let failures = 1;
  await page.route(`**/api${new URL(page.url()).pathname}?*`, (route) => {
    if (failures-- > 0) return route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } });
    return route.fallback();
  });
  await search(page, term);
  const banner = page.getByRole("alert").filter({ hasText: message });
  await expect(banner).toBeVisible();
  await expect(listRows(page)).toHaveCount(0);
  await banner.getByRole("button", { name: "Réessayer" }).click();
  await expect(row).toBeVisible();
  await expect(banner).toHaveCount(0);
}

/** A search that finds nothing: the list's empty text and "0 sur 0". */
export async function expectEmptyList(page: Page, term: string, emptyText: string): Promise<void> {
  await search(page, term);
  await expect(page.getByText(emptyText, { exact: true })).toBeVisible();
  await expect(counter(page)).toHaveText("0 sur 0");
}
