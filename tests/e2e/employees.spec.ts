import { expect, test, type Page, type Route } from "@playwright/test";
import type { RoleId } from "../../resources/permissions";
import { apiHeaders, loginAs, ROLE_USERS } from "./support/auth";
import { closeDialog, counter, field, fieldError, listRows, onlyRow, openRowMenu, pickMulti, pickOption, search, sessionValue, setRowsPerPage } from "./support/resource-list";

const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A fresh employee in the AFPA demo organisation (resp-of's), created through the API. */
async function createEmployee(page: Page, fields: Record<string, unknown> = {}) {
  const headers = await apiHeaders(page.request, "rol_sup-admin");
  const orgs = await page.request.get("/api/organizations?search=afpa", { headers });
  const afpa = (await orgs.json()).data[0].id as string;
  const lastName = `TEST${uid().toUpperCase()}`;
  const res = await page.request.post("/api/employees", {
    headers,
    data: { firstName: "Zoé", lastName, email: `${lastName.toLowerCase()}@e2e.test`, phoneNumber: null, gender: "FEMALE", roleId: "rol_gest-of", organizationIds: [afpa], ...fields },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data as { id: string; lastName: string; firstName: string; email: string };
}

test.describe("liste des employés", () => {
  test("colonnes, compteur, recherche sans accents ni casse, texte vide", async ({ page }) => {
    await loginAs(page, "rol_admin", "/employees");
    await expect(page.getByRole("heading", { name: "Employés" })).toBeVisible();
    for (const header of ["Nom", "E-mail", "Rôle", "Organismes", "Actions"]) await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    await expect(counter(page)).toHaveText(/^1 - \d+ sur \d+$/);
    await search(page, "  lefevre ");
    await expect(counter(page)).toHaveText("1 - 1 sur 1");
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page).first()).toContainText("LEFÈVRE Hélène");
    await search(page, "personne-introuvable");
    await expect(page.getByText("Aucun employé disponible")).toBeVisible();
  });

  test("lignes par page, pages et sessionStorage relus au chargement ; la recherche revient au début", async ({ page }) => {
    await loginAs(page, "rol_admin", "/employees");
    await setRowsPerPage(page, 10);
    await expect(listRows(page)).toHaveCount(10);
    await expect(counter(page)).toHaveText(/^1 - 10 sur \d+$/);
    await page.getByRole("button", { name: "Page suivante" }).click();
    await expect(counter(page)).toHaveText(/^11 - 20 sur \d+$/);
    expect(await sessionValue(page, "employees_offset")).toBe("10");
    expect(await sessionValue(page, "employees_limit")).toBe("10");
    await page.reload();
    await expect(counter(page)).toHaveText(/^11 - 20 sur \d+$/);
    await search(page, "demo");
    await expect(counter(page)).toHaveText(/^1 - \d+ sur \d+$/);
    await expect.poll(() => sessionValue(page, "employees_offset")).toBe("0");
  });

  test("une limite invalide en sessionStorage retombe sur 50", async ({ page }) => {
    await loginAs(page, "rol_admin");
    await page.evaluate(() => {
      sessionStorage.setItem("employees_limit", "37");
      sessionStorage.setItem("employees_offset", "0");
    });
    await page.goto("/employees");
    await expect(field(page, "Lignes par page")).toHaveValue("50");
  });

  test("échec de chargement : bandeau et bouton Réessayer", async ({ page }) => {
    await loginAs(page, "rol_admin");
    let fail = true;
    await page.route("**/api/employees?*", (route) => (fail ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback()));
    await page.goto("/employees");
    await expect(page.getByText("Une erreur est survenue lors de la recherche")).toBeVisible();
    fail = false;
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(listRows(page).first()).toBeVisible();
  });

  test("clic sur une ligne : fiche en modale, 404 et échec", async ({ page }) => {
    await loginAs(page, "rol_admin", "/employees");
    await search(page, "lefevre");
    await expect(listRows(page)).toHaveCount(1);
    await listRows(page).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("admin@demo.test")).toBeVisible();
    await expect(dialog.getByText("Administrateur", { exact: true })).toBeVisible();
    await closeDialog(page);

    await page.route("**/api/employees/*", (route) => route.fulfill({ status: 404, json: { statusCode: 404, message: "x" } }));
    await listRows(page).first().click();
    await expect(page.getByRole("dialog").getByText("L'employé n'existe pas")).toBeVisible();
    await closeDialog(page);
    await page.unroute("**/api/employees/*");
    await page.route("**/api/employees/*", (route) => route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }));
    await listRows(page).first().click();
    await expect(page.getByRole("dialog").getByText("Une erreur est survenue lors de la consultation de l'employé")).toBeVisible();
  });
});

test.describe("création d'un employé", () => {
  test("assistant : messages de validation, majuscules et capitales, récapitulatif, sauvegarde", async ({ page }) => {
    await loginAs(page, "rol_admin", "/employees");
    await page.getByRole("button", { name: "Ajouter un employé" }).click();
    await expect(page.getByRole("heading", { name: "Création d'un employé" })).toBeVisible();
    await expect(page.getByTestId("wizard-step")).toHaveText("Informations");
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");

    await page.getByRole("button", { name: "Suivant" }).click();
    for (const label of ["Nom", "Prénom", "Genre", "E-mail", "Rôle"]) await expect(fieldError(page, label)).toHaveText("Ce champ est obligatoire");
    await expect(page.getByText("Au moins un organisme doit être associé")).toBeVisible();

    const lastName = `de la tour-${uid()}`;
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
    await field(page, "E-mail").fill(`${uid()}@e2e.test`);
    await field(page, "Téléphone").fill("06123");
    await expect(fieldError(page, "Téléphone")).toHaveText("Le nombre de caractères doit être 10");
    await field(page, "Téléphone").fill("0612345678");
    await pickOption(page, field(page, "Genre"), "Homme");
    await pickOption(page, field(page, "Rôle"), "Gestionnaire OF");
    await pickMulti(page, "Organismes", "cnam", "CNAM PARIS");
    await pickMulti(page, "Organismes", "greta", "GRETA LYON MÉTROPOLE");
    await expect(page.getByText("Au moins un organisme doit être associé")).toHaveCount(0);

    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByTestId("wizard-step")).toHaveText("Récapitulatif");
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByText(lastName.toUpperCase())).toBeVisible();
    await expect(page.getByText("CNAM PARIS, GRETA LYON MÉTROPOLE")).toBeVisible();
    await page.getByRole("button", { name: "Précédent" }).click();
    await expect(page.getByTestId("wizard-step")).toHaveText("Informations");
    await page.getByRole("button", { name: "Suivant" }).click();
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
    await page.getByRole("button", { name: "Suivant" }).click();
  }

  test("409 : e-mail déjà utilisé", async ({ page }) => {
    await loginAs(page, "rol_admin", "/employees/create");
    await fillValidEmployee(page, "resp-of@demo.test");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Ce mail est déjà utilisé pour un autre employé." }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/employees\/create$/);
  });

  test("échec de création hors 409 : message de la spécification", async ({ page }) => {
    await loginAs(page, "rol_admin", "/employees/create");
    await fillValidEmployee(page, `${uid()}@e2e.test`);
    await page.route("**/api/employees", (route) => (route.request().method() === "POST" ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback()));
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByText("Une erreur est survenue lors de la création.", { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/employees\/create$/);
  });

  test("échecs de chargement des rôles et des organismes", async ({ page }) => {
    await loginAs(page, "rol_admin");
    const fail = (route: Route) => route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } });
    await page.route("**/api/users/roles*", fail);
    await page.route("**/api/organizations?*", fail);
    await page.goto("/employees/create");
    await expect(page.getByText("Une erreur est survenue lors de la récupération des rôles", { exact: true })).toBeVisible();
    await expect(page.getByText("Une erreur est survenue lors de la récupération des organismes", { exact: true })).toBeVisible();
  });

  test("un responsable OF ne se voit proposer que ses rôles et ses organismes", async ({ page }) => {
    await loginAs(page, "rol_resp-of", "/employees/create");
    await field(page, "Rôle").click();
    await expect(page.getByRole("option")).toHaveText(["Gestionnaire OF", "Responsable OF"]);
    await page.keyboard.press("Escape");
    await field(page, "Organismes").filter({ visible: true }).first().click();
    await expect(page.getByRole("option")).toHaveText(["AFPA ÎLE-DE-FRANCE"]);
  });
});

test.describe("modification et suppression d'un employé", () => {
  test("page de modification : titre, date, sauvegarde, 409", async ({ page }) => {
    const employee = await createEmployee(page);
    await loginAs(page, "rol_resp-of", `/employees/${employee.id}/edit`);
    await expect(page.getByRole("heading", { name: `Modification de l'employé ${employee.lastName} Zoé` })).toBeVisible();
    await expect(page.getByTestId("last-update")).toHaveText(/^Dernière mise à jour le \d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}:\d{2}$/);
    for (const section of ["Identité", "Contact", "Accès"]) await expect(page.getByRole("heading", { name: section })).toBeVisible();
    await field(page, "E-mail").fill("gest-of@demo.test");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Ce mail est déjà utilisé pour un autre employé." }).first()).toBeVisible();
    await field(page, "E-mail").fill(employee.email);
    await field(page, "Téléphone").fill("0102030405");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page).toHaveURL(/\/employees$/);
    // Wait for the debounced search to narrow the list: the first row before that may be another test's employee.
    await (await onlyRow(page, employee.lastName)).click();
    await expect(page.getByRole("dialog").getByText("0102030405")).toBeVisible();
  });

  test("échec de sauvegarde hors 409 : message de la spécification", async ({ page }) => {
    const employee = await createEmployee(page);
    await loginAs(page, "rol_admin", `/employees/${employee.id}/edit`);
    await page.route("**/api/employees/*", (route) => (route.request().method() === "PATCH" ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback()));
    await field(page, "Téléphone").fill("0102030405");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByText("Une erreur est survenue lors de la sauvegarde.", { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/edit$/);
  });

  test("Annuler revient à la liste ; page inconnue et échec de chargement", async ({ page }) => {
    const employee = await createEmployee(page);
    await loginAs(page, "rol_admin", `/employees/${employee.id}/edit`);
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page).toHaveURL(/\/employees$/);
    await page.goto("/employees/0123456789abcdef0123456789abcdef/edit");
    await expect(page.getByText("Cette page est introuvable.")).toBeVisible();
    await page.goto("/employees/0123456789abcdef0123456789abcdef");
    await expect(page.getByText("Cette page est introuvable.")).toBeVisible();
    await page.route("**/api/employees/*", (route) => route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }));
    await page.goto(`/employees/${employee.id}`);
    await expect(page.getByText("Une erreur s'est produite.")).toBeVisible();
  });

  test("suppression depuis le menu de la liste, et son échec", async ({ page }) => {
    const employee = await createEmployee(page);
    await loginAs(page, "rol_admin", "/employees");
    await search(page, employee.lastName);
    await expect(listRows(page)).toHaveCount(1);

    await page.route("**/api/employees/*", (route) => (route.request().method() === "DELETE" ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback()));
    await openRowMenu(page, `${employee.lastName} Zoé`);
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByRole("dialog").getByText("Une erreur est survenue lors de la suppression")).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Annuler" }).click();
    await page.unroute("**/api/employees/*");

    await openRowMenu(page, `${employee.lastName} Zoé`);
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Aucun employé disponible")).toBeVisible();
  });

  test("suppression depuis la fiche (responsable OF)", async ({ page }) => {
    const employee = await createEmployee(page);
    await loginAs(page, "rol_resp-of", `/employees/${employee.id}`);
    await page.getByRole("button", { name: "Supprimer" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page).toHaveURL(/\/employees$/);
    await search(page, employee.lastName);
    await expect(page.getByText("Aucun employé disponible")).toBeVisible();
  });
});

test.describe("actions visibles selon le rôle", () => {
  const managers: [RoleId, boolean][] = [
    ["rol_sup-admin", true],
    ["rol_admin", true],
    ["rol_resp-cdc", true],
    ["rol_resp-of", false],
  ];
  for (const [role, listDelete] of managers) {
    test(`${role} : liste, ajout, menu (ouvrir, modifier${listDelete ? ", supprimer" : ""}), fiche avec suppression`, async ({ page }) => {
      await loginAs(page, role, "/employees");
      await expect(page.getByRole("button", { name: "Ajouter un employé" })).toBeVisible();
      await expect(listRows(page).first()).toBeVisible();
      // The signed-in user's own record: in their scope, and no other test deletes it.
      const row = await onlyRow(page, ROLE_USERS[role]);
      await row.getByRole("button", { name: /^Actions pour / }).click();
      await expect(page.getByRole("menuitem", { name: "Ouvrir dans un nouvel onglet" })).toBeVisible();
      await expect(page.getByRole("menuitem", { name: "Modifier" })).toBeVisible();
      await expect(page.getByRole("menuitem", { name: "Supprimer" })).toHaveCount(listDelete ? 1 : 0);
      await page.keyboard.press("Escape");
      const id = await row.getAttribute("data-row-id");
      await page.goto(`/employees/${id}`);
      await expect(page.getByRole("button", { name: "Modifier" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Supprimer" })).toBeVisible();
    });
  }
  for (const role of ["rol_gest-of", "rol_gest-cdc", "rol_gest-cdcss"] as RoleId[]) {
    test(`${role} : écran restreint, pas d'entrée de menu`, async ({ page }) => {
      await loginAs(page, role, "/employees");
      await expect(page.getByText("L'accès à cette page vous est restreint.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Employés" })).toHaveCount(0);
    });
  }

  test("un responsable OF ne voit que les employés de ses organismes", async ({ page }) => {
    await loginAs(page, "rol_resp-of", "/employees");
    await expect(listRows(page).first()).toBeVisible();
    const rows = await listRows(page).allInnerTexts();
    for (const row of rows) expect(row).toContain("AFPA ÎLE-DE-FRANCE");
  });

  test("« Ouvrir dans un nouvel onglet » ouvre la fiche", async ({ page, context }) => {
    await loginAs(page, "rol_admin", "/employees");
    await search(page, "lefevre");
    await openRowMenu(page, "LEFÈVRE Hélène");
    const [tab] = await Promise.all([context.waitForEvent("page"), page.getByRole("menuitem", { name: "Ouvrir dans un nouvel onglet" }).click()]);
    await expect(tab).toHaveURL(/\/employees\/[0-9a-f]{32}$/);
    await expect(tab.getByRole("heading", { name: "LEFÈVRE Hélène" })).toBeVisible();
  });
});
