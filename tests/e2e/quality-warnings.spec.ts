/**
 * The forms' data-quality warnings (issue 15): the trainee's, shown as the user types (NIR against gender and 'born in France',
 * postal code against city and département), the postal code offering its communes, none of it blocking the save; an
 * organisation's SIRET key.
 */
import type { ApiTrainee } from "./support/api-records";
import { expect, test } from "./support/fixtures";
import { field, pickOption } from "./support/resource-list";

const MSG = {
  title: "Contrôles avant envoi à AGORA",
  bornInFrance: "Le NIR indique une naissance en France alors que le stagiaire n'est pas déclaré né en France",
  sexGender: "Le premier chiffre du NIR ne correspond pas au genre du stagiaire",
  city: "La commune « Lyon » ne correspond pas au code postal 75005 (Paris)",
  department: "Le code postal 75005 n'est pas dans le département 69 du stagiaire",
  siret: "Ce SIRET est invalide (clé de contrôle incorrecte) : AGORA refusera les dossiers qui l'utilisent",
};

test("avertissements du formulaire stagiaire : NIR, code postal et commune, sans bloquer l'enregistrement", async ({ page, signIn, api }) => {
  // A woman born in May 1990 in Lyon (69381–69389: its arrondissements), as the API's default trainee: only 'born in France' is off.
  const ssn = `29005693${81 + Math.floor(Math.random() * 9)}${String(1 + Math.floor(Math.random() * 998)).padStart(3, "0")}`;
  const trainee = await api.createTrainee(undefined, ssn);
  await signIn("rol_gest-of", `/trainees/${trainee.id}/edit`);
  const warnings = page.getByTestId("trainee-quality-warnings");
  await expect(warnings).toContainText(MSG.title);
  await expect(warnings.getByRole("listitem")).toHaveText([MSG.bornInFrance]);

  // The switch's input is visually hidden: its label is what a user clicks.
  await page.locator("label", { hasText: "Né(e) en France" }).click();
  await expect(field(page, "Né(e) en France")).toBeChecked();
  await expect(warnings).toHaveCount(0);

  await pickOption(page, field(page, "Genre"), "Homme");
  await expect(warnings.getByRole("listitem")).toHaveText([MSG.sexGender]);

  // Another postal code: its communes are offered, the city and the département no longer match.
  await field(page, "Code postal").fill("75005");
  const communes = page.getByTestId("postal-communes");
  await expect(communes.getByRole("button")).toHaveText(["Paris"]);
  await expect(warnings.getByRole("listitem")).toHaveText([MSG.sexGender, MSG.city, MSG.department]);
  await communes.getByRole("button", { name: "Paris" }).click();
  await expect(field(page, "Ville")).toHaveValue("Paris");
  await expect(warnings.getByRole("listitem")).toHaveText([MSG.sexGender, MSG.department]);

  // Warnings never block saving a trainee: only a record's push to AGORA is gated.
  await page.getByRole("button", { name: "Sauvegarder" }).click();
  await expect(page).toHaveURL(/\/trainees$/);
  const saved = await api.read<ApiTrainee>(`/api/trainees/${trainee.id}`);
  expect(saved).toMatchObject({ gender: "MALE", bornInFrance: true, address: { zipCode: "75005", city: "Paris" }, department: "D69" });
});

test("avertissement du SIRET d'un organisme : clé de contrôle fausse, puis juste (La Poste comprise)", async ({ page, signIn }) => {
  await signIn("rol_admin", "/organizations/create");
  const warning = page.getByTestId("siret-warning");
  await field(page, "SIRET").fill("1234567890123");
  await expect(warning).toHaveCount(0);
  await field(page, "SIRET").fill("12345678901234");
  await expect(warning).toHaveText(MSG.siret);
  await field(page, "SIRET").fill("12345678901237");
  await expect(warning).toHaveCount(0);
  // A La Poste establishment: its digits add up to a multiple of 5, its Luhn key is wrong, and it is right.
  await field(page, "SIRET").fill("35600000049837");
  await expect(warning).toHaveCount(0);
});
