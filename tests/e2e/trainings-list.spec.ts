/**
 * The trainings' list and detail (spec part 2 §5, §8): columns, search, the detail modal and page, the deletion, and
 * what each role may do from the list.
 */
import type { RoleId } from "../../resources/permissions";
import { HEALTHCARE_SOCIAL_DEVICE } from "../../resources/trainings/enums";
import type { ApiTraining } from "./support/api-records";
import { expect, test } from "./support/fixtures";
import { counter, escapeRegExp, listRows, openRowMenu, search } from "./support/resource-list";

/** Messages quoted verbatim from the spec (part 2 §5, §8). */
const MSG = {
  deleteConflict: "Attention ! Cette formation est utilisée dans une ou plusieurs sessions.",
  deleteFailed: "Une erreur est survenue lors de la suppression",
  showNotFound: "La formation n'existe pas",
  showFailed: "Une erreur est survenue lors de la consultation de la formation",
};

test.describe("liste des formations", () => {
  test("colonnes, Oui/Non sanitaire et social, heures, recherche et fiche en modale", async ({ page, signIn, api }) => {
    // The demo sessions of the training, as many as the API counts (the sessions' demo data may grow).
    const { sessionsCount } = (await api.find<ApiTraining>("trainings", "F2025005"))!;
    await signIn("rol_admin", "/trainings");
    await expect(page.getByRole("heading", { name: "Formations" })).toBeVisible();
    for (const header of ["N° de formation n° d'action", "N° de marché", "Intitulé", "Organisme de formation", "Sanitaire et social", "Sessions", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("columnheader", { name: "Heures en centre réelles / prévues" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Heures en entreprise réelles / prévues" })).toBeVisible();

    await search(page, "accompagnant educatif");
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page).first().locator("td")).toHaveText([
      // The training number, its action number underneath.
      "F2025005A01",
      "M2025-IDF-044",
      "Diplôme d'État d'accompagnant éducatif et social",
      "AFPA ÎLE-DE-FRANCE",
      "Oui",
      "560 h / 567 h",
      "840 h / 840 h",
      String(sessionsCount),
      "",
    ]);
    await search(page, "F2025004");
    await expect(listRows(page).first().locator("td").nth(4)).toHaveText("Non");
    await expect(listRows(page).first().locator("td").nth(5)).toHaveText("NC. / 399 h");
    await expect(counter(page)).toHaveText("1 - 1 sur 1");

    await search(page, "F2025005");
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page).first()).toContainText("F2025005");
    await listRows(page).first().click();
    const dialog = page.getByRole("dialog");
    for (const block of ["Informations générales", "Objectifs et modalités", "Organismes", "Lieu de formation", "Sanitaire et social", "Durées", "Financeurs (3)"]) {
      await expect(dialog.getByRole("heading", { name: new RegExp(`^${escapeRegExp(block)}`) })).toBeVisible();
    }
    await expect(dialog.locator('[data-label="Dispositif principal"]')).toHaveText("Subvention des formations sanitaires et sociales");
    await expect(dialog.locator('[data-label="Code CPF"]')).toHaveText("999999999999");
    await expect(dialog.locator('[data-label="Réelle en centre"]')).toHaveText("560 h");
    await expect(dialog.locator('[data-label="Organisme financeur des heures CPF"]')).toHaveText("NC.");
    await expect(dialog.getByText("SIRET 82409153600014")).toBeVisible();
    await expect(dialog.getByTestId("funder-row").first()).toContainText("Région");
    await expect(dialog.getByTestId("funder-row").first()).toContainText("5 950,00 €");
    await expect(dialog.getByTestId("funder-row").nth(2)).toContainText("NC.");
  });

  test("fiche en modale : « La formation n'existe pas » sur 404, message de consultation pour toute autre erreur", async ({ page, signIn }) => {
    await signIn("rol_admin", "/trainings");
    await search(page, "F2025006");
    await expect(listRows(page)).toHaveCount(1);
    const id = await listRows(page).first().getAttribute("data-row-id");
    for (const [status, message] of [[404, MSG.showNotFound], [500, MSG.showFailed]] as const) {
      await page.route(`**/api/trainings/${id}`, (route) =>
        route.request().method() === "GET" ? route.fulfill({ status, json: { statusCode: status, message: "x" } }) : route.fallback(),
      );
      await listRows(page).first().click();
      await expect(page.getByRole("dialog").getByText(message, { exact: true })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await page.unroute(`**/api/trainings/${id}`);
    }
  });

  test("fiche : page complète, « NC. » quand absent, 404 en page introuvable", async ({ page, signIn, api }) => {
    const training = (await api.find<ApiTraining>("trainings", "F2025004"))!;
    await signIn("rol_gest-of", `/trainings/${training.id}`);
    await expect(page.getByRole("heading", { name: /F2025004 – Préparation opérationnelle/ })).toBeVisible();
    await expect(page.locator('[data-label="Modalités pédagogiques"]')).toHaveText("NC.");
    await expect(page.locator('[data-label="Réelle en centre"]')).toHaveText("NC.");
    await expect(page.locator('[data-label="Prise en charge des frais pédagogiques (heures CPF)"]')).toHaveText("0,00 €");
    await expect(page.getByRole("button", { name: "Supprimer" })).toHaveCount(0);
    await page.goto(`/trainings/${"0".repeat(32)}`);
    await expect(page.getByText("Cette page est introuvable.")).toBeVisible();
  });

  test("suppression : confirmation, refus 409 tant qu'une session l'utilise (message de la spécification), puis succès", async ({ page, signIn, api }) => {
    const training = await api.createTraining({ name: "Formation à supprimer" });
    const session = await api.createSession({}, training.id);
    await signIn("rol_resp-cdc", "/trainings");
    await search(page, training.information.number);
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page).first().locator("td").nth(7)).toHaveText("1");
    await openRowMenu(page, `${training.information.number} Formation à supprimer`);
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    const dialog = page.getByRole("dialog");
    const refused = page.waitForResponse((res) => res.url().endsWith(`/api/trainings/${training.id}`) && res.request().method() === "DELETE");
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    expect((await refused).status()).toBe(409);
    // The spec's sentence alone (§8 "Training delete, 409"), not under the generic failure.
    await expect(dialog.getByRole("alert")).toHaveText(MSG.deleteConflict);
    await expect(dialog.getByText(MSG.deleteFailed)).toHaveCount(0);
    expect((await api.get(`/api/trainings/${training.id}`)).status()).toBe(200);
    // Once its session is gone, the training can go too.
    await api.remove(`/api/sessions/${session.id}`);
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(listRows(page)).toHaveCount(0);
    expect(await api.find<ApiTraining>("trainings", training.information.number)).toBeUndefined();
  });
});

test.describe("actions selon le rôle", () => {
  const CAN_MANAGE: Record<RoleId, boolean> = {
    "rol_sup-admin": true,
    rol_admin: true,
    "rol_resp-cdc": true,
    "rol_resp-of": false,
    "rol_gest-of": false,
    "rol_gest-cdc": false,
    "rol_gest-cdcss": false,
  };
  for (const [role, manages] of Object.entries(CAN_MANAGE) as [RoleId, boolean][]) {
    test(`${role} : ajout ${manages ? "oui" : "non"}, menu de ligne, création de session ${manages ? "oui" : "non"}`, async ({ page, signIn, api }) => {
      // Healthcare-social, so that every role has it in scope (gest-cdcss sees no other).
      const training = await api.createTraining({ device: HEALTHCARE_SOCIAL_DEVICE });
      const { number, name } = training.information;
      await signIn(role, "/trainings");
      await expect(listRows(page).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Ajouter une formation" })).toHaveCount(manages ? 1 : 0);
      await search(page, number);
      await openRowMenu(page, `${number} ${name}`);
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem", { name: "Ouvrir dans un nouvel onglet" })).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Modifier" })).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Créer une session" })).toHaveCount(manages ? 1 : 0);
      await expect(menu.getByRole("menuitem", { name: "Supprimer" })).toHaveCount(manages ? 1 : 0);
      await page.keyboard.press("Escape");
      await page.goto("/trainings/create");
      if (manages) await expect(page.getByRole("heading", { name: "Création d'une formation" })).toBeVisible();
      else await expect(page.getByText("L'accès à cette page vous est restreint.")).toBeVisible();
    });
  }

  test("périmètre : l'OF voit ses formations, gest-cdcss seulement les sanitaires et sociales", async ({ page, signIn }) => {
    await signIn("rol_gest-of", "/trainings");
    await expect(listRows(page).first()).toBeVisible();
    const ofRows = await listRows(page).locator("td:nth-child(4)").allTextContents();
    expect(ofRows.length).toBeGreaterThanOrEqual(5);
    expect(new Set(ofRows)).toEqual(new Set(["AFPA ÎLE-DE-FRANCE"]));

    await signIn("rol_gest-cdcss", "/trainings");
    await expect(listRows(page).first()).toBeVisible();
    const social = await listRows(page).locator("td:nth-child(5)").allTextContents();
    expect(social.length).toBeGreaterThanOrEqual(3);
    expect(new Set(social)).toEqual(new Set(["Oui"]));
  });

  test("ouvrir dans un nouvel onglet et créer une session depuis une formation", async ({ page, context, signIn }) => {
    await signIn("rol_resp-cdc", "/trainings");
    await search(page, "F2025006");
    await expect(listRows(page)).toHaveCount(1);
    const id = await listRows(page).first().getAttribute("data-row-id");
    await openRowMenu(page, "F2025006 Titre professionnel Comptable assistant");
    const [popup] = await Promise.all([context.waitForEvent("page"), page.getByRole("menuitem", { name: "Ouvrir dans un nouvel onglet" }).click()]);
    await expect(popup).toHaveURL(new RegExp(`/trainings/${id}$`));
    await openRowMenu(page, "F2025006 Titre professionnel Comptable assistant");
    await page.getByRole("menuitem", { name: "Créer une session" }).click();
    await expect(page).toHaveURL(/\/sessions\/create$/);
    expect(await page.evaluate(() => (window.history.state as { usr?: { trainingId?: string } }).usr?.trainingId)).toBe(id);
  });
});
