/**
 * What each of the seven roles may do with sessions (spec part 2 §6): list, detail and edit for all; add and delete for
 * sup-admin, admin and resp-cdc only — the list's button and row menu, the detail page's buttons and the wizard's route.
 * Scope (design.md "Roles and scope"): a session is seen when its training is.
 */
import type { RoleId } from "../../resources/permissions";
import { HEALTHCARE_SOCIAL_DEVICE } from "../../resources/trainings/enums";
import { expect, test } from "./support/fixtures";
import { listRows, openRowMenu, search } from "./support/resource-list";

const MANAGES: Record<RoleId, boolean> = {
  "rol_sup-admin": true,
  rol_admin: true,
  "rol_resp-cdc": true,
  "rol_resp-of": false,
  "rol_gest-of": false,
  "rol_gest-cdc": false,
  "rol_gest-cdcss": false,
};

test.describe("sessions : actions selon le rôle", () => {
  for (const [role, manages] of Object.entries(MANAGES) as [RoleId, boolean][]) {
    test(`${role} : liste, fiche et modification ; ajout et suppression ${manages ? "oui" : "non"}`, async ({ page, signIn, api }) => {
      // Healthcare-social between the demo AFPA and Région IDF: in every role's scope (gest-cdcss sees no other).
      const training = await api.createTraining({ device: HEALTHCARE_SOCIAL_DEVICE });
      const session = await api.createSession({}, training.id);
      const { number, name } = training.information;
      await signIn(role, "/sessions");
      await expect(page.getByRole("heading", { name: "Sessions", level: 1 })).toBeVisible();
      await expect(listRows(page).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Ajouter une session" })).toHaveCount(manages ? 1 : 0);

      await search(page, number);
      await expect(listRows(page)).toHaveCount(1);
      await openRowMenu(page, `${number} ${name}`);
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem", { name: "Ouvrir dans un nouvel onglet" })).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Modifier" })).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Supprimer" })).toHaveCount(manages ? 1 : 0);
      await expect(menu.getByRole("menuitem")).toHaveCount(manages ? 3 : 2);
      await page.keyboard.press("Escape");

      await page.goto(`/sessions/${session.id}`);
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: "Modifier" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Supprimer" })).toHaveCount(manages ? 1 : 0);

      await page.goto(`/sessions/${session.id}/edit`);
      await expect(page.getByRole("heading", { name: `Modification de la session ${name}`, level: 1 })).toBeVisible();

      await page.goto("/sessions/create");
      if (manages) await expect(page.getByRole("heading", { name: "Création d'une session", level: 1 })).toBeVisible();
      else await expect(page.getByText("L'accès à cette page vous est restreint.")).toBeVisible();
    });
  }

  test("périmètre : l'OF ne voit que les sessions de ses formations, gest-cdcss que les sanitaires et sociales", async ({ page, signIn, api }) => {
    const ownOrganization = await api.createOrganization();
    const [elsewhere, notSocial] = await Promise.all([
      api.createTraining({ educationalOrganizationId: ownOrganization.id, device: HEALTHCARE_SOCIAL_DEVICE }),
      api.createTraining(),
    ]);
    const [hidden, ordinary] = await Promise.all([api.createSession({}, elsewhere.id), api.createSession({}, notSocial.id)]);

    // resp-of belongs to the demo AFPA, not to this new educational organisation.
    await signIn("rol_resp-of", "/sessions");
    await search(page, elsewhere.information.number);
    await expect(page.getByText("Aucune session disponible")).toBeVisible();
    await search(page, notSocial.information.number);
    await expect(page.locator(`tbody tr[data-row-id="${ordinary.id}"]`)).toBeVisible();

    await signIn("rol_gest-cdcss", "/sessions");
    await search(page, notSocial.information.number);
    await expect(page.getByText("Aucune session disponible")).toBeVisible();
    await page.goto(`/sessions/${ordinary.id}`);
    await expect(page.getByRole("heading", { name: "Cette page est introuvable." })).toBeVisible();
    // The admin sees both.
    await signIn("rol_admin", `/sessions/${hidden.id}`);
    await expect(page.getByRole("heading", { name: elsewhere.information.name, level: 1 })).toBeVisible();
  });
});
