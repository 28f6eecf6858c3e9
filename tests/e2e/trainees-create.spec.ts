/**
 * The trainee's creation wizard (spec part 1 "Trainees"): the Agora import and its four states, the Informations step's
 * rules, the summary, and the save with its failures.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import type { RoleId } from "../../resources/permissions";
import { SIMULATED_PERSONS } from "../../server/agora/simulator/persons";
import { apiHeaders } from "./support/auth";
import { uniqueSuffix, type ApiTrainee } from "./support/api-records";
import { expect, test } from "./support/fixtures";
import { field, fieldError, listRows, pickOption, search } from "./support/resource-list";
import { lookupPerson, nextButton, wizardStep } from "./support/wizards";

/** Persons the AGORA simulator knows and the demo data does not hold (README): one per test that saves one. */
const NEW_PERSONS = {
  durand: { ssn: "2850275123456", birthName: "DURAND", firstName: "Marie", birthDate: "11/02/1985" },
  leroy: { ssn: "1921169381042", birthName: "LEROY" },
  fontaine: { ssn: "1780433042118", birthName: "FONTAINE" },
} as const;

const MSG = {
  notMatched: "La recherche du titulaire n'a pu aboutir. Le nom ne correspond pas au numéro de sécurité sociale saisi.",
  exists: "Le stagiaire existe déjà dans le produit.",
  emailTaken: "Ce mail est déjà utilisé pour un autre stagiaire.",
  required: "Ce champ est obligatoire",
};

async function fillContactAndAddress(page: Page, email: string) {
  await pickOption(page, field(page, "Genre"), "Femme");
  await field(page, "E-mail").fill(email);
  await field(page, "Nom de la voie").fill("des Acacias");
  await field(page, "Code postal").fill("75011");
  await field(page, "Ville").fill("paris");
}

/**
 * A person AGORA knows (a demo trainee: the simulator knows them) whose record lies outside the role's scope, found through the
 * API rather than named, so the demo's distribution of records may change. Looked up person by person (a record is found by its
 * trainee's NIR): the newest records, a list's first page, are other tests' by the time this one runs.
 */
async function personOutsideScope(request: APIRequestContext, role: RoleId): Promise<{ ssn: string; birthName: string }> {
  const [admin, scoped] = [await apiHeaders(request, "rol_admin"), await apiHeaders(request, role)];
  for (const { ssn, birthName } of SIMULATED_PERSONS) {
    const found = await request.get(`/api/records?offset=0&limit=1&search=${ssn}`, { headers: admin });
    expect(found.status()).toBe(200);
    // The list answers no NIR: the trainee's detail tells whether the search found this person.
    const [record] = ((await found.json()) as { data: { trainee: { id: string } }[] }).data;
    if (!record) continue;
    const holder = (await (await request.get(`/api/trainees/${record.trainee.id}`, { headers: admin })).json()) as { data: { ssn: string } };
    if (holder.data.ssn === ssn && (await request.get(`/api/trainees/${record.trainee.id}`, { headers: scoped })).status() === 404) return { ssn, birthName };
  }
  throw new Error(`aucun stagiaire de démonstration hors du périmètre de ${role}`);
}

test.describe("création : import depuis Agora", () => {
  test("NIR : obligatoire, 13 caractères (minimum et maximum) ; nom de naissance obligatoire ; Suivant verrouillé", async ({ page, signIn }) => {
    await signIn("rol_gest-of", "/trainees");
    await page.getByRole("button", { name: "Ajouter un stagiaire" }).click();
    await expect(page).toHaveURL(/\/trainees\/create$/);
    await expect(page.getByRole("heading", { name: "Création d'un stagiaire" })).toBeVisible();
    await expect(wizardStep(page)).toHaveText("Import");
    await expect(page.getByText("Étape 1 sur 3")).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
    await expect(page.getByRole("button", { name: "Précédent" })).toHaveCount(0);

    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(fieldError(page, "NIR")).toHaveText(MSG.required);
    await expect(fieldError(page, "Nom de naissance")).toHaveText(MSG.required);
    await field(page, "NIR").fill("285027512345");
    await expect(fieldError(page, "NIR")).toHaveText("Le nombre de caractères minimum est 13");
    await field(page, "NIR").fill("28502751234567");
    await expect(fieldError(page, "NIR")).toHaveText("Le nombre de caractères est limité à 13");
    await field(page, "Nom de naissance").fill("durand");
    await expect(field(page, "Nom de naissance")).toHaveValue("DURAND");
    await expect(nextButton(page)).toBeDisabled();
  });

  test("les quatre états : recherche en cours, non trouvée, déjà dans le produit, trouvée et nouvelle", async ({ page, signIn, request }) => {
    const existing = await personOutsideScope(request, "rol_resp-of");
    await signIn("rol_resp-of", "/trainees/create");

    // Searching: the answer is held until the spinner was seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/trainees/agora?*", async (route) => {
      await held;
      await route.fallback();
    });
    await lookupPerson(page, "1111111111111", "DURAND");
    await expect(page.getByText("Recherche en cours…")).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
    release();

    // Not matched.
    await expect(page.getByRole("alert").filter({ hasText: MSG.notMatched }).first()).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
    await page.unroute("**/api/trainees/agora?*");

    // Found, already in the product: cannot go on, not even with Enter. The person's record is outside this responsible's
    // trainings: the NIR still stops the wizard (a NIR is unique, the save would be a 409) but the trainee is not pointed at.
    await lookupPerson(page, existing.ssn, existing.birthName);
    await expect(page.getByRole("alert").filter({ hasText: MSG.exists }).first()).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
    await field(page, "NIR").press("Enter");
    await expect(wizardStep(page)).toHaveText("Import");
    await expect(page.getByRole("link", { name: "Voir le stagiaire" })).toHaveCount(0);

    // Found and new.
    await lookupPerson(page, NEW_PERSONS.leroy.ssn, NEW_PERSONS.leroy.birthName);
    await expect(page.getByText("Personne trouvée dans Agora")).toBeVisible();
    await expect(nextButton(page)).toBeEnabled();

    // Changing the search afterwards asks for a new search.
    await field(page, "Nom de naissance").fill("LEROYE");
    await expect(nextButton(page)).toBeDisabled();
    await expect(page.getByText("Personne trouvée dans Agora")).toHaveCount(0);
  });

  test("déjà dans le produit et visible de l'appelant : le lien vers le stagiaire", async ({ page, signIn, api }) => {
    const existing = (await api.find<ApiTrainee>("trainees", "apolline"))!;
    await signIn("rol_sup-admin", "/trainees/create");
    await lookupPerson(page, existing.ssn, "caron");
    await expect(page.getByRole("alert").filter({ hasText: MSG.exists }).first()).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
    await expect(page.getByRole("link", { name: "Voir le stagiaire" })).toHaveAttribute("href", `/trainees/${existing.id}`);
  });

  test("import, champs verrouillés, règles de l'étape Informations, récapitulatif, Sauvegarder → liste", async ({ page, signIn }) => {
    const person = NEW_PERSONS.durand;
    await signIn("rol_gest-of", "/trainees/create");
    await lookupPerson(page, person.ssn, "Durand");
    await expect(page.getByText("Personne trouvée dans Agora")).toBeVisible();
    await nextButton(page).click();

    await expect(wizardStep(page)).toHaveText("Informations");
    await expect(page.getByText("Étape 2 sur 3")).toBeVisible();
    // Filled by the import and locked.
    await expect(field(page, "NIR")).toHaveValue(person.ssn);
    await expect(field(page, "NIR")).toBeDisabled();
    await expect(field(page, "Nom de naissance")).toHaveValue("DURAND");
    await expect(field(page, "Nom de naissance")).toBeDisabled();
    await expect(field(page, "Date de naissance")).toHaveValue(person.birthDate);
    await expect(field(page, "Date de naissance")).toBeDisabled();
    // Filled, still editable.
    await expect(field(page, "Nom d'usage")).toHaveValue("DURAND");
    await expect(field(page, "Nom d'usage")).toBeEnabled();
    await expect(field(page, "Prénom")).toHaveValue(person.firstName);

    // Suivant validates the step.
    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Informations");
    for (const label of ["Genre", "E-mail", "Nom de la voie", "Code postal", "Ville"]) await expect(fieldError(page, label)).toHaveText(MSG.required);
    await field(page, "Nom d'usage").fill("m");
    await expect(fieldError(page, "Nom d'usage")).toHaveText("Le nombre de caractères minimum est 2");
    await field(page, "Nom d'usage").fill("x".repeat(51));
    await expect(fieldError(page, "Nom d'usage")).toHaveText("Le nombre de caractères est limité à 50");
    await field(page, "Nom d'usage").fill("durand-moreau");
    await expect(field(page, "Nom d'usage")).toHaveValue("DURAND-MOREAU");
    await field(page, "Prénom").fill("");
    await expect(fieldError(page, "Prénom")).toHaveText(MSG.required);
    await field(page, "Prénom").fill("marie-claire");
    await expect(field(page, "Prénom")).toHaveValue("Marie-Claire");
    await field(page, "E-mail").fill("marie.durand@");
    await expect(fieldError(page, "E-mail")).toHaveText("Cette adresse email n'est pas valide");
    await field(page, "Téléphone").fill("06123");
    await expect(fieldError(page, "Téléphone")).toHaveText("Le nombre de caractères doit être 10");
    await field(page, "Téléphone").fill("0612345678");
    await field(page, "Code postal").fill("750");
    await expect(fieldError(page, "Code postal")).toHaveText("Le nombre de caractères doit être 5");
    await field(page, "Ville").fill("P");
    await expect(fieldError(page, "Ville")).toHaveText("Le nombre de caractères minimum est 2");
    await field(page, "Nom de la voie").fill("x".repeat(33));
    await expect(fieldError(page, "Nom de la voie")).toHaveText("Le nombre de caractères est limité à 32");

    await fillContactAndAddress(page, `marie.durand.${uniqueSuffix().toLowerCase()}@exemple.fr`);
    await expect(field(page, "Ville")).toHaveValue("Paris");
    await pickOption(page, field(page, "Situation familiale"), "Pacsé(e)");
    await field(page, "Département").fill("paris");
    await page.getByRole("option", { name: "75 - Paris", exact: true }).click();
    await page.getByRole("switch", { name: "Né(e) en France", exact: true }).click();
    await expect(field(page, "Né(e) en France")).toBeChecked();
    await nextButton(page).click();

    await expect(wizardStep(page)).toHaveText("Récapitulatif");
    await expect(page.getByText("Étape 3 sur 3")).toBeVisible();
    for (const [label, value] of [
      ["Nom d'usage", "DURAND-MOREAU"],
      ["Prénom", "Marie-Claire"],
      ["Nom de naissance", "DURAND"],
      ["Date de naissance", person.birthDate],
      ["NIR", "2 85 02 75 123 456"],
      ["Genre", "Femme"],
      ["Situation familiale", "Pacsé(e)"],
      ["Né(e) en France", "Oui"],
      ["Département", "75 - Paris"],
    ]) {
      await expect(page.locator(`[data-label="${label}"]`)).toHaveText(value!);
    }
    await expect(page.getByText("75011 Paris")).toBeVisible();

    // Précédent keeps what was typed.
    await page.getByRole("button", { name: "Précédent" }).click();
    await expect(field(page, "Prénom")).toHaveValue("Marie-Claire");
    await nextButton(page).click();
    await page.getByRole("button", { name: "Sauvegarder" }).click();

    await expect(page).toHaveURL(/\/trainees$/);
    await search(page, person.ssn);
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page).first().locator("td").nth(2)).toHaveText("DURAND-MOREAU");

    // Now in the product: a new import of the same person is refused.
    await page.goto("/trainees/create");
    await lookupPerson(page, person.ssn, "DURAND");
    await expect(page.getByRole("alert").filter({ hasText: MSG.exists }).first()).toBeVisible();
  });

  test("Sauvegarder : 409 « Ce mail est déjà utilisé pour un autre stagiaire. », autre échec, Annuler", async ({ page, signIn }) => {
    await signIn("rol_sup-admin", "/trainees/create");
    await lookupPerson(page, NEW_PERSONS.fontaine.ssn, NEW_PERSONS.fontaine.birthName);
    await nextButton(page).click();
    await fillContactAndAddress(page, "lea.martin@demo.test");
    await nextButton(page).click();
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("alert").filter({ hasText: MSG.emailTaken }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/trainees\/create$/);

    await page.route("**/api/trainees", (route) => (route.request().method() === "POST" ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback()));
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Une erreur est survenue lors de la création." }).first()).toBeVisible();
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page).toHaveURL(/\/trainees$/);
  });
});
