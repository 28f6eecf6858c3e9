/**
 * The trainees' list (spec part 1 "Trainees"): columns, search, pages, the detail modal, the row menu's actions, and
 * what each role may do from it.
 */
import type { RoleId } from "../../resources/permissions";
import type { ApiTrainee } from "./support/api-records";
import { expect, test } from "./support/fixtures";
import { closeDialog, counter, listRows, openRowMenu, search, sessionValue, setRowsPerPage } from "./support/resource-list";

/** Trainees of the demo data; other tests add theirs meanwhile. */
const DEMO_TRAINEE_COUNT = 60;

test.describe("liste des stagiaires", () => {
  test("colonnes, nom d'usage seulement s'il diffère, recherche par nom sans accents et par début de NIR", async ({ page, signIn, api }) => {
    const dubois = (await api.find<ApiTrainee>("trainees", "chloe dubois"))!;
    // As an admin, as below.
    await signIn("rol_admin", "/trainees");
    await expect(page.getByRole("heading", { name: "Stagiaires" })).toBeVisible();
    for (const header of ["Nom de naissance", "Prénom", "Nom d'usage", "NIR", "E-mail", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    await expect(counter(page)).toHaveText(/^1 - 50 sur \d+$/);
    expect(Number((await counter(page).textContent())!.split(" sur ")[1])).toBeGreaterThanOrEqual(DEMO_TRAINEE_COUNT);

    await search(page, "lefevre");
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page).first().locator("td")).toHaveText(["DUBOIS", "Chloé", "LEFÈVRE", /^\d( \d+){5}$/, "chloe.lefevre@demo.test", ""]);

    await search(page, "thibault");
    await expect(listRows(page)).toHaveCount(1);
    // COLIN's usage name is his birth name: the column stays empty.
    await expect(listRows(page).first().locator("td").nth(2)).toHaveText("");

    await search(page, dubois.ssn.slice(0, 7));
    await expect(listRows(page).first()).toContainText("DUBOIS");
    await expect(counter(page)).toHaveText(/^1 - \d+ sur \d+$/);
  });

  test("pages gardées dans trainees_offset / trainees_limit ; échec du chargement : « … lors de la recherche de stagiaires », Réessayer", async ({ page, signIn }) => {
    await signIn("rol_admin", "/trainees");
    await setRowsPerPage(page, 20);
    await page.getByRole("button", { name: "Page suivante" }).click();
    await expect(counter(page)).toHaveText(/^21 - 40 sur \d+$/);
    expect(await sessionValue(page, "trainees_offset")).toBe("20");
    expect(await sessionValue(page, "trainees_limit")).toBe("20");
    await page.reload();
    await expect(counter(page)).toHaveText(/^21 - 40 sur \d+$/);

    let fail = true;
    await page.route("**/api/trainees?*", (route) => (fail ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback()));
    await search(page, "dubois");
    const banner = page.getByRole("alert").filter({ hasText: "Une erreur est survenue lors de la recherche de stagiaires" });
    await expect(banner).toBeVisible();
    fail = false;
    await banner.getByRole("button", { name: "Réessayer" }).click();
    await expect(banner).toHaveCount(0);
    await expect(listRows(page).first()).toContainText("DUBOIS");
  });

  test("clic sur une ligne : fiche en modale (Informations, Adresse, Dossiers), 404 et échec", async ({ page, signIn }) => {
    // An admin sees every trainee: what a scoped role sees of the demo depends on the trainings the demo gave its records.
    await signIn("rol_admin", "/trainees");
    await search(page, "bénédicte");
    await expect(listRows(page)).toHaveCount(1);
    await listRows(page).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Informations" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Adresse" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Dossiers de formation" })).toBeVisible();
    for (const [label, value] of [
      ["Nom d'usage", "DE SAINT-EXUPÉRY"],
      ["Prénom", "Bénédicte"],
      ["Nom de naissance", "PICARD"],
      ["Date de naissance", "07/04/1981"],
      ["Genre", "Femme"],
      ["Situation familiale", "Marié(e)"],
      ["Né(e) en France", "Oui"],
      ["Département", "972 - Martinique"],
    ]) {
      await expect(dialog.locator(`[data-label="${label}"]`)).toHaveText(value!);
    }
    await expect(dialog.locator('[data-label="NIR"]')).toHaveText(/^2 81 04 \d{2} \d{3} \d{3}$/);
    await expect(dialog.getByText("97200 Fort-de-France")).toBeVisible();
    await closeDialog(page);

    await page.route("**/api/trainees/*", (route) =>
      route.request().method() === "GET" && !route.request().url().includes("?")
        ? route.fulfill({ status: 404, json: { statusCode: 404, message: "Le stagiaire n'existe pas" } })
        : route.fallback(),
    );
    await listRows(page).first().click();
    await expect(page.getByRole("dialog").getByText("Le stagiaire n'existe pas")).toBeVisible();
    await closeDialog(page);
    await page.unroute("**/api/trainees/*");
    await page.route("**/api/trainees/*", (route) =>
      route.request().method() === "GET" && !route.request().url().includes("?") ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback(),
    );
    await listRows(page).first().click();
    await expect(page.getByRole("dialog").getByText("Une erreur est survenue lors de la consultation du stagiaire")).toBeVisible();
  });
});

test.describe("modification et suppression d'un stagiaire", () => {
  test("suppression depuis le menu de la liste, et son échec", async ({ page, signIn, api }) => {
    const trainee = await api.createTrainee();
    const label = `${trainee.lastName} Zoé`;
    await signIn("rol_resp-of", "/trainees");
    await search(page, trainee.lastName);
    await expect(listRows(page)).toHaveCount(1);

    await page.route("**/api/trainees/*", (route) => (route.request().method() === "DELETE" ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback()));
    await openRowMenu(page, trainee.lastName);
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    await expect(page.getByRole("dialog")).toContainText(`Voulez-vous vraiment supprimer le stagiaire ${label} ?`);
    await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByRole("dialog").getByText("Une erreur est survenue lors de la suppression")).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Annuler" }).click();
    await page.unroute("**/api/trainees/*");

    await openRowMenu(page, trainee.lastName);
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Aucun stagiaire disponible")).toBeVisible();
  });

  test("« Ouvrir dans un nouvel onglet » ouvre la fiche ; « Modifier » ouvre la page de modification", async ({ page, context, signIn, api }) => {
    const trainee = await api.createTrainee();
    const label = `${trainee.lastName} Zoé`;
    await signIn("rol_admin", "/trainees");
    await search(page, trainee.lastName);
    await openRowMenu(page, trainee.lastName);
    const [tab] = await Promise.all([context.waitForEvent("page"), page.getByRole("menuitem", { name: "Ouvrir dans un nouvel onglet" }).click()]);
    await expect(tab).toHaveURL(new RegExp(`/trainees/${trainee.id}$`));
    await expect(tab.getByRole("heading", { name: label })).toBeVisible();
    await openRowMenu(page, trainee.lastName);
    await page.getByRole("menuitem", { name: "Modifier" }).click();
    await expect(page).toHaveURL(new RegExp(`/trainees/${trainee.id}/edit$`));
  });
});

test.describe("ce que chaque rôle voit", () => {
  const WRITERS: RoleId[] = ["rol_sup-admin", "rol_admin", "rol_resp-of", "rol_gest-of"];
  const READERS: RoleId[] = ["rol_resp-cdc", "rol_gest-cdc", "rol_gest-cdcss"];

  for (const role of [...WRITERS, ...READERS]) {
    const writer = WRITERS.includes(role);
    test(`${role} : ${writer ? "ajout, menu ouvrir / modifier / supprimer, fiche avec Modifier et Supprimer" : "consultation seule, création et modification restreintes"}`, async ({ page, signIn, api }) => {
      const trainee = await api.createTrainee();
      const label = `${trainee.lastName} Zoé`;
      await signIn(role, "/trainees");
      await expect(page.getByRole("link", { name: "Stagiaires" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Ajouter un stagiaire" })).toHaveCount(writer ? 1 : 0);
      await search(page, trainee.lastName);
      await openRowMenu(page, trainee.lastName);
      const expected = writer ? ["Ouvrir dans un nouvel onglet", "Modifier", "Supprimer"] : ["Ouvrir dans un nouvel onglet"];
      await expect(page.getByRole("menuitem")).toHaveText(expected);
      await page.keyboard.press("Escape");

      await page.goto(`/trainees/${trainee.id}`);
      await expect(page.getByRole("heading", { name: label })).toBeVisible();
      await expect(page.getByRole("button", { name: "Modifier" })).toHaveCount(writer ? 1 : 0);
      await expect(page.getByRole("button", { name: "Supprimer" })).toHaveCount(writer ? 1 : 0);

      await page.goto("/trainees/create");
      if (writer) await expect(page.getByRole("heading", { name: "Création d'un stagiaire" })).toBeVisible();
      else await expect(page.getByText("L'accès à cette page vous est restreint.")).toBeVisible();
      await page.goto(`/trainees/${trainee.id}/edit`);
      if (writer) await expect(page.getByRole("heading", { name: `Modification du stagiaire ${label}` })).toBeVisible();
      else await expect(page.getByText("L'accès à cette page vous est restreint.")).toBeVisible();
    });
  }
});
