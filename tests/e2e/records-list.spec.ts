/**
 * /records, the home page (spec part 2 §2 "Records", §6, §8): columns, search on the trainee's name, NIR, file number and training,
 * paging kept in records_offset / records_limit, the error banner and its retry, the empty text, the blocking switch (title and
 * filterAnomalies=true), the detail modal and its messages, and the actions each of the seven roles sees in the row menu.
 */
import type { Page } from "@playwright/test";
import type { RoleId } from "../../resources/permissions";
import { uniqueSuffix } from "./support/api-records";
import { expect, test } from "./support/fixtures";
import { closeDialog, counter, expectElevenRowsPagedAndKept, expectEmptyList, expectSearchFailureRetried, listRows, openRowMenu, search } from "./support/resource-list";

/** Messages quoted verbatim from the spec (part 2 §2, §8; part 1 "Lists"). */
const MSG = {
  title: "Dossiers de formation",
  blockingTitle: "Dossiers de formation bloquants",
  toggle: "Rechercher les dossiers bloquants",
  empty: "Aucun dossier de formation disponible",
  searchFailed: "Une erreur est survenue lors de la recherche",
  notFound: "Le dossier de formation n'existe pas",
  showFailed: "Une erreur est survenue lors de la consultation du dossier de formation",
};

const rowOf = (page: Page, id: string) => page.locator(`tbody tr[data-row-id="${id}"]`);
const heading = (page: Page, name: string) => page.getByRole("heading", { name, level: 1, exact: true });

test.describe("liste des dossiers de formation", () => {
  test("colonnes, badge de statut, recherche par nom, NIR, n° de dossier et formation", async ({ page, signIn, api }) => {
    const record = await api.createRecord({ status: "VALIDATED", startDate: "2026-02-02", endDate: "2026-04-30" });
    const { trainee, session } = record;
    await signIn("rol_admin", "/records");
    await expect(heading(page, MSG.title)).toBeVisible();
    const headers = ["N° de dossier", "Stagiaire", "Organisme de formation", "Formation", "Session", "Statut", "Dernière mise à jour", "FSE", "Actions"];
    for (const header of headers) await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();

    for (const term of [trainee.lastName, trainee.ssn, record.agoraId, session.training.number, session.training.name]) {
      await search(page, term);
      await expect(listRows(page)).toHaveCount(1);
      await expect(rowOf(page, record.id)).toBeVisible();
    }
    await expect(rowOf(page, record.id).locator("td")).toHaveText([
      record.agoraId,
      `${trainee.lastName} Zoé17/05/1990`,
      session.training.educationalOrganization.name,
      session.training.name,
      "du 02/02/2026au 30/04/2026",
      "Validé",
      // The day, then the time under it.
      /^\d{2}\/\d{2}\/\d{4}\d{2}:\d{2}:\d{2}$/,
      "0",
      "",
    ]);
    await expect(counter(page)).toHaveText("1 - 1 sur 1");
  });

  test("pages gardées dans records_offset / records_limit, même après rechargement", async ({ page, signIn, api }) => {
    const first = await api.createRecord();
    await Promise.all(Array.from({ length: 10 }, () => api.createRecord({ sessionId: first.session.id })));
    await signIn("rol_admin", "/records");
    await expectElevenRowsPagedAndKept(page, first.session.training.number, "records");
  });

  test("échec du chargement : bannière et Réessayer ; aucune ligne : « Aucun dossier de formation disponible »", async ({ page, signIn, api }) => {
    const record = await api.createRecord();
    await signIn("rol_admin", "/records");
    await expect(listRows(page).first()).toBeVisible();
    await expectSearchFailureRetried(page, record.agoraId, MSG.searchFailed, rowOf(page, record.id));
    await expectEmptyList(page, `aucun-dossier-${uniqueSuffix()}`, MSG.empty);
  });

  test("« Rechercher les dossiers bloquants » : titre « Dossiers de formation bloquants » et filterAnomalies=true", async ({ page, signIn, api }) => {
    // Session started long ago and still in preparation: blocking. Session to come: not blocking.
    const [late, onTime] = await Promise.all([
      api.createRecord({ startDate: "2026-01-05", endDate: "2026-03-20" }),
      api.createRecord({ startDate: "2027-09-06", endDate: "2027-12-17" }),
    ]);
    await signIn("rol_admin", "/records");
    await expect(heading(page, MSG.title)).toBeVisible();
    const filtered = page.waitForRequest((req) => new URL(req.url()).pathname === "/api/records" && new URL(req.url()).searchParams.get("filterAnomalies") === "true");
    await page.getByRole("switch", { name: MSG.toggle, exact: true }).click();
    await filtered;
    await expect(page.getByRole("switch", { name: MSG.toggle })).toBeChecked();
    await expect(heading(page, MSG.blockingTitle)).toBeVisible();

    await search(page, late.agoraId);
    await expect(rowOf(page, late.id)).toBeVisible();
    await search(page, onTime.agoraId);
    await expect(page.getByText(MSG.empty, { exact: true })).toBeVisible();

    // Off again: every record, the plain title, no filter sent.
    const unfiltered = page.waitForRequest((req) => new URL(req.url()).pathname === "/api/records" && !new URL(req.url()).searchParams.has("filterAnomalies"));
    await page.getByRole("switch", { name: MSG.toggle, exact: true }).click();
    await unfiltered;
    await expect(heading(page, MSG.title)).toBeVisible();
    await expect(rowOf(page, onTime.id)).toBeVisible();
  });

  test("clic sur une ligne : fiche en modale ; messages sur 404 et sur échec", async ({ page, signIn, api }) => {
    const record = await api.createRecord();
    await signIn("rol_admin", "/records");
    await search(page, record.agoraId);
    // Keyboard: the row is reached and opened with Enter.
    await rowOf(page, record.id).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(`${record.trainee.lastName} Zoé`).first()).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Voir la fiche complète" })).toHaveAttribute("href", `/records/${record.id}`);
    await expect(dialog.locator('[data-label="N° de dossier"]')).toHaveText(record.agoraId);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    for (const [status, message] of [
      [404, MSG.notFound],
      [500, MSG.showFailed],
    ] as const) {
      await page.route(`**/api/records/${record.id}`, (route) => route.fulfill({ status, json: { statusCode: status, message: "x" } }));
      await rowOf(page, record.id).locator("td").nth(1).click();
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
      // Its button: the record shown before (cached) held the focus in a link the failure removed, so Escape reaches no modal.
      await closeDialog(page);
      await page.unroute(`**/api/records/${record.id}`);
    }
  });
});

/** Add, edit, status, re-push, FSE and bilan: sup-admin, admin, resp-of, gest-of (spec §6); list and detail for all seven. */
const WRITES: Record<RoleId, boolean> = {
  "rol_sup-admin": true,
  rol_admin: true,
  "rol_resp-of": true,
  "rol_gest-of": true,
  "rol_resp-cdc": false,
  "rol_gest-cdc": false,
  "rol_gest-cdcss": false,
};

test.describe("dossiers de formation : actions selon le rôle", () => {
  for (const [role, writes] of Object.entries(WRITES) as [RoleId, boolean][]) {
    test(`${role} : liste et fiche ; ajout, modification, statut, Agora, FSE et bilan ${writes ? "oui" : "non"}`, async ({ page, signIn, api }) => {
      // Healthcare-social between the demo AFPA and Région IDF: in every role's scope; FSE set so that its entry may show.
      const record = await api.createRecord({ status: "START_OF_TRAINING", fse: true, healthcareSocial: true });
      await signIn(role, "/records");
      await expect(heading(page, MSG.title)).toBeVisible();
      await expect(page.getByRole("button", { name: "Ajouter un dossier de formation" })).toHaveCount(writes ? 1 : 0);
      await search(page, record.agoraId);
      await expect(rowOf(page, record.id)).toBeVisible();
      await openRowMenu(page, `${record.trainee.lastName} Zoé`);
      const menu = page.getByRole("menu");
      const expected = writes
        ? // Spec §2 "Records": open in new tab, edit, status change, 'Mise à jour Agora', fill FSE, fill bilan.
          ["Ouvrir dans un nouvel onglet", "Modifier", "Changer le statut", "Mise à jour Agora", "Remplir le FSE", "Remplir le bilan"]
        : ["Ouvrir dans un nouvel onglet"];
      await expect(menu.getByRole("menuitem")).toHaveText(expected);
      if (writes) await expect(menu.getByRole("menuitem", { name: "Remplir le FSE" })).toBeEnabled();
      await page.keyboard.press("Escape");

      await page.goto(`/records/${record.id}`);
      await expect(heading(page, `${record.trainee.lastName} Zoé`)).toBeVisible();
      await expect(page.getByRole("button", { name: "Changer le statut" })).toHaveCount(writes ? 1 : 0);
      await expect(page.getByRole("button", { name: "Mise à jour Agora" })).toHaveCount(writes ? 1 : 0);
      await expect(page.getByRole("button", { name: "Modifier" })).toHaveCount(writes ? 1 : 0);
    });
  }

  test("sans FSE sur la formation, pas d'entrée FSE ; un menu entièrement au clavier", async ({ page, signIn, api }) => {
    const record = await api.createRecord({ status: "VALIDATED" });
    await signIn("rol_gest-of", "/records");
    await search(page, record.agoraId);
    await rowOf(page, record.id).getByRole("button", { name: /^Actions pour / }).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText(["Ouvrir dans un nouvel onglet", "Modifier", "Changer le statut", "Mise à jour Agora", "Remplir le bilan"]);
    // The menu takes the focus once open, on its first item (WAI-ARIA's menu button): arrows pressed before would reach the
    // row's button.
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("[role=menu]")))).toBe(true);
    await expect(menu.getByRole("menuitem", { name: "Ouvrir dans un nouvel onglet" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Changer le statut" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Mise à jour du statut du dossier de formation" })).toBeVisible();
  });
});
