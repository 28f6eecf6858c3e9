/**
 * The accessibility specs' shared steps (accessibility*.spec.ts): each opens a screen of a resource, waits for it to be loaded and
 * audits it with axe (support/axe.ts). The page is signed in already.
 */
import type { Locator, Page } from "@playwright/test";
import { audit } from "./axe";
import { expect } from "./fixtures";
import { listRows } from "./resource-list";

export const UNKNOWN_ID = "0".repeat(32);
export const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { name, level: 1 });
export const dialog = (page: Page) => page.getByRole("dialog");

/**
 * Opens the list at 10 rows a page (every kind of cell is there, and axe reads a fifth of the default page behind each
 * menu and modal), waits for its first answer and audits it. The page is signed in already.
 */
export async function auditList(page: Page, resource: string, title: string) {
  await page.evaluate((key) => {
    window.sessionStorage.setItem(`${key}_limit`, "10");
    window.sessionStorage.setItem(`${key}_offset`, "0");
  }, resource);
  await page.goto(`/${resource}`);
  await expect(heading(page, title)).toBeVisible();
  await expect(listRows(page).first()).toBeVisible();
  await audit(page, `liste ${title}`);
}

/** The row's detail modal (loaded), its "…" menu, and the delete confirmation opened from that menu. */
export async function auditRowScreens(page: Page, row: Locator, name: string) {
  await row.locator("td").first().click();
  await expect(dialog(page).getByRole("heading").first()).toBeVisible();
  await audit(page, `fiche en modale ${name}`);
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);

  await row.getByRole("button", { name: /^Actions pour / }).click();
  await expect(page.getByRole("menuitem").first()).toBeVisible();
  // Moving within the menu re-renders it: the page must stay exposed to screen readers meanwhile.
  await page.getByRole("menuitem").first().hover();
  await page.keyboard.press("ArrowDown");
  await audit(page, `menu de ligne ${name}`);
  await page.getByRole("menuitem", { name: "Supprimer" }).click();
  await expect(dialog(page).getByText("Confirmer la suppression")).toBeVisible();
  await audit(page, `suppression depuis la liste ${name}`);
  await dialog(page).getByRole("button", { name: "Annuler" }).click();
  await expect(dialog(page)).toHaveCount(0);
}

/** The detail page, its delete confirmation, and the not-found page of an unknown id. */
export async function auditShowPage(page: Page, path: string, title: string | RegExp) {
  await page.goto(path);
  await expect(heading(page, title)).toBeVisible();
  await audit(page, `page de détail ${path}`);
  await page.getByRole("button", { name: "Supprimer" }).click();
  await expect(dialog(page).getByText("Confirmer la suppression")).toBeVisible();
  await audit(page, `suppression depuis la fiche ${path}`);
  await dialog(page).getByRole("button", { name: "Annuler" }).click();
  await expect(dialog(page)).toHaveCount(0);

  const unknown = path.replace(/[^/]+$/, UNKNOWN_ID);
  await page.goto(unknown);
  await expect(heading(page, "Cette page est introuvable.")).toBeVisible();
  await audit(page, `fiche introuvable ${unknown}`);
}

export async function auditEditPage(page: Page, path: string, title: string | RegExp) {
  await page.goto(path);
  await expect(heading(page, title)).toBeVisible();
  await audit(page, `modification ${path}`);
}
