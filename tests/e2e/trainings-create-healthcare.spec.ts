/**
 * The training's creation wizard for a healthcare-social training (spec part 2 §5, §8): subsidy amounts instead of the
 * tax-free and including-tax ones, in the Financeurs step, the summary and what is saved.
 */
import type { ApiTraining } from "./support/api-records";
import { expect, test } from "./support/fixtures";
import { errorOf, listRows, pickOption, search } from "./support/resource-list";
import { funderField, trainingField } from "./support/training-form";
import { lookupTraining, nextButton, wizardStep } from "./support/wizards";

const MSG = {
  amountMin: (name: string) => `${name} ne doit pas être inférieur à 0`,
  amountDecimals: (name: string) => `${name} ne doit pas avoir plus de 2 décimales`,
  createFailed: "Une erreur est survenue lors de la création",
};

/** The simulator's training whose organisations both exist in the demo data, contracted by resp-cdc's (README); only this test saves it. */
const F2026002 = { number: "F2026002", actionNumber: "A01", name: "Titre professionnel Secrétaire assistant médico-administratif" };

test.describe("création complète depuis Agora", () => {
  test("formation sanitaire et sociale : montants de subvention, récapitulatif et sauvegarde par resp-cdc", async ({ page, signIn, api }) => {
    await signIn("rol_resp-cdc", "/trainings/create");
    await lookupTraining(page, F2026002.number, F2026002.actionNumber);
    await expect(page.getByRole("region", { name: "Organisme contractant" })).toContainText("Présent dans l'application");
    await nextButton(page).click();
    await pickOption(page, trainingField(page, "Objectif"), "Préparation à la qualification");
    await pickOption(page, trainingField(page, "Dispositif principal"), "Subvention des formations sanitaires et sociales");
    await expect(page.getByTestId("healthcare-social-badge")).toHaveText("Formation sanitaire et sociale");
    await pickOption(page, trainingField(page, "Type de formation"), "Certifiante");
    await trainingField(page, "Durée prévisionnelle en centre (heures)").fill("600");
    await trainingField(page, "Durée prévisionnelle en entreprise (heures)").fill("280");
    await nextButton(page).click();

    await expect(wizardStep(page)).toHaveText("Financeurs");
    await expect(funderField(page, 1, "Montant estimé HT")).toHaveCount(0);
    await expect(funderField(page, 1, "Montant estimé TTC")).toHaveCount(0);
    for (const [label, name] of [
      ["Montant estimé de la subvention", "Le montant estimé de la subvention"],
      ["Montant réel de la subvention", "Le montant réel de la subvention"],
    ] as const) {
      await funderField(page, 1, label).fill("-5");
      await expect(errorOf(funderField(page, 1, label))).toHaveText(MSG.amountMin(name));
      await funderField(page, 1, label).fill("3,333");
      await expect(errorOf(funderField(page, 1, label))).toHaveText(MSG.amountDecimals(name));
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
    const saved = await api.find<ApiTraining>("trainings", F2026002.number);
    expect(saved?.funders[0]).toMatchObject({ estimatedAmountOfSubsidy: 4500, estimatedAmountCoveredIncludingTaxes: null });
  });
});
