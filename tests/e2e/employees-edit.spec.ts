/**
 * An employee's edit page and detail page (spec part 1 "Employees"): title and last update, the save and its failures,
 * unknown ids, and the deletion from the detail page.
 */
import { expect, test } from "./support/fixtures";
import { field, onlyRow, search } from "./support/resource-list";

test.describe("modification et suppression d'un employé", () => {
  test("page de modification : titre, date, sauvegarde, 409", async ({ page, signIn, api }) => {
    const employee = await api.createEmployee();
    await signIn("rol_resp-of", `/employees/${employee.id}/edit`);
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

  test("échec de sauvegarde hors 409 : message de la spécification", async ({ page, signIn, api }) => {
    const employee = await api.createEmployee();
    await signIn("rol_admin", `/employees/${employee.id}/edit`);
    await page.route("**/api/employees/*", (route) => (route.request().method() === "PATCH" ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback()));
    await field(page, "Téléphone").fill("0102030405");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByText("Une erreur est survenue lors de la sauvegarde.", { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/edit$/);
  });

  test("Annuler revient à la liste ; page inconnue et échec de chargement", async ({ page, signIn, api }) => {
    const employee = await api.createEmployee();
    await signIn("rol_admin", `/employees/${employee.id}/edit`);
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

  test("suppression depuis la fiche (responsable OF)", async ({ page, signIn, api }) => {
    const employee = await api.createEmployee();
    await signIn("rol_resp-of", `/employees/${employee.id}`);
    await page.getByRole("button", { name: "Supprimer" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page).toHaveURL(/\/employees$/);
    await search(page, employee.lastName);
    await expect(page.getByText("Aucun employé disponible")).toBeVisible();
  });
});
