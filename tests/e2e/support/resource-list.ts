/**
 * Helpers for the shared list / wizard / form screens (src/components): every resource's spec drives them the same way.
 */
import { expect, type Locator, type Page } from "@playwright/test";

export const counter = (page: Page) => page.getByTestId("list-counter");

export const listRows = (page: Page) => page.locator("tbody tr[data-row-id]");

/**
 * Types into the list's search and waits for the list's answer to that term (the search is debounced 200 ms): rows read
 * or clicked afterwards are the filtered ones, not the previous page re-rendered under the pointer.
 */
export async function search(page: Page, text: string): Promise<void> {
  const term = text.trim();
  const answered = term
    ? page.waitForResponse((res) => {
        const url = new URL(res.url());
        return url.pathname.startsWith("/api/") && url.searchParams.get("search") === term;
      })
    : undefined;
  await page.getByRole("textbox", { name: "Rechercher" }).fill(text);
  await answered;
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

/** Mantine 5 selects: open the input, pick the option by its visible label. */
export async function pickOption(page: Page, input: Locator, label: string): Promise<void> {
  await input.click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

/** Mantine 5 searchable multi-select: type, then pick. */
export async function pickMulti(page: Page, fieldLabel: string, typed: string, label: string): Promise<void> {
  // The Mantine multi-select whose label reads `fieldLabel`; once it holds chips its search input shrinks, so the box is clicked.
  const root = page.locator(".mantine-MultiSelect-root", { has: page.locator("label", { hasText: fieldLabel }) });
  await root.locator(".mantine-MultiSelect-input").click({ position: { x: 8, y: 8 } });
  await root.locator("input[type=search]").fill(typed, { force: true });
  await page.getByRole("option", { name: label, exact: true }).click();
}

export async function setRowsPerPage(page: Page, size: 10 | 20 | 50 | 100): Promise<void> {
  await pickOption(page, field(page, "Lignes par page"), String(size));
}

export async function sessionValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.sessionStorage.getItem(k), key);
}

/** The row menu ("Actions pour …") of the row showing `text`, opened. */
export async function openRowMenu(page: Page, text: string): Promise<void> {
  await listRows(page).filter({ hasText: text }).getByRole("button", { name: /^Actions pour / }).click();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A form input by its label; Chromium counts Mantine's required asterisk (" *") in the accessible name. */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
}

/** The error text under a form field: the first "-error" element of the input's Mantine root. */
export function fieldError(page: Page, label: string): Locator {
  return field(page, label)
    .locator("xpath=ancestor::div[contains(@class,'-root')][1]")
    .locator("[class*='-error']");
}

export async function closeDialog(page: Page): Promise<void> {
  await page.getByRole("dialog").getByRole("button", { name: "Fermer" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}
