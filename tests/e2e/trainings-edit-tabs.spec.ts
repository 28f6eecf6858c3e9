/**
 * Tabs bound to the URL (UrlTabs, issue 10 item 3), on the training edit page: a tab can be linked (`?tab=financeurs`),
 * survives a reload, does not fill the history, keeps the other query parameters, and one form spans both tabs.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { funderField, trainingField, trainingFieldError } from "./support/training-form";

const tab = (page: Page, name: string) => page.getByRole("tablist", { name: "Sections de la formation" }).getByRole("tab", { name });
const editPath = (id: string) => `/trainings/${id}/edit`;
const urlOf = (id: string, query: string) => new RegExp(`${editPath(id)}\\?${query}$`);

test.describe("onglets de la modification d'une formation, dans l'URL", () => {
  test("choisir un onglet l'écrit dans l'URL (souris et flèches) ; le formulaire garde ce qui est saisi sur l'autre onglet", async ({ page, signIn, api }) => {
    const training = await api.createTraining();
    await signIn("rol_admin", editPath(training.id));
    await expect(tab(page, "Informations")).toHaveAttribute("aria-selected", "true");

    await trainingField(page, "Intitulé de la formation").fill("Intitulé saisi avant de changer d'onglet");
    await tab(page, "Financeurs").click();
    await expect(page).toHaveURL(urlOf(training.id, "tab=financeurs"));
    await expect(page.getByRole("tabpanel", { name: "Financeurs" })).toBeVisible();
    await funderField(page, 1, "Montant estimé TTC").fill("1500");

    await tab(page, "Financeurs").press("ArrowLeft");
    await expect(tab(page, "Informations")).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(urlOf(training.id, "tab=informations"));
    await expect(trainingField(page, "Intitulé de la formation")).toHaveValue("Intitulé saisi avant de changer d'onglet");
    await tab(page, "Informations").press("ArrowRight");
    await expect(funderField(page, 1, "Montant estimé TTC")).toHaveValue("1500");
  });

  test("Sauvegarder refusé : la page montre l'onglet des champs en erreur, et l'URL le suit", async ({ page, signIn, api }) => {
    const training = await api.createTraining();
    await signIn("rol_admin", editPath(training.id));
    await trainingField(page, "Intitulé de la formation").fill("");
    await tab(page, "Financeurs").click();
    await expect(page).toHaveURL(urlOf(training.id, "tab=financeurs"));
    // The tab shown before Sauvegarder, not only in the URL (a tab change still on its way would land after the error tab's).
    await expect(tab(page, "Financeurs")).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(tab(page, "Informations")).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(urlOf(training.id, "tab=informations"));
    await expect(tab(page, "Informations").getByLabel("Champs en erreur")).toBeVisible();
    await expect(trainingFieldError(page, "Intitulé de la formation")).toHaveText("Ce champ est obligatoire");
  });

  test("un rechargement garde l'onglet ; les changements d'onglet ne s'empilent pas dans l'historique", async ({ page, signIn, api }) => {
    const training = await api.createTraining();
    await signIn("rol_admin", "/trainings");
    await page.goto(editPath(training.id));
    await tab(page, "Financeurs").click();
    await tab(page, "Informations").click();
    await tab(page, "Financeurs").click();
    await expect(page).toHaveURL(urlOf(training.id, "tab=financeurs"));

    await page.reload();
    await expect(tab(page, "Financeurs")).toHaveAttribute("aria-selected", "true");
    await expect(funderField(page, 1, "Montant estimé TTC")).toHaveValue("1200");

    // Back leaves the page instead of walking through its tabs.
    await page.goBack();
    await expect(page).toHaveURL(/\/trainings$/);
  });

  test("un lien ouvre son onglet ; un onglet inconnu ouvre le premier ; les autres paramètres sont gardés", async ({ page, signIn, api }) => {
    const training = await api.createTraining();
    await signIn("rol_admin", `${editPath(training.id)}?tab=financeurs`);
    await expect(tab(page, "Financeurs")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Financeurs" })).toBeVisible();

    await page.goto(`${editPath(training.id)}?tab=inconnu&retour=liste`);
    await expect(tab(page, "Informations")).toHaveAttribute("aria-selected", "true");
    await tab(page, "Financeurs").click();
    await expect(page).toHaveURL(urlOf(training.id, "tab=financeurs&retour=liste"));
  });
});
