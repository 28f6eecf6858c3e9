/**
 * A training's edit page (spec part 2 §5, §8): the Informations and Financeurs tabs, their rules, the save and its
 * failure. Which organisation each role may change is in training-sides.spec.ts.
 */
import type { ApiTraining } from "./support/api-records";
import { expect, test } from "./support/fixtures";
import { funderField, trainingField, trainingFieldError } from "./support/training-form";

const MSG = {
  required: "Ce champ est obligatoire",
  max: (n: number) => `Le nombre de caractères est limité à ${n}`,
  exact5: "Le nombre de caractères doit être 5",
  min2: "Le nombre de caractères minimum est 2",
  saveFailed: "Une erreur est survenue lors de la sauvegarde",
  organizationSearchFailed: "Une erreur est survenue lors de la recherche d'organismes",
};

test.describe("modification", () => {
  test("onglets Informations et Financeurs, validations, sauvegarde puis retour à la liste", async ({ page, signIn, api }) => {
    const training = await api.createTraining({ name: "Formation à modifier" });
    await signIn("rol_gest-cdc", `/trainings/${training.id}/edit`);
    await expect(page.getByRole("heading", { name: "Modification de la formation Formation à modifier" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Informations" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Financeurs" })).toBeVisible();
    await expect(trainingField(page, "Numéro de formation")).toBeDisabled();

    await trainingField(page, "Intitulé de la formation").fill("x".repeat(256));
    await expect(trainingFieldError(page, "Intitulé de la formation")).toHaveText(MSG.max(255));
    await trainingField(page, "Intitulé de la formation").fill("");
    await expect(trainingFieldError(page, "Intitulé de la formation")).toHaveText(MSG.required);
    await trainingField(page, "Code postal").fill("750");
    await expect(trainingFieldError(page, "Code postal")).toHaveText(MSG.exact5);
    await trainingField(page, "Ville").fill("P");
    await expect(trainingFieldError(page, "Ville")).toHaveText(MSG.min2);
    await trainingField(page, "Nom de la voie").fill("v".repeat(33));
    await expect(trainingFieldError(page, "Nom de la voie")).toHaveText(MSG.max(32));
    await trainingField(page, "Appartement, étage").fill("a".repeat(71));
    await expect(trainingFieldError(page, "Appartement, étage")).toHaveText(MSG.max(70));
    await trainingField(page, "Numéro").fill("12345");
    await expect(trainingFieldError(page, "Numéro")).toHaveText(MSG.max(4));
    await trainingField(page, "Appartement, étage").fill("2e étage");
    await trainingField(page, "Numéro").fill("12");
    await trainingField(page, "Code postal").fill("75011");
    await trainingField(page, "Ville").fill("paris");
    await trainingField(page, "Nom de la voie").fill("de la Roquette");
    await trainingField(page, "Intitulé de la formation").fill("Formation modifiée");

    await page.route("**/api/organizations?**", (route) => route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }));
    await trainingField(page, "Organisme contractant").fill("OPCO");
    await expect(trainingFieldError(page, "Organisme contractant")).toHaveText(MSG.organizationSearchFailed);
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
    await expect(page).toHaveURL(new RegExp(`/trainings/${training.id}/edit\\?tab=financeurs$`));
    await page.unroute(`**/api/trainings/${training.id}`);
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page).toHaveURL(/\/trainings$/);
    const saved = await api.find<ApiTraining>("trainings", training.information.number);
    expect(saved).toMatchObject({ information: { name: "Formation modifiée" }, funders: [{ estimatedAmountCoveredIncludingTaxes: 1500 }] });

    await page.goto(`/trainings/${training.id}/edit`);
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page).toHaveURL(/\/trainings$/);
  });
});
