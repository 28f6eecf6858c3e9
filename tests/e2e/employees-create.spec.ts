/**
 * The employee's creation wizard (spec part 1 "Employees"): the rules of its fields, the summary, the save and its
 * failures, and the roles and organisations a manager may give.
 */
import type { Page, Route } from "@playwright/test";
import { uniqueSuffix } from "./support/api-records";
import { expect, test } from "./support/fixtures";
import { field, fieldError, listRows, pickMulti, pickOption, search } from "./support/resource-list";
import { nextButton, wizardStep } from "./support/wizards";

/** Unique e-mail addresses for the employees the wizard creates. */
const uniqueEmail = () => `${uniqueSuffix().toLowerCase()}@e2e.test`;

test.describe("création d'un employé", () => {
  test("assistant : messages de validation, majuscules et capitales, récapitulatif, sauvegarde", async ({ page, signIn }) => {
    await signIn("rol_admin", "/employees");
    await page.getByRole("button", { name: "Ajouter un employé" }).click();
    await expect(page.getByRole("heading", { name: "Création d'un employé" })).toBeVisible();
    await expect(wizardStep(page)).toHaveText("Informations");
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");

    await nextButton(page).click();
    for (const label of ["Nom", "Prénom", "Genre", "E-mail", "Rôle"]) await expect(fieldError(page, label)).toHaveText("Ce champ est obligatoire");
    await expect(page.getByText("Au moins un organisme doit être associé")).toBeVisible();

    const lastName = `de la tour-${uniqueSuffix().toLowerCase()}`;
    await field(page, "Nom").fill("d");
    await expect(fieldError(page, "Nom")).toHaveText("Le nombre de caractères minimum est 2");
    await field(page, "Nom").fill("d".repeat(51));
    await expect(fieldError(page, "Nom")).toHaveText("Le nombre de caractères est limité à 50");
    await field(page, "Nom").fill(lastName);
    await expect(field(page, "Nom")).toHaveValue(lastName.toUpperCase());
    await field(page, "Prénom").fill("j");
    await expect(fieldError(page, "Prénom")).toHaveText("Le nombre de caractères minimum est 2");
    await field(page, "Prénom").fill("j".repeat(51));
    await expect(fieldError(page, "Prénom")).toHaveText("Le nombre de caractères est limité à 50");
    await field(page, "Prénom").fill("jean-marc élie");
    await expect(field(page, "Prénom")).toHaveValue("Jean-Marc Élie");
    await field(page, "E-mail").fill("jean@");
    await expect(fieldError(page, "E-mail")).toHaveText("Cette adresse email n'est pas valide");
    await field(page, "E-mail").fill(uniqueEmail());
    await field(page, "Téléphone").fill("06123");
    await expect(fieldError(page, "Téléphone")).toHaveText("Le nombre de caractères doit être 10");
    await field(page, "Téléphone").fill("0612345678");
    await pickOption(page, field(page, "Genre"), "Homme");
    await pickOption(page, field(page, "Rôle"), "Gestionnaire OF");
    await pickMulti(page, "Organismes", "cnam", "CNAM PARIS");
    await pickMulti(page, "Organismes", "greta", "GRETA LYON MÉTROPOLE");
    await expect(page.getByText("Au moins un organisme doit être associé")).toHaveCount(0);

    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Récapitulatif");
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByText(lastName.toUpperCase())).toBeVisible();
    await expect(page.getByText("CNAM PARIS, GRETA LYON MÉTROPOLE")).toBeVisible();
    await page.getByRole("button", { name: "Précédent" }).click();
    await expect(wizardStep(page)).toHaveText("Informations");
    await nextButton(page).click();
    await page.getByRole("button", { name: "Sauvegarder" }).click();

    await expect(page).toHaveURL(/\/employees$/);
    await search(page, lastName);
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page).first()).toContainText("Jean-Marc Élie");
    await expect(listRows(page).first()).toContainText("CNAM PARIS");
  });

  /** The wizard's first step filled with valid values, then on to the recap. */
  async function fillValidEmployee(page: Page, email: string) {
    await field(page, "Nom").fill("doublon");
    await field(page, "Prénom").fill("paul");
    await field(page, "E-mail").fill(email);
    await pickOption(page, field(page, "Genre"), "Homme");
    await pickOption(page, field(page, "Rôle"), "Gestionnaire OF");
    await pickMulti(page, "Organismes", "afpa", "AFPA ÎLE-DE-FRANCE");
    await nextButton(page).click();
  }

  test("409 : e-mail déjà utilisé", async ({ page, signIn }) => {
    await signIn("rol_admin", "/employees/create");
    await fillValidEmployee(page, "resp-of@demo.test");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Ce mail est déjà utilisé pour un autre employé." }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/employees\/create$/);
  });

  test("échec de création hors 409 : message de la spécification", async ({ page, signIn }) => {
    await signIn("rol_admin", "/employees/create");
    await fillValidEmployee(page, uniqueEmail());
    await page.route("**/api/employees", (route) => (route.request().method() === "POST" ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback()));
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByText("Une erreur est survenue lors de la création.", { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/employees\/create$/);
  });

  test("échecs de chargement des rôles et des organismes", async ({ page, signIn }) => {
    await signIn("rol_admin");
    const fail = (route: Route) => route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } });
    await page.route("**/api/users/roles*", fail);
    await page.route("**/api/organizations?*", fail);
    await page.goto("/employees/create");
    await expect(page.getByText("Une erreur est survenue lors de la récupération des rôles", { exact: true })).toBeVisible();
    await expect(page.getByText("Une erreur est survenue lors de la récupération des organismes", { exact: true })).toBeVisible();
  });

  test("un responsable OF ne se voit proposer que ses rôles et ses organismes", async ({ page, signIn }) => {
    await signIn("rol_resp-of", "/employees/create");
    await field(page, "Rôle").click();
    await expect(page.getByRole("option")).toHaveText(["Gestionnaire OF", "Responsable OF"]);
    await page.keyboard.press("Escape");
    await field(page, "Organismes").filter({ visible: true }).first().click();
    await expect(page.getByRole("option")).toHaveText(["AFPA ÎLE-DE-FRANCE"]);
  });
});
