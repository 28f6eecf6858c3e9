/**
 * The training's creation wizard (spec part 2 §5, §8): the Agora import and its states, the organisation created from
 * the import, then an ordinary training through every step to its save.
 */
import type { ApiOrganization, ApiTraining } from "./support/api-records";
import { expect, test } from "./support/fixtures";
import { errorOf, pickOption } from "./support/resource-list";
import { funder, funderField, trainingField, trainingFieldError } from "./support/training-form";
import { lookupTraining, nextButton, wizardStep } from "./support/wizards";

/** Messages quoted verbatim from the spec (part 2 §5, §8). */
const MSG = {
  required: "Ce champ est obligatoire",
  notFound: "Aucune formation n'a été trouvée",
  searchFailed: "Une erreur est survenue lors de la recherche",
  organizationFailed: "Une erreur est survenue lors de la création de l'organisme",
  prefilled: "Champs pré-rempli par l'import Agora",
  hoursInteger: "La durée doit être représentée par un entier",
  hoursMin: "La durée ne doit pas être inférieure à 0",
  siret: "Le SIRET doit être composé de 14 chiffres",
  max: (n: number) => `Le nombre de caractères est limité à ${n}`,
  amountMin: (name: string) => `${name} ne doit pas être inférieur à 0`,
  amountDecimals: (name: string) => `${name} ne doit pas avoir plus de 2 décimales`,
  exists: "Cette formation existe déjà dans l'application : elle ne peut pas être importée une seconde fois.",
};

/** The simulator's training whose contracting organisation is missing from the demo data (README); F2026002's both exist. */
const F2026001 = { number: "F2026001", actionNumber: "A01", name: "Titre professionnel Agent de restauration" };
const F2026002 = { number: "F2026002", actionNumber: "A01" };
const NORMANDIE = "RÉGION NORMANDIE";

test.describe("création : étape Import Agora", () => {
  test("numéros obligatoires, recherche en cours, introuvable, erreur, déjà présente", async ({ page, signIn }) => {
    await signIn("rol_admin", "/trainings/create");
    await expect(page.getByRole("heading", { name: "Création d'une formation" })).toBeVisible();
    await expect(wizardStep(page)).toHaveText("Import Agora");
    await expect(page.getByRole("progressbar")).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();

    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(trainingFieldError(page, "Numéro de formation")).toHaveText(MSG.required);
    await expect(trainingFieldError(page, "Numéro d'action")).toHaveText(MSG.required);

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/trainings/agora/**", async (route) => {
      await held;
      await route.fallback();
    });
    await lookupTraining(page, "INCONNU", "A01");
    await expect(page.getByText("Recherche en cours...")).toBeVisible();
    release();
    await expect(page.getByText(MSG.notFound)).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
    await page.unroute("**/api/trainings/agora/**");

    await page.route("**/api/trainings/agora/**", (route) => route.fulfill({ status: 502, json: { statusCode: 502, message: "x" } }));
    await lookupTraining(page, F2026002.number, F2026002.actionNumber);
    await expect(page.getByText(MSG.searchFailed)).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
    await page.unroute("**/api/trainings/agora/**");

    // A number holding hyphens: the reference "{number}-{actionNumber}" is cut at the last hyphen.
    await lookupTraining(page, "F-2026-004", "A01");
    await expect(page.getByRole("region", { name: "Formation trouvée dans Agora" })).toContainText("F-2026-004 / A01");
    await expect(nextButton(page)).toBeEnabled();

    await lookupTraining(page, "F2025001", "A01");
    await expect(page.getByText(MSG.exists)).toBeVisible();
    await expect(page.getByRole("link", { name: "Voir la formation" })).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
  });
});

test.describe("création complète depuis Agora", () => {
  // One test: F2026001 can be imported only once its contracting organisation exists, and only this test creates it.
  test("organisme absent créé depuis l'import, puis formation ordinaire : champs importés, validations, financeurs HT/TTC, récapitulatif, sauvegarde", async ({ page, signIn, api }) => {
    // Every step of the wizard, twice the import: three times the usual time.
    test.slow();
    await signIn("rol_sup-admin", "/trainings/create");

    await test.step("organisme absent : échec puis création de l'organisme, la recherche est relancée", async () => {
      await lookupTraining(page, F2026001.number, F2026001.actionNumber);
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
      expect(await api.find<ApiOrganization>("organizations", "20005375900011")).toMatchObject({ name: NORMANDIE, siret: "20005375900011" });
    });

    await test.step("Informations : champs importés verrouillés, validations", async () => {
      await page.goto("/trainings/create");
      await lookupTraining(page, F2026001.number, F2026001.actionNumber);
      await expect(page.getByRole("region", { name: "Organisme contractant" })).toContainText("Présent dans l'application");
      await nextButton(page).click();

      // Imported fields disabled with their note.
      await expect(wizardStep(page)).toHaveText("Informations");
      await expect(page.getByRole("button", { name: "Précédent" })).toBeVisible();
      for (const label of ["Intitulé de la formation", "Numéro de formation", "Numéro d'action", "Organisme de formation", "Organisme contractant", "Nom de la voie"]) {
        await expect(trainingField(page, label)).toBeDisabled();
      }
      await expect(trainingField(page, "Intitulé de la formation")).toHaveValue(F2026001.name);
      await expect(trainingField(page, "Organisme contractant")).toHaveValue(`${NORMANDIE} – 20005375900011`);
      await expect(page.getByText(MSG.prefilled)).toHaveCount(6);

      await nextButton(page).click();
      await expect(wizardStep(page)).toHaveText("Informations");
      for (const label of ["Objectif", "Dispositif principal", "Type de formation", "Durée prévisionnelle en centre (heures)", "Durée prévisionnelle en entreprise (heures)"]) {
        await expect(trainingFieldError(page, label)).toHaveText(MSG.required);
      }
      await trainingField(page, "Numéro de marché").fill("M".repeat(51));
      await trainingField(page, "Durée prévisionnelle en centre (heures)").fill("-1");
      await trainingField(page, "Durée prévisionnelle en entreprise (heures)").fill("1,5");
      await trainingField(page, "Durée réelle en centre (heures)").fill("douze");
      await expect(trainingFieldError(page, "Numéro de marché")).toHaveText(MSG.max(50));
      await expect(trainingFieldError(page, "Durée prévisionnelle en centre (heures)")).toHaveText(MSG.hoursMin);
      await expect(trainingFieldError(page, "Durée prévisionnelle en entreprise (heures)")).toHaveText(MSG.hoursInteger);
      await expect(trainingFieldError(page, "Durée réelle en centre (heures)")).toHaveText(MSG.hoursInteger);

      await trainingField(page, "Numéro de marché").fill("M-2026-07");
      await pickOption(page, trainingField(page, "Objectif"), "Formation certifiante");
      await pickOption(page, trainingField(page, "Dispositif principal"), "Programme régional de formation");
      await pickOption(page, trainingField(page, "Type de formation"), "Certifiante");
      await pickOption(page, trainingField(page, "Modalités pédagogiques"), "Formation entièrement en présentiel");
      await page.locator("label", { hasText: "FSE (Fonds social européen)" }).click();
      await expect(trainingField(page, "FSE (Fonds social européen)")).toBeChecked();
      await trainingField(page, "Durée prévisionnelle en centre (heures)").fill("420");
      await trainingField(page, "Durée prévisionnelle en entreprise (heures)").fill("70");
      await trainingField(page, "Durée réelle en centre (heures)").fill("");
      await expect(page.getByTestId("healthcare-social-badge")).toHaveCount(0);
      await nextButton(page).click();
    });

    await test.step("Financeurs : le premier prérempli, montants HT/TTC d'une formation ordinaire", async () => {
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
      for (const [label, name] of Object.entries(amounts)) {
        await funderField(page, 1, label).fill("-1");
        await expect(errorOf(funderField(page, 1, label))).toHaveText(MSG.amountMin(name));
        await funderField(page, 1, label).fill("10,123");
        await expect(errorOf(funderField(page, 1, label))).toHaveText(MSG.amountDecimals(name));
        await funderField(page, 1, label).fill("");
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
    });

    await test.step("Récapitulatif en lecture seule, sauvegarde, puis import refusé", async () => {
      // 'NC.' for empty amounts, euro signs, the forced CPF values.
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
      expect(await api.find<ApiTraining>("trainings", F2026001.number)).toMatchObject({
        information: { name: F2026001.name, healthcareSocial: false, cpfCode: "999999999999", coverageOfEducationalCostsForCPFHours: 0 },
        funders: [
          { fundingType: "REGION", vat: true, estimatedAmountCoveredIncludingTaxes: 1200.5, estimatedAmountOfSubsidy: null },
          { fundingType: "EUROPEAN_UNION", vat: false },
        ],
      });

      await page.goto("/trainings/create");
      await lookupTraining(page, F2026001.number, F2026001.actionNumber);
      await expect(page.getByText(MSG.exists)).toBeVisible();
      await expect(nextButton(page)).toBeDisabled();
    });
  });
});
