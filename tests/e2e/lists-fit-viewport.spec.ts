/**
 * Every list fits 1280 px with its actions visible, and nothing widens a page at 375 px (design.md "UI conventions", issue 28
 * item 2): on the most common laptop screen the row menu « ⋮ » of the first row is on screen and clickable without scrolling
 * (the actions column stays at the right edge when the table is wider); on a phone the record page, its history included,
 * is no wider than the screen.
 */
import type { Page } from "@playwright/test";
import { audit } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { listRows } from "./support/resource-list";

const LISTS = ["/records", "/sessions", "/trainings", "/trainees", "/organizations", "/employees"];

/** Whether the page scrolls sideways (its content wider than the window). */
const widensPage = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.describe("à 1280 × 800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("le bouton d'actions de la première ligne de chaque liste est à l'écran, cliquable, sans défilement", async ({ page, signIn }) => {
    await signIn("rol_admin");
    for (const path of LISTS) {
      await page.goto(path);
      const button = listRows(page).first().getByRole("button", { name: /^Actions pour / });
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box, path).not.toBeNull();
      expect(box!.x, path).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${path} : bord droit du bouton`).toBeLessThanOrEqual(1280);
      expect(box!.y + box!.height, `${path} : bas du bouton`).toBeLessThanOrEqual(800);
      // On top: no column scrolled over it.
      const onTop = await button.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return hit !== null && element.contains(hit);
      });
      expect(onTop, `${path} : le bouton n'est recouvert par rien`).toBe(true);
      expect(await page.evaluate(() => window.scrollX), path).toBe(0);
      expect(await widensPage(page), `${path} : la page ne défile pas de côté`).toBe(false);
      if (path === "/records" || path === "/sessions") await audit(page, `liste ${path} à 1280 × 800`);
    }
    // The menu opens from there.
    await page.goto("/records");
    await listRows(page).first().getByRole("button", { name: /^Actions pour / }).click();
    await expect(page.getByRole("menuitem", { name: "Ouvrir dans un nouvel onglet" })).toBeVisible();
  });
});

test.describe("à 375 × 812", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("la fiche d'un dossier, historique compris, n'élargit pas la page ; les listes non plus", async ({ page, signIn, api }) => {
    // Three exchanges in the history (creation, push, validation), with AGORA's long answers.
    const record = await api.createRecord({ status: "START_OF_TRAINING" });
    await signIn("rol_admin", `/records/${record.id}`);
    await expect(page.getByRole("table", { name: "Historique" }).locator("tbody tr")).toHaveCount(4);
    expect(await widensPage(page)).toBe(false);
    await audit(page, "fiche d'un dossier à 375 × 812");
    for (const path of ["/records", "/sessions"]) {
      await page.goto(path);
      await expect(listRows(page).first()).toBeVisible();
      expect(await widensPage(page), path).toBe(false);
    }
  });
});
