/**
 * The shell (spec part 1 §1, §2 Landing and guards, Side menu, §6 menu visibility): each role's menu, the guards'
 * pages, the test-mode banner, the mobile menu, and what /login downloads.
 */
import { gzipSync } from "node:zlib";
import { ROLE_IDS, ROLE_NAMES, type RoleId } from "../../resources/permissions";
import { ROLE_USERS } from "./support/auth";
import { expect, test } from "./support/fixtures";

/** Spec part 1 §6 "Menu visibility", written out per role (not derived from the matrix under test); issue 38 adds « Supervision ». */
const MENUS: Record<RoleId, string[]> = {
  "rol_sup-admin": ["Dossiers de formation", "Formations", "Sessions", "Stagiaires", "Organismes", "Employés", "Supervision"],
  rol_admin: ["Dossiers de formation", "Formations", "Sessions", "Stagiaires", "Organismes", "Employés", "Supervision"],
  "rol_resp-of": ["Dossiers de formation", "Formations", "Sessions", "Stagiaires", "Organismes", "Employés"],
  "rol_resp-cdc": ["Dossiers de formation", "Formations", "Sessions", "Stagiaires", "Organismes", "Employés"],
  "rol_gest-of": ["Dossiers de formation", "Formations", "Sessions", "Stagiaires"],
  "rol_gest-cdc": ["Dossiers de formation", "Formations", "Sessions", "Stagiaires", "Organismes"],
  "rol_gest-cdcss": ["Dossiers de formation", "Formations", "Sessions", "Stagiaires", "Organismes"],
};

const RESTRICTED = "L'accès à cette page vous est restreint.";
const NOT_FOUND = "Cette page est introuvable.";
const UNKNOWN = "Une erreur s'est produite.";

test.describe("menu latéral par rôle", () => {
  for (const role of ROLE_IDS) {
    test(`${role} : entrées du menu, nom, rôle, page des dossiers`, async ({ page, signIn }) => {
      await signIn(role, "/");
      await expect(page).toHaveURL(/\/records$/);
      const menu = page.getByRole("navigation", { name: "Menu principal" });
      // The spec's entries, then the employee's own page (issue 25: the daily digest's opt-in), above « Se déconnecter ».
      await expect(menu.getByRole("link")).toHaveText([...MENUS[role], "Mon profil"]);
      await expect(page.getByRole("heading", { name: "Dossiers de formation" })).toBeVisible();
      await expect(page.getByTestId("current-user")).toContainText(ROLE_USERS[role]);
      await expect(page.getByTestId("current-user")).toContainText(ROLE_NAMES[role]);
      await expect(page.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
    });
  }

  test("l'entrée correspondant à l'adresse est mise en avant, y compris sous son chemin", async ({ page, signIn }) => {
    await signIn("rol_admin", "/trainees");
    const menu = page.getByRole("navigation", { name: "Menu principal" });
    await expect(menu.getByRole("link", { name: "Stagiaires" })).toHaveAttribute("aria-current", "page");
    await expect(menu.locator("[aria-current=page]")).toHaveCount(1);
    await menu.getByRole("link", { name: "Organismes" }).click();
    await expect(page).toHaveURL(/\/organizations$/);
    await expect(menu.getByRole("link", { name: "Organismes" })).toHaveAttribute("aria-current", "page");
    await page.goto("/trainees/create");
    await expect(menu.getByRole("link", { name: "Stagiaires" })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("pages de garde", () => {
  test("la racine mène aux dossiers de formation", async ({ page, signIn }) => {
    await signIn("rol_resp-cdc", "/");
    await expect(page).toHaveURL(/\/records$/);
  });

  test("rôle non autorisé : page d'accès restreint, avec retour à l'accueil", async ({ page, signIn }) => {
    await signIn("rol_gest-of", "/employees");
    await expect(page.getByRole("heading", { name: RESTRICTED })).toBeVisible();
    await page.getByRole("link", { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/records$/);
    await expect(page.getByRole("heading", { name: "Dossiers de formation" })).toBeVisible();
  });

  test("rôle non autorisé à créer : page d'accès restreint (gest-cdc sur /trainees/create)", async ({ page, signIn }) => {
    await signIn("rol_gest-cdc", "/trainees/create");
    await expect(page.getByRole("heading", { name: RESTRICTED })).toBeVisible();
  });

  test("adresse inconnue : page introuvable dans le cadre de l'application", async ({ page, signIn }) => {
    await signIn("rol_gest-of", "/nimporte-quoi");
    await expect(page.getByRole("heading", { name: NOT_FOUND })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeVisible();
    await page.getByRole("link", { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/records$/);
  });

  test("adresse inconnue sans être connecté : connexion d'abord", async ({ page }) => {
    await page.goto("/nimporte-quoi");
    await expect(page).toHaveURL(/\/login\?to=%2Fnimporte-quoi$/);
  });

  test("profil impossible à charger : page d'erreur inconnue, avec retour à l'accueil", async ({ page, signIn }) => {
    await signIn("rol_admin");
    await page.route("**/api/users/me", (route) => route.fulfill({ status: 500, json: { statusCode: 500, error: "Internal Server Error", message: "panne" } }));
    await page.goto("/trainees");
    await expect(page.getByRole("heading", { name: UNKNOWN })).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
    await page.unroute("**/api/users/me");
    await page.getByRole("link", { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/records$/);
    await expect(page.getByRole("heading", { name: "Dossiers de formation" })).toBeVisible();
  });

  test("chargeur plein écran pendant le chargement du profil", async ({ page, signIn }) => {
    await signIn("rol_admin");
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/users/me", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/records");
    await expect(page.getByRole("status").getByText("Chargement…")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "Dossiers de formation" })).toBeVisible();
  });
});

test.describe("bandeau et affichage mobile", () => {
  test("bandeau « Mode test » hors de l'hôte de production, sur la connexion comme dans l'application", async ({ page, signIn }) => {
    await page.goto("/login");
    await expect(page.getByRole("note", { name: "Mode test" })).toBeVisible();
    await signIn("rol_gest-cdcss", "/records");
    await expect(page.getByRole("note", { name: "Mode test" })).toBeVisible();
  });

  test("à 800 px le menu se replie derrière un bouton et s'ouvre", async ({ page, signIn }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await signIn("rol_resp-of", "/records");
    const menu = page.getByRole("navigation", { name: "Menu principal" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Fermer le menu" })).toBeVisible();
    await menu.getByRole("link", { name: "Sessions" }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await page.getByRole("button", { name: "Fermer le menu" }).click();
    await expect(menu).toBeHidden();
  });

  test("le menu ouvert pendant qu'une page se charge reste ouvert quand elle arrive : l'URL et l'écran avancent ensemble", async ({ page, signIn }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await signIn("rol_resp-of", "/records");
    await expect(page.getByRole("heading", { name: "Dossiers de formation", level: 1 })).toBeVisible();
    // Hold every script asked from now on: the sessions page's lazy chunk stays on its way until released.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldScripts = 0;
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      heldScripts += 1;
      await held;
      await route.continue();
    });
    const menu = page.getByRole("navigation", { name: "Menu principal" });
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await menu.getByRole("link", { name: "Sessions" }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    await expect(menu).toBeHidden();
    await expect.poll(() => heldScripts).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await expect(menu).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "Sessions", level: 1 })).toBeVisible();
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Fermer le menu" })).toBeVisible();
  });

  test("sur grand écran, pas de bouton de menu", async ({ page, signIn }) => {
    await signIn("rol_resp-of", "/records");
    await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Ouvrir le menu" })).toBeHidden();
  });
});

test("/login : JavaScript ≤ 180 ko compressé, aucune requête vers un autre hôte", async ({ page, baseURL }) => {
  const scripts = new Map<string, Promise<Buffer>>();
  const foreign: string[] = [];
  const origin = new URL(baseURL!).origin;
  page.on("request", (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith("data:")) foreign.push(request.url());
  });
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.set(response.url(), response.body());
  });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  let gzipped = 0;
  for (const body of scripts.values()) gzipped += gzipSync(await body, { level: 9 }).length;
  const kilobytes = Math.round(gzipped / 1024);
  test.info().annotations.push({ type: "taille JS /login", description: `${kilobytes} ko gzip (${scripts.size} fichiers)` });
  console.log(`JS chargé par /login : ${kilobytes} ko compressés (gzip -9), ${scripts.size} fichiers`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(gzipped).toBeLessThanOrEqual(180 * 1024);
  // No list or form code of a resource on the login page.
  // Chunk names, not any URL holding the word (the shared icon chunk is named after tabler's createReactComponent).
  expect([...scripts.keys()].filter((url) => /\/(AppLayout|list|create|edit|show)-[\w-]+\.js$/.test(url))).toEqual([]);
  expect(foreign).toEqual([]);
});
