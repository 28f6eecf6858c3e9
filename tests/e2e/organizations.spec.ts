import type { RoleId } from "../../resources/permissions";
import { uniqueSiret, uniqueSuffix } from "./support/api-records";
import { expect, test } from "./support/fixtures";
import { closeDialog, counter, field, fieldError, listRows, onlyRow, openRowMenu, pickOption, search, sessionValue, setRowsPerPage } from "./support/resource-list";
import { nextButton, wizardStep } from "./support/wizards";

// In order, in one worker: the last test adds 1,001 organisations (then removes them), which would push the demo ones off
// the first page another test of this file reads.
test.describe.configure({ mode: "serial" });

test.describe("liste des organismes", () => {
  test("colonnes, logos des cinq SIRET, icône par défaut, nombre d'employés, recherche, texte vide", async ({ page, signIn }) => {
    await signIn("rol_admin", "/organizations");
    for (const header of ["Logo", "Nom", "SIRET", "Ville", "Employés", "Actions"]) await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: "Logo AFPA ÎLE-DE-FRANCE" })).toHaveAttribute("src", "/logos/afpa-idf.svg");
    await expect(page.getByRole("img", { name: "Logo CNAM PARIS" })).toBeVisible();
    await search(page, "22330001300115");
    await expect(counter(page)).toHaveText("1 - 1 sur 1");
    await expect(listRows(page).first().getByLabel("Logo par défaut")).toBeVisible();
    await expect(listRows(page).first()).toContainText("22330001300115");
    await expect(listRows(page).first()).toContainText("Bordeaux");
    await search(page, "region ile");
    await expect(listRows(page).first()).toContainText("RÉGION ÎLE-DE-FRANCE");
    await expect(listRows(page).first()).toContainText("Saint-Ouen-sur-Seine");
    await search(page, "aucun-organisme-ici");
    await expect(page.getByText("Aucun organisme disponible")).toBeVisible();
  });

  test("pages et sessionStorage (organizations_offset / organizations_limit)", async ({ page, signIn }) => {
    await signIn("rol_admin", "/organizations");
    await setRowsPerPage(page, 10);
    await expect(counter(page)).toHaveText(/^1 - 10 sur \d+$/);
    await page.getByRole("button", { name: "Page suivante" }).click();
    await expect(counter(page)).toHaveText(/^11 - \d+ sur \d+$/);
    expect(await sessionValue(page, "organizations_offset")).toBe("10");
    expect(await sessionValue(page, "organizations_limit")).toBe("10");
    await page.reload();
    await expect(counter(page)).toHaveText(/^11 - \d+ sur \d+$/);
    await search(page, "paris");
    await expect(counter(page)).toHaveText(/^1 - \d+ sur \d+$/);
  });

  test("bandeau d'erreur avec Réessayer ; fiche en modale avec ses employés ; 404 et échec", async ({ page, signIn }) => {
    await signIn("rol_admin");
    let fail = true;
    await page.route("**/api/organizations?*", (route) => (fail ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback()));
    await page.goto("/organizations");
    await expect(page.getByText("Une erreur est survenue lors de la recherche")).toBeVisible();
    fail = false;
    await page.getByRole("button", { name: "Réessayer" }).click();
    await search(page, "afpa");
    await expect(listRows(page)).toHaveCount(1);
    await listRows(page).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("link", { name: "DUPONT Jean-Pierre" })).toBeVisible();
    await expect(dialog.getByText("Responsable OF")).toBeVisible();
    await closeDialog(page);
    await page.route("**/api/organizations/*", (route) => route.fulfill({ status: 404, json: { statusCode: 404, message: "x" } }));
    await listRows(page).first().click();
    await expect(page.getByRole("dialog").getByText("L'organisme n'existe pas")).toBeVisible();
    await closeDialog(page);
    await page.unroute("**/api/organizations/*");
    await page.route("**/api/organizations/*", (route) => route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }));
    await listRows(page).first().click();
    await expect(page.getByRole("dialog").getByText("Une erreur est survenue lors de la consultation de l'organisme")).toBeVisible();
  });
});

test.describe("création, modification, suppression d'un organisme", () => {
  test("assistant : messages de validation, majuscules, adresse, récapitulatif, sauvegarde", async ({ page, signIn }) => {
    await signIn("rol_resp-cdc", "/organizations");
    await page.getByRole("button", { name: "Ajouter un organisme" }).click();
    await expect(page.getByRole("heading", { name: "Création d'un organisme" })).toBeVisible();
    await expect(wizardStep(page)).toHaveText("Informations");
    await nextButton(page).click();
    await expect(fieldError(page, "Nom")).toHaveText("Ce champ est obligatoire");
    await expect(fieldError(page, "SIRET")).toHaveText("Ce champ est obligatoire");

    const name = `centre e2e ${uniqueSuffix()}`;
    await field(page, "Nom").fill("c");
    await expect(fieldError(page, "Nom")).toHaveText("Le nombre de caractères minimum est 2");
    await field(page, "Nom").fill("c".repeat(101));
    await expect(fieldError(page, "Nom")).toHaveText("Le nombre de caractères est limité à 100");
    await field(page, "Nom").fill(name);
    await expect(field(page, "Nom")).toHaveValue(name.toUpperCase());
    await field(page, "SIRET").fill("1234567890123");
    await expect(fieldError(page, "SIRET")).toHaveText("Le nombre de caractères doit être 14");
    const newSiret = uniqueSiret();
    await field(page, "SIRET").fill(newSiret);
    await field(page, "E-mail").fill("contact@");
    await expect(fieldError(page, "E-mail")).toHaveText("Cette adresse email n'est pas valide");
    await field(page, "E-mail").fill("contact@centre.test");
    await field(page, "Téléphone").fill("012345");
    await expect(fieldError(page, "Téléphone")).toHaveText("Le nombre de caractères doit être 10");
    await field(page, "Téléphone").fill("0123456789");
    await field(page, "Numéro").fill("12345");
    await expect(fieldError(page, "Numéro")).toHaveText("Le nombre de caractères est limité à 4");
    await field(page, "Numéro").fill("14");
    await pickOption(page, field(page, "Complément"), "Bis");
    await pickOption(page, field(page, "Type de voie"), "Boulevard");
    await field(page, "Nom de la voie").fill("x".repeat(33));
    await expect(fieldError(page, "Nom de la voie")).toHaveText("Le nombre de caractères est limité à 32");
    await field(page, "Nom de la voie").fill("des Belges");
    await field(page, "Appartement, étage").fill("x".repeat(71));
    await expect(fieldError(page, "Appartement, étage")).toHaveText("Le nombre de caractères est limité à 70");
    await field(page, "Appartement, étage").fill("");
    for (const line of ["Résidence, bâtiment", "Lieu-dit"]) {
      await field(page, line).fill("x".repeat(71));
      await expect(fieldError(page, line)).toHaveText("Le nombre de caractères est limité à 70");
      await field(page, line).fill("");
    }
    await field(page, "Code postal").fill("6900");
    await expect(fieldError(page, "Code postal")).toHaveText("Le nombre de caractères doit être 5");
    await field(page, "Code postal").fill("69006");
    await field(page, "Ville").fill("l");
    await expect(fieldError(page, "Ville")).toHaveText("Le nombre de caractères minimum est 2");
    await field(page, "Ville").fill("v".repeat(65));
    await expect(fieldError(page, "Ville")).toHaveText("Le nombre de caractères est limité à 64");
    await field(page, "Ville").fill("saint-genis-laval");
    await expect(field(page, "Ville")).toHaveValue("Saint-Genis-Laval");

    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Récapitulatif");
    await expect(page.getByText("14 bis boulevard des Belges, 69006 Saint-Genis-Laval")).toBeVisible();
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page).toHaveURL(/\/organizations$/);
    await search(page, newSiret);
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page).first()).toContainText(name.toUpperCase());
    await expect(listRows(page).first()).toContainText("Saint-Genis-Laval");
  });

  test("création refusée (SIRET déjà utilisé) : message de la spécification", async ({ page, signIn }) => {
    await signIn("rol_admin", "/organizations/create");
    await field(page, "Nom").fill("doublon");
    await field(page, "SIRET").fill("82409153600014");
    await nextButton(page).click();
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByText("Une erreur est survenue lors de la création", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Ce SIRET est déjà utilisé par un autre organisme." }).first()).toBeVisible();
  });

  test("modification : titre avec nom, SIRET et date ; SIRET non modifiable (409) ; sauvegarde", async ({ page, signIn, api }) => {
    const organization = await api.createOrganization();
    await signIn("rol_admin", `/organizations/${organization.id}/edit`);
    await expect(page.getByRole("heading", { name: `Modification de l'organisme ${organization.name}` })).toBeVisible();
    await expect(page.getByText(`SIRET ${organization.siret}`)).toBeVisible();
    await expect(page.getByTestId("last-update")).toHaveText(/^Dernière mise à jour le \d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}:\d{2}$/);
    for (const section of ["Identité", "Coordonnées"]) await expect(page.getByRole("heading", { name: section })).toBeVisible();
    await field(page, "SIRET").fill(uniqueSiret());
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Ce SIRET ne peut pas être modifié." }).first()).toBeVisible();
    await field(page, "SIRET").fill(organization.siret);
    await field(page, "Téléphone").fill("0240000000");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page).toHaveURL(/\/organizations$/);
    await page.goto(`/organizations/${organization.id}`);
    await expect(page.getByText("0240000000")).toBeVisible();
    await page.goto("/organizations/0123456789abcdef0123456789abcdef/edit");
    await expect(page.getByText("Cette page est introuvable.")).toBeVisible();
  });

  test("échec de modification hors 409 : message de la spécification", async ({ page, signIn, api }) => {
    const organization = await api.createOrganization();
    await signIn("rol_admin", `/organizations/${organization.id}/edit`);
    await page.route("**/api/organizations/*", (route) => (route.request().method() === "PATCH" ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback()));
    await field(page, "Téléphone").fill("0240000000");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByText("Une erreur est survenue lors de la modification.", { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/edit$/);
  });

  test("suppression : refus tant que des employés sont rattachés, puis suppression d'un organisme vide", async ({ page, signIn, api }) => {
    const organization = await api.createOrganization();
    await signIn("rol_sup-admin", "/organizations");
    await search(page, "afpa");
    await openRowMenu(page, "AFPA ÎLE-DE-FRANCE");
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
    // A conflict (409) says its reason alone.
    await expect(page.getByRole("dialog").getByRole("alert")).toHaveText(/^Cet organisme ne peut pas être supprimé : \d+ employés y sont rattachés\.$/);
    await expect(page.getByRole("dialog").getByText("Une erreur est survenue lors de la suppression")).toHaveCount(0);
    await page.getByRole("dialog").getByRole("button", { name: "Annuler" }).click();

    await search(page, organization.siret);
    await expect(listRows(page)).toHaveCount(1);
    await openRowMenu(page, organization.name);
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Aucun organisme disponible")).toBeVisible();
  });
});

test.describe("actions visibles selon le rôle", () => {
  const matrix: [RoleId, { create: boolean; edit: boolean; remove: boolean }][] = [
    ["rol_sup-admin", { create: true, edit: true, remove: true }],
    ["rol_admin", { create: true, edit: true, remove: true }],
    ["rol_resp-cdc", { create: true, edit: true, remove: false }],
    ["rol_resp-of", { create: false, edit: true, remove: false }],
    ["rol_gest-cdc", { create: false, edit: false, remove: false }],
    ["rol_gest-cdcss", { create: false, edit: false, remove: false }],
  ];
  for (const [role, allowed] of matrix) {
    test(`${role} : ajout ${allowed.create ? "oui" : "non"}, modifier ${allowed.edit ? "oui" : "non"}, supprimer ${allowed.remove ? "oui" : "non"}`, async ({ page, signIn }) => {
      await signIn(role, "/organizations");
      await expect(listRows(page).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Ajouter un organisme" })).toHaveCount(allowed.create ? 1 : 0);
      // A demo organisation found by its SIRET (not changeable): no other test deletes it.
      const row = await onlyRow(page, "82409153600014");
      await row.getByRole("button", { name: /^Actions pour / }).click();
      await expect(page.getByRole("menuitem", { name: "Ouvrir dans un nouvel onglet" })).toBeVisible();
      await expect(page.getByRole("menuitem", { name: "Modifier" })).toHaveCount(allowed.edit ? 1 : 0);
      await expect(page.getByRole("menuitem", { name: "Supprimer" })).toHaveCount(allowed.remove ? 1 : 0);
      await page.keyboard.press("Escape");
      const id = await row.getAttribute("data-row-id");
      await page.goto(`/organizations/${id}`);
      await expect(page.getByRole("button", { name: "Modifier" })).toHaveCount(allowed.edit ? 1 : 0);
      await expect(page.getByRole("button", { name: "Supprimer" })).toHaveCount(allowed.remove ? 1 : 0);
    });
  }

  test("rol_gest-of : écran restreint, pas d'entrée de menu", async ({ page, signIn }) => {
    await signIn("rol_gest-of", "/organizations");
    await expect(page.getByText("L'accès à cette page vous est restreint.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Organismes" })).toHaveCount(0);
  });
});

test("une recherche compte « 1 000 » à mille résultats, « plus de 1 000 » au-delà", async ({ page, signIn, api }) => {
  test.setTimeout(300_000);
  const term = `SEUIL${uniqueSuffix()}`;
  // 14 digits: "7", the clock's last 8, the organisation's number on 5.
  const clock = String(Date.now()).slice(-8);
  const made: string[] = [];
  // Made and removed through the API, 25 at a time.
  const inBatches = async <T,>(items: T[], each: (item: T) => Promise<unknown>) => {
    for (let start = 0; start < items.length; start += 25) await Promise.all(items.slice(start, start + 25).map(each));
  };
  const addOrganizations = (from: number, to: number) =>
    inBatches(Array.from({ length: to - from + 1 }, (_, i) => from + i), async (n) => {
      made.push((await api.createOrganization(`${term} ${n}`, `7${clock}${String(n).padStart(5, "0")}`)).id);
    });
  try {
    await addOrganizations(1, 1_000);
    await signIn("rol_admin", "/organizations");
    await search(page, term);
    await expect(counter(page)).toHaveText(/^1 - \d+ sur 1\s000$/);

    await addOrganizations(1_001, 1_001);
    // Another search, then the same again: a new answer.
    await search(page, "aucun-organisme-ici");
    await search(page, term);
    await expect(counter(page)).toHaveText(/^1 - \d+ sur plus de 1\s000$/);
  } finally {
    await inBatches(made, (id) => api.remove(`/api/organizations/${id}`));
  }
});
