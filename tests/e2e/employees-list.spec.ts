/**
 * The employees' list (spec part 1 "Employees"): columns, search, pages, the detail modal, the deletion from the row
 * menu, and what each role sees.
 */
import type { RoleId } from "../../resources/permissions";
import { ROLE_USERS } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { closeDialog, counter, field, listRows, onlyRow, openRowMenu, search, sessionValue, setRowsPerPage } from "./support/resource-list";

test.describe("liste des employés", () => {
  test("colonnes, compteur, recherche sans accents ni casse, texte vide", async ({ page, signIn }) => {
    await signIn("rol_admin", "/employees");
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

  test("lignes par page, pages et sessionStorage relus au chargement ; la recherche revient au début", async ({ page, signIn }) => {
    await signIn("rol_admin", "/employees");
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

  test("une limite invalide en sessionStorage retombe sur 50", async ({ page, signIn }) => {
    await signIn("rol_admin");
    await page.evaluate(() => {
      sessionStorage.setItem("employees_limit", "37");
      sessionStorage.setItem("employees_offset", "0");
    });
    await page.goto("/employees");
    await expect(field(page, "Lignes par page")).toHaveValue("50");
  });

  test("échec de chargement : bandeau et bouton Réessayer", async ({ page, signIn }) => {
    await signIn("rol_admin");
    let fail = true;
    await page.route("**/api/employees?*", (route) => (fail ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback()));
    await page.goto("/employees");
    await expect(page.getByText("Une erreur est survenue lors de la recherche")).toBeVisible();
    fail = false;
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(listRows(page).first()).toBeVisible();
  });

  test("clic sur une ligne : fiche en modale, 404 et échec", async ({ page, signIn }) => {
    await signIn("rol_admin", "/employees");
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

test.describe("modification et suppression d'un employé", () => {
  test("suppression depuis le menu de la liste, et son échec", async ({ page, signIn, api }) => {
    const employee = await api.createEmployee();
    await signIn("rol_admin", "/employees");
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
});

test.describe("actions visibles selon le rôle", () => {
  const managers: [RoleId, boolean][] = [
    ["rol_sup-admin", true],
    ["rol_admin", true],
    ["rol_resp-cdc", true],
    ["rol_resp-of", false],
  ];
  for (const [role, listDelete] of managers) {
    test(`${role} : liste, ajout, menu (ouvrir, modifier${listDelete ? ", supprimer" : ""}), fiche avec suppression`, async ({ page, signIn }) => {
      await signIn(role, "/employees");
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
    test(`${role} : écran restreint, pas d'entrée de menu`, async ({ page, signIn }) => {
      await signIn(role, "/employees");
      await expect(page.getByText("L'accès à cette page vous est restreint.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Employés" })).toHaveCount(0);
    });
  }

  test("un responsable OF ne voit que les employés de ses organismes", async ({ page, signIn }) => {
    await signIn("rol_resp-of", "/employees");
    await expect(listRows(page).first()).toBeVisible();
    const rows = await listRows(page).allInnerTexts();
    for (const row of rows) expect(row).toContain("AFPA ÎLE-DE-FRANCE");
  });

  test("« Ouvrir dans un nouvel onglet » ouvre la fiche", async ({ page, context, signIn }) => {
    await signIn("rol_admin", "/employees");
    await search(page, "lefevre");
    await openRowMenu(page, "LEFÈVRE Hélène");
    const [tab] = await Promise.all([context.waitForEvent("page"), page.getByRole("menuitem", { name: "Ouvrir dans un nouvel onglet" }).click()]);
    await expect(tab).toHaveURL(/\/employees\/[0-9a-f]{32}$/);
    await expect(tab.getByRole("heading", { name: "LEFÈVRE Hélène" })).toBeVisible();
  });
});
