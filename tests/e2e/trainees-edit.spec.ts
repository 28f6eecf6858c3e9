/**
 * A trainee's edit page (spec part 1 "Trainees"): title and last update, the locked NIR, the French lists, the save and
 * its failures.
 */
import type { ApiTrainee } from "./support/api-records";
import { expect, test } from "./support/fixtures";
import { field, fieldError } from "./support/resource-list";

const MSG = {
  emailTaken: "Ce mail est déjà utilisé pour un autre stagiaire.",
  required: "Ce champ est obligatoire",
};

test.describe("modification et suppression d'un stagiaire", () => {
  test("page de modification : titre, date, NIR verrouillé, « Né(e) en France » faux par défaut, listes en français, sauvegarde", async ({ page, signIn, api }) => {
    const trainee = await api.createTrainee();
    await signIn("rol_gest-of", `/trainees/${trainee.id}/edit`);
    await expect(page.getByRole("heading", { name: `Modification du stagiaire ${trainee.lastName} Zoé` })).toBeVisible();
    await expect(page.getByTestId("last-update")).toHaveText(/^Dernière mise à jour le \d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}:\d{2}$/);
    await expect(field(page, "NIR")).toHaveValue(trainee.ssn);
    await expect(field(page, "NIR")).toBeDisabled();
    await expect(field(page, "Né(e) en France")).not.toBeChecked();
    await expect(field(page, "Date de naissance")).toHaveValue("17/05/1990");
    await expect(field(page, "Département")).toHaveValue("69 - Rhône");

    await field(page, "Département").click();
    const options = page.getByRole("option");
    await expect(options).toHaveCount(109);
    await expect(options.nth(0)).toHaveText("01 - Ain");
    // French collation keeps the codes in order, Corsica right after 29.
    await expect(options.nth(27)).toHaveText("29 - Finistère");
    await expect(options.nth(28)).toHaveText("2A - Corse-du-Sud");
    await expect(options.nth(29)).toHaveText("2B - Haute-Corse");
    await expect(options.nth(96)).toHaveText("971 - Guadeloupe");
    await expect(options.last()).toHaveText("989 - Île de Clipperton");
    await page.keyboard.press("Escape");
    await field(page, "Département").fill("corse-du");
    await page.getByRole("option", { name: "2A - Corse-du-Sud", exact: true }).click();

    await field(page, "Situation familiale").click();
    await expect(page.getByRole("option")).toHaveText([
      "Célibataire",
      "Divorcé(e)",
      "En concubinage",
      "Marié(e)",
      "Ne souhaite pas répondre",
      "Non renseignée",
      "Pacsé(e)",
      "Séparé(e)",
      "Veuf / veuve",
    ]);
    await page.getByRole("option", { name: "Veuf / veuve" }).click();
    await field(page, "Prénom").fill("anne-sophie");
    await field(page, "Date de naissance").fill("18/05/1990");
    await field(page, "Date de naissance").blur();
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page).toHaveURL(/\/trainees$/);

    const saved = await api.read<ApiTrainee>(`/api/trainees/${trainee.id}`);
    expect(saved).toMatchObject({ firstName: "Anne-Sophie", department: "D2A", situation: "WIDOWED", ssn: trainee.ssn, bornInFrance: false, birthDate: "1990-05-18" });
  });

  test("modification : 409 « Ce mail est déjà utilisé pour un autre stagiaire. », autre échec, règles, Annuler", async ({ page, signIn, api }) => {
    const trainee = await api.createTrainee();
    await signIn("rol_admin", `/trainees/${trainee.id}/edit`);
    await field(page, "E-mail").fill("lea.martin@demo.test");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("alert").filter({ hasText: MSG.emailTaken }).first()).toBeVisible();
    // Only the specific message: the generic one does not come with it (issue 9, item 16).
    await expect(page.getByRole("alert").filter({ hasText: "Une erreur est survenue lors de la sauvegarde." })).toHaveCount(0);

    await field(page, "E-mail").fill(trainee.email);
    await field(page, "Ville").fill("");
    await expect(fieldError(page, "Ville")).toHaveText(MSG.required);
    await field(page, "Ville").fill("villeurbanne");
    await page.route(`**/api/trainees/${trainee.id}`, (route) => (route.request().method() === "PATCH" ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback()));
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Une erreur est survenue lors de la sauvegarde." }).first()).toBeVisible();
    await page.getByRole("button", { name: "Annuler" }).click();
    // A changed form asks first (unsaved-changes.spec.ts).
    await page.getByRole("dialog", { name: "Quitter sans enregistrer ?" }).getByRole("button", { name: "Quitter sans enregistrer" }).click();
    await expect(page).toHaveURL(/\/trainees$/);
    expect((await api.read<ApiTrainee>(`/api/trainees/${trainee.id}`)).email).toBe(trainee.email);
  });
});
