import { expect, test, type Locator, type Page } from "@playwright/test";
import type { RoleId } from "../../resources/permissions";
import { createTraining } from "./support/api-records";
import { apiHeaders, loginAs } from "./support/auth";
import { counter, listRows, pickOption, search } from "./support/resource-list";

/** Messages quoted verbatim from the spec (part 2 §5, §8). */
const MSG = {
  required: "Ce champ est obligatoire",
  notFound: "Aucune formation n'a été trouvée",
  searchFailed: "Une erreur est survenue lors de la recherche",
  organizationFailed: "Une erreur est survenue lors de la création de l'organisme",
  prefilled: "Champs pré-rempli par l'import Agora",
  deleteConflict: "Attention ! Cette formation est utilisée dans une ou plusieurs sessions.",
  deleteFailed: "Une erreur est survenue lors de la suppression",
  hoursInteger: "La durée doit être représentée par un entier",
  hoursMin: "La durée ne doit pas être inférieure à 0",
  siret: "Le SIRET doit être composé de 14 chiffres",
  max: (n: number) => `Le nombre de caractères est limité à ${n}`,
  exact5: "Le nombre de caractères doit être 5",
  min2: "Le nombre de caractères minimum est 2",
  amountMin: (name: string) => `${name} ne doit pas être inférieur à 0`,
  amountDecimals: (name: string) => `${name} ne doit pas avoir plus de 2 décimales`,
  exists: "Cette formation existe déjà dans l'application : elle ne peut pas être importée une seconde fois.",
  createFailed: "Une erreur est survenue lors de la création",
  saveFailed: "Une erreur est survenue lors de la sauvegarde",
  showNotFound: "La formation n'existe pas",
  showFailed: "Une erreur est survenue lors de la consultation de la formation",
  organizationSearchFailed: "Une erreur est survenue lors de la recherche d'organismes",
};

/** The simulator's fixtures (README): F2026001's contracting organisation is missing from the demo data, F2026002's both exist. */
const F2026001 = { number: "F2026001", actionNumber: "A01", name: "Titre professionnel Agent de restauration" };
const F2026002 = { number: "F2026002", actionNumber: "A01", name: "Titre professionnel Secrétaire assistant médico-administratif" };
const NORMANDIE = "RÉGION NORMANDIE";

const wizardStep = (page: Page) => page.getByTestId("wizard-step");
const nextButton = (page: Page) => page.getByRole("button", { name: "Suivant" });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** An input by its label, whether or not the label carries the required asterisk. */
// A Mantine select labels both its wrapper and its input: the input comes last.
const label = (page: Page, text: string) => page.getByLabel(new RegExp(`^${escapeRegExp(text)}( \\*)?$`)).last();
const funder = (page: Page, n: number) => page.getByRole("region", { name: `Financeur n°${n}` });
const funderField = (page: Page, n: number, text: string) => funder(page, n).getByLabel(new RegExp(`^${escapeRegExp(text)}( \\*)?$`)).last();
/** The error under an input found inside a container (several funders share labels). */
const errorOf = (input: Locator) => input.locator("xpath=ancestor::div[contains(@class,'-root')][1]").locator("[class*='-error']");
const fieldError = (page: Page, text: string) => errorOf(label(page, text));

/** The row menu of the training named "<number> <name>" (the menu button's accessible name). */
const openRowMenu = (page: Page, name: string) => page.getByRole("button", { name: `Actions pour ${name}`, exact: true }).click();

async function lookup(page: Page, number: string, actionNumber: string) {
  await label(page, "Numéro de formation").fill(number);
  await label(page, "Numéro d'action").fill(actionNumber);
  await page.getByRole("button", { name: "Rechercher" }).click();
}

interface ApiTraining {
  id: string;
  information: { name: string; number: string; actionNumber: string; healthcareSocial: boolean; cpfCode: string; coverageOfEducationalCostsForCPFHours: number };
  funders: { fundingType: string; estimatedAmountCoveredIncludingTaxes: number | null; estimatedAmountOfSubsidy: number | null; vat: boolean }[];
}

async function findTraining(page: Page, number: string): Promise<ApiTraining | undefined> {
  const res = await page.request.get(`/api/trainings?search=${encodeURIComponent(number)}`, { headers: await apiHeaders(page.request, "rol_admin") });
  return ((await res.json()).data as ApiTraining[])[0];
}

test.describe("liste des formations", () => {
  test("colonnes, Oui/Non sanitaire et social, heures, recherche et fiche en modale", async ({ page }) => {
    await loginAs(page, "rol_admin", "/trainings");
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
      "0",
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
    await expect(dialog.getByText("SIRET 82409153600017")).toBeVisible();
    await expect(dialog.getByTestId("funder-row").first()).toContainText("Région");
    await expect(dialog.getByTestId("funder-row").first()).toContainText("5 950,00 €");
    await expect(dialog.getByTestId("funder-row").nth(2)).toContainText("NC.");
  });

  test("fiche en modale : « La formation n'existe pas » sur 404, message de consultation pour toute autre erreur", async ({ page }) => {
    await loginAs(page, "rol_admin", "/trainings");
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

  test("fiche : page complète, « NC. » quand absent, 404 en page introuvable", async ({ page }) => {
    const training = await findTraining(page, "F2025004");
    await loginAs(page, "rol_gest-of", `/trainings/${training!.id}`);
    await expect(page.getByRole("heading", { name: /F2025004 – Préparation opérationnelle/ })).toBeVisible();
    await expect(page.locator('[data-label="Modalités pédagogiques"]')).toHaveText("NC.");
    await expect(page.locator('[data-label="Réelle en centre"]')).toHaveText("NC.");
    await expect(page.locator('[data-label="Prise en charge des frais pédagogiques (heures CPF)"]')).toHaveText("0,00 €");
    await expect(page.getByRole("button", { name: "Supprimer" })).toHaveCount(0);
    await page.goto(`/trainings/${"0".repeat(32)}`);
    await expect(page.getByText("Cette page est introuvable.")).toBeVisible();
  });

  test("suppression : confirmation, refus 409 avec le message de la spécification, puis succès", async ({ page }) => {
    const training = await createTraining(page, { name: "Formation à supprimer" });
    await loginAs(page, "rol_resp-cdc", "/trainings");
    await search(page, training.information.number);
    await expect(listRows(page)).toHaveCount(1);
    await page.route(`**/api/trainings/${training.id}`, (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 409, json: { statusCode: 409, error: "Conflict", message: MSG.deleteConflict } })
        : route.fallback(),
    );
    await openRowMenu(page, `${training.information.number} Formation à supprimer`);
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(dialog.getByText(MSG.deleteFailed)).toBeVisible();
    await expect(dialog.getByText(MSG.deleteConflict)).toBeVisible();
    await page.unroute(`**/api/trainings/${training.id}`);
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(listRows(page)).toHaveCount(0);
    expect(await findTraining(page, training.information.number)).toBeUndefined();
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
    test(`${role} : ajout ${manages ? "oui" : "non"}, menu de ligne, création de session ${manages ? "oui" : "non"}`, async ({ page }) => {
      await loginAs(page, role, "/trainings");
      await expect(listRows(page).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Ajouter une formation" })).toHaveCount(manages ? 1 : 0);
      await listRows(page).first().getByRole("button", { name: /^Actions pour / }).click();
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

  test("périmètre : l'OF voit ses formations, gest-cdcss seulement les sanitaires et sociales", async ({ page }) => {
    await loginAs(page, "rol_gest-of", "/trainings");
    await expect(listRows(page).first()).toBeVisible();
    const ofRows = await listRows(page).locator("td:nth-child(4)").allTextContents();
    expect(ofRows.length).toBeGreaterThanOrEqual(5);
    expect(new Set(ofRows)).toEqual(new Set(["AFPA ÎLE-DE-FRANCE"]));

    await loginAs(page, "rol_gest-cdcss", "/trainings");
    await expect(listRows(page).first()).toBeVisible();
    const social = await listRows(page).locator("td:nth-child(5)").allTextContents();
    expect(social.length).toBeGreaterThanOrEqual(3);
    expect(new Set(social)).toEqual(new Set(["Oui"]));
  });

  test("ouvrir dans un nouvel onglet et créer une session depuis une formation", async ({ page, context }) => {
    await loginAs(page, "rol_resp-cdc", "/trainings");
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

test.describe("création : étape Import Agora", () => {
  test("numéros obligatoires, recherche en cours, introuvable, erreur, déjà présente", async ({ page }) => {
    await loginAs(page, "rol_admin", "/trainings/create");
    await expect(page.getByRole("heading", { name: "Création d'une formation" })).toBeVisible();
    await expect(wizardStep(page)).toHaveText("Import Agora");
    await expect(page.getByRole("progressbar")).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();

    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(fieldError(page, "Numéro de formation")).toHaveText(MSG.required);
    await expect(fieldError(page, "Numéro d'action")).toHaveText(MSG.required);

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/trainings/agora/**", async (route) => {
      await held;
      await route.fallback();
    });
    await lookup(page, "INCONNU", "A01");
    await expect(page.getByText("Recherche en cours...")).toBeVisible();
    release();
    await expect(page.getByText(MSG.notFound)).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
    await page.unroute("**/api/trainings/agora/**");

    await page.route("**/api/trainings/agora/**", (route) => route.fulfill({ status: 502, json: { statusCode: 502, message: "x" } }));
    await lookup(page, F2026002.number, F2026002.actionNumber);
    await expect(page.getByText(MSG.searchFailed)).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
    await page.unroute("**/api/trainings/agora/**");

    // A number holding hyphens: the reference "{number}-{actionNumber}" is cut at the last hyphen.
    await lookup(page, "F-2026-004", "A01");
    await expect(page.getByRole("region", { name: "Formation trouvée dans Agora" })).toContainText("F-2026-004 / A01");
    await expect(nextButton(page)).toBeEnabled();

    await lookup(page, "F2025001", "A01");
    await expect(page.getByText(MSG.exists)).toBeVisible();
    await expect(page.getByRole("link", { name: "Voir la formation" })).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
  });
});

// These tests import the simulator's new trainings: they run one after the other, in order.
test.describe.serial("création complète depuis Agora", () => {
  test("organisme absent : échec puis création de l'organisme, la recherche est relancée", async ({ page }) => {
    await loginAs(page, "rol_sup-admin", "/trainings/create");
    await lookup(page, F2026001.number, F2026001.actionNumber);
    const found = page.getByRole("region", { name: "Formation trouvée dans Agora" });
    await expect(found).toContainText(F2026001.name);
    const educational = found.getByRole("region", { name: "Organisme de formation" });
    const contracting = found.getByRole("region", { name: "Organisme contractant" });
    await expect(educational).toContainText("Présent dans l'application");
    await expect(educational.getByRole("button", { name: "Créer l'organisme" })).toHaveCount(0);
    await expect(contracting).toContainText("Absent de l'application");
    await expect(contracting).toContainText(NORMANDIE);
    await expect(nextButton(page)).toBeEnabled();

    await page.route("**/api/organizations", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback(),
    );
    await contracting.getByRole("button", { name: "Créer l'organisme" }).click();
    await expect(page.getByText(MSG.organizationFailed)).toBeVisible();
    await page.unroute("**/api/organizations");

    const lookups: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/trainings/agora/")) lookups.push(request.url());
    });
    await contracting.getByRole("button", { name: "Créer l'organisme" }).click();
    await expect(contracting).toContainText("Présent dans l'application");
    await expect(contracting.getByRole("button", { name: "Créer l'organisme" })).toHaveCount(0);
    expect(lookups).toHaveLength(1);
    const res = await page.request.get("/api/organizations?search=20005375900011", { headers: await apiHeaders(page.request, "rol_admin") });
    expect((await res.json()).data[0]).toMatchObject({ name: NORMANDIE, siret: "20005375900011" });
  });

  test("formation ordinaire : champs importés, validations, financeurs HT/TTC, récapitulatif, sauvegarde", async ({ page }) => {
    await loginAs(page, "rol_sup-admin", "/trainings/create");
    await lookup(page, F2026001.number, F2026001.actionNumber);
    await expect(page.getByRole("region", { name: "Organisme contractant" })).toContainText("Présent dans l'application");
    await nextButton(page).click();

    // Step 2: imported fields disabled with their note.
    await expect(wizardStep(page)).toHaveText("Informations");
    await expect(page.getByRole("button", { name: "Précédent" })).toBeVisible();
    for (const field of ["Intitulé de la formation", "Numéro de formation", "Numéro d'action", "Organisme de formation", "Organisme contractant", "Nom de la voie"]) {
      await expect(label(page, field)).toBeDisabled();
    }
    await expect(label(page, "Intitulé de la formation")).toHaveValue(F2026001.name);
    await expect(label(page, "Organisme contractant")).toHaveValue(`${NORMANDIE} – 20005375900011`);
    await expect(page.getByText(MSG.prefilled)).toHaveCount(6);

    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Informations");
    for (const field of ["Objectif", "Dispositif principal", "Type de formation", "Durée prévisionnelle en centre (heures)", "Durée prévisionnelle en entreprise (heures)"]) {
      await expect(fieldError(page, field)).toHaveText(MSG.required);
    }
    await label(page, "Numéro de marché").fill("M".repeat(51));
    await label(page, "Durée prévisionnelle en centre (heures)").fill("-1");
    await label(page, "Durée prévisionnelle en entreprise (heures)").fill("1,5");
    await label(page, "Durée réelle en centre (heures)").fill("douze");
    await expect(fieldError(page, "Numéro de marché")).toHaveText(MSG.max(50));
    await expect(fieldError(page, "Durée prévisionnelle en centre (heures)")).toHaveText(MSG.hoursMin);
    await expect(fieldError(page, "Durée prévisionnelle en entreprise (heures)")).toHaveText(MSG.hoursInteger);
    await expect(fieldError(page, "Durée réelle en centre (heures)")).toHaveText(MSG.hoursInteger);

    await label(page, "Numéro de marché").fill("M-2026-07");
    await pickOption(page, label(page, "Objectif"), "Formation certifiante");
    await pickOption(page, label(page, "Dispositif principal"), "Programme régional de formation");
    await pickOption(page, label(page, "Type de formation"), "Certifiante");
    await pickOption(page, label(page, "Modalités pédagogiques"), "Formation entièrement en présentiel");
    await page.locator("label", { hasText: "FSE (Fonds social européen)" }).click();
    await expect(label(page, "FSE (Fonds social européen)")).toBeChecked();
    await label(page, "Durée prévisionnelle en centre (heures)").fill("420");
    await label(page, "Durée prévisionnelle en entreprise (heures)").fill("70");
    await label(page, "Durée réelle en centre (heures)").fill("");
    await expect(page.getByTestId("healthcare-social-badge")).toHaveCount(0);
    await nextButton(page).click();

    // Step 3: the first funder is prefilled; ordinary training → tax-free and including-tax amounts.
    await expect(wizardStep(page)).toHaveText("Financeurs");
    await expect(funderField(page, 1, "Type de financement")).toHaveValue("Région");
    await expect(funderField(page, 1, "Source de financement")).toHaveValue("Fonds propres régionaux");
    await expect(funderField(page, 1, "Assujetti à la TVA")).toBeChecked();
    await expect(funderField(page, 1, "Montant estimé de la subvention")).toHaveCount(0);
    const amounts = {
      "Montant estimé HT": "Le montant estimé HT",
      "Montant estimé TTC": "Le montant estimé TTC",
      "Montant réel HT": "Le montant réel HT",
      "Montant réel TTC": "Le montant réel TTC",
    };
    for (const [field, name] of Object.entries(amounts)) {
      await funderField(page, 1, field).fill("-1");
      await expect(errorOf(funderField(page, 1, field))).toHaveText(MSG.amountMin(name));
      await funderField(page, 1, field).fill("10,123");
      await expect(errorOf(funderField(page, 1, field))).toHaveText(MSG.amountDecimals(name));
      await funderField(page, 1, field).fill("");
    }
    await funderField(page, 1, "SIRET du financeur").fill("123");
    await expect(errorOf(funderField(page, 1, "SIRET du financeur"))).toHaveText(MSG.siret);
    await funderField(page, 1, "SIRET du financeur").fill("20005375900011");
    await funderField(page, 1, "Montant estimé HT").fill("1000");
    await funderField(page, 1, "Montant estimé TTC").fill("1 200,50");

    await page.getByRole("button", { name: "Ajouter un financeur" }).click();
    await expect(funder(page, 2)).toBeVisible();
    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Financeurs");
    await expect(errorOf(funderField(page, 2, "Type de financement"))).toHaveText(MSG.required);
    await expect(errorOf(funderField(page, 2, "Source de financement"))).toHaveText(MSG.required);
    await page.getByRole("button", { name: "Supprimer le financeur n°2" }).click();
    await expect(funder(page, 2)).toHaveCount(0);
    await page.getByRole("button", { name: "Ajouter un financeur" }).click();
    await pickOption(page, funderField(page, 2, "Type de financement"), "Union européenne");
    await pickOption(page, funderField(page, 2, "Source de financement"), "Fonds social européen (FSE)");
    await funderField(page, 2, "Montant réel TTC").fill("300");
    await nextButton(page).click();

    // Step 4: read-only summary, 'NC.' for empty amounts, euro signs, the forced CPF values.
    await expect(wizardStep(page)).toHaveText("Récapitulatif");
    const summary = page.getByTestId("training-summary");
    await expect(summary.locator('[data-label="Numéro de marché"]')).toHaveText("M-2026-07");
    await expect(summary.locator('[data-label="Code CPF"]')).toHaveText("999999999999");
    await expect(summary.locator('[data-label="Prévisionnelle en centre"]')).toHaveText("420 h");
    await expect(summary.locator('[data-label="Réelle en centre"]')).toHaveText("NC.");
    await expect(summary.getByRole("columnheader", { name: "Montant estimé TTC" })).toBeVisible();
    await expect(summary.getByRole("columnheader", { name: "Montant réel TTC" })).toBeVisible();
    const rows = summary.getByTestId("funder-row");
    await expect(rows.nth(0).locator("td")).toHaveText(["Région", "Fonds propres régionaux", "20005375900011", "Oui", "1 200,50 €", "NC."]);
    await expect(rows.nth(1).locator("td")).toHaveText(["Union européenne", "Fonds social européen (FSE)", "NC.", "Non", "NC.", "300,00 €"]);
    await page.getByRole("button", { name: "Sauvegarder" }).click();

    await expect(page).toHaveURL(/\/trainings$/);
    const saved = await findTraining(page, F2026001.number);
    expect(saved).toMatchObject({
      information: { name: F2026001.name, healthcareSocial: false, cpfCode: "999999999999", coverageOfEducationalCostsForCPFHours: 0 },
      funders: [
        { fundingType: "REGION", vat: true, estimatedAmountCoveredIncludingTaxes: 1200.5, estimatedAmountOfSubsidy: null },
        { fundingType: "EUROPEAN_UNION", vat: false },
      ],
    });

    await page.goto("/trainings/create");
    await lookup(page, F2026001.number, F2026001.actionNumber);
    await expect(page.getByText(MSG.exists)).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
  });

  test("formation sanitaire et sociale : montants de subvention, récapitulatif et sauvegarde par resp-cdc", async ({ page }) => {
    await loginAs(page, "rol_resp-cdc", "/trainings/create");
    await lookup(page, F2026002.number, F2026002.actionNumber);
    await expect(page.getByRole("region", { name: "Organisme contractant" })).toContainText("Présent dans l'application");
    await nextButton(page).click();
    await pickOption(page, label(page, "Objectif"), "Préparation à la qualification");
    await pickOption(page, label(page, "Dispositif principal"), "Subvention des formations sanitaires et sociales");
    await expect(page.getByTestId("healthcare-social-badge")).toHaveText("Formation sanitaire et sociale");
    await pickOption(page, label(page, "Type de formation"), "Certifiante");
    await label(page, "Durée prévisionnelle en centre (heures)").fill("600");
    await label(page, "Durée prévisionnelle en entreprise (heures)").fill("280");
    await nextButton(page).click();

    await expect(wizardStep(page)).toHaveText("Financeurs");
    await expect(funderField(page, 1, "Montant estimé HT")).toHaveCount(0);
    await expect(funderField(page, 1, "Montant estimé TTC")).toHaveCount(0);
    for (const [field, name] of [
      ["Montant estimé de la subvention", "Le montant estimé de la subvention"],
      ["Montant réel de la subvention", "Le montant réel de la subvention"],
    ] as const) {
      await funderField(page, 1, field).fill("-5");
      await expect(errorOf(funderField(page, 1, field))).toHaveText(MSG.amountMin(name));
      await funderField(page, 1, field).fill("3,333");
      await expect(errorOf(funderField(page, 1, field))).toHaveText(MSG.amountDecimals(name));
    }
    await funderField(page, 1, "Montant estimé de la subvention").fill("4500");
    await funderField(page, 1, "Montant réel de la subvention").fill("");
    await nextButton(page).click();

    await expect(wizardStep(page)).toHaveText("Récapitulatif");
    const summary = page.getByTestId("training-summary");
    await expect(summary.locator('[data-label="Formation sanitaire et sociale"]')).toHaveText("Oui");
    await expect(summary.getByRole("columnheader", { name: "Montant estimé de la subvention" })).toBeVisible();
    await expect(summary.getByRole("columnheader", { name: "Montant estimé TTC" })).toHaveCount(0);
    await expect(summary.getByTestId("funder-row").first().locator("td").nth(4)).toHaveText("4 500,00 €");
    await expect(summary.getByTestId("funder-row").first().locator("td").nth(5)).toHaveText("NC.");

    await page.getByRole("button", { name: "Précédent" }).click();
    await expect(wizardStep(page)).toHaveText("Financeurs");
    await nextButton(page).click();
    await page.route("**/api/trainings", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback(),
    );
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("alert").filter({ hasText: MSG.createFailed }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/trainings\/create$/);
    await page.unroute("**/api/trainings");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page).toHaveURL(/\/trainings$/);
    await search(page, F2026002.number);
    await expect(listRows(page).first()).toContainText(F2026002.name);
    await expect(listRows(page).first().locator("td").nth(4)).toHaveText("Oui");
    const saved = await findTraining(page, F2026002.number);
    expect(saved?.funders[0]).toMatchObject({ estimatedAmountOfSubsidy: 4500, estimatedAmountCoveredIncludingTaxes: null });
  });
});

test.describe("modification", () => {
  test("onglets Informations et Financeurs, validations, sauvegarde puis retour à la liste", async ({ page }) => {
    const training = await createTraining(page, { name: "Formation à modifier" });
    await loginAs(page, "rol_gest-cdc", `/trainings/${training.id}/edit`);
    await expect(page.getByRole("heading", { name: "Modification de la formation Formation à modifier" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Informations" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Financeurs" })).toBeVisible();
    await expect(label(page, "Numéro de formation")).toBeDisabled();

    await label(page, "Intitulé de la formation").fill("x".repeat(256));
    await expect(fieldError(page, "Intitulé de la formation")).toHaveText(MSG.max(255));
    await label(page, "Intitulé de la formation").fill("");
    await expect(fieldError(page, "Intitulé de la formation")).toHaveText(MSG.required);
    await label(page, "Code postal").fill("750");
    await expect(fieldError(page, "Code postal")).toHaveText(MSG.exact5);
    await label(page, "Ville").fill("P");
    await expect(fieldError(page, "Ville")).toHaveText(MSG.min2);
    await label(page, "Nom de la voie").fill("v".repeat(33));
    await expect(fieldError(page, "Nom de la voie")).toHaveText(MSG.max(32));
    await label(page, "Appartement, étage").fill("a".repeat(71));
    await expect(fieldError(page, "Appartement, étage")).toHaveText(MSG.max(70));
    await label(page, "Numéro").fill("12345");
    await expect(fieldError(page, "Numéro")).toHaveText(MSG.max(4));
    await label(page, "Appartement, étage").fill("2e étage");
    await label(page, "Numéro").fill("12");
    await label(page, "Code postal").fill("75011");
    await label(page, "Ville").fill("paris");
    await label(page, "Nom de la voie").fill("de la Roquette");
    await label(page, "Intitulé de la formation").fill("Formation modifiée");

    await page.route("**/api/organizations?**", (route) => route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }));
    await label(page, "Organisme contractant").fill("OPCO");
    await expect(fieldError(page, "Organisme contractant")).toHaveText(MSG.organizationSearchFailed);
    await page.unroute("**/api/organizations?**");
    await page.keyboard.press("Escape");

    await page.getByRole("tab", { name: "Financeurs" }).click();
    await expect(funderField(page, 1, "Montant estimé TTC")).toHaveValue("1200");
    await funderField(page, 1, "Montant estimé TTC").fill("1500");
    await page.route(`**/api/trainings/${training.id}`, (route) =>
      route.request().method() === "PATCH" ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback(),
    );
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("alert").filter({ hasText: MSG.saveFailed }).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/trainings/${training.id}/edit$`));
    await page.unroute(`**/api/trainings/${training.id}`);
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page).toHaveURL(/\/trainings$/);
    const saved = await findTraining(page, training.information.number);
    expect(saved).toMatchObject({ information: { name: "Formation modifiée" }, funders: [{ estimatedAmountCoveredIncludingTaxes: 1500 }] });

    await page.goto(`/trainings/${training.id}/edit`);
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page).toHaveURL(/\/trainings$/);
  });
});
