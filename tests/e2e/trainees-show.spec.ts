/**
 * A trainee's detail page (spec part 1 "Trainees"): the records card and its dates, unknown ids, load failures, and the
 * deletion from the page.
 */
import { expect, test } from "./support/fixtures";

test.describe("fiche d'un stagiaire", () => {
  test("carte des dossiers : lien, statut et dates (réelles, sinon prévues, sinon de session, sinon aucune)", async ({ page, signIn, api }) => {
    const trainee = await api.createTrainee();
    await signIn("rol_gest-cdcss");
    const record = (id: string, title: string, status: string, dates: Record<string, string>) => ({
      id,
      title,
      status,
      plannedStartDate: null,
      realStartDate: null,
      plannedEndDate: null,
      realEndDate: null,
      startDateSession: null,
      endDateSession: null,
      ...dates,
    });
    // Records arrive with a later issue: the API's answer is completed here with the four cases of the rule.
    await page.route(`**/api/trainees/${trainee.id}`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.records = [
        record("r1", "Soudeur TIG", "START_OF_TRAINING", {
          realStartDate: "2025-01-06",
          realEndDate: "2025-03-28",
          plannedStartDate: "2025-01-02",
          plannedEndDate: "2025-03-31",
          startDateSession: "2024-12-01",
          endDateSession: "2025-04-30",
        }),
        record("r2", "Aide-soignant", "VALIDATED", { plannedStartDate: "2025-09-01", plannedEndDate: "2026-06-30", startDateSession: "2025-08-25", endDateSession: "2026-07-03" }),
        record("r3", "Cariste", "SETUP", { startDateSession: "2025-10-06", endDateSession: "2025-10-17" }),
        record("r4", "Anglais professionnel", "REJECTED", {}),
      ];
      await route.fulfill({ response, json: body });
    });
    await page.goto(`/trainees/${trainee.id}`);
    await expect(page.getByRole("heading", { name: `${trainee.lastName} Zoé` })).toBeVisible();
    const cards = page.getByTestId("trainee-record");
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(0)).toContainText("Du 06/01/2025 au 28/03/2025");
    await expect(cards.nth(0)).toContainText("Entrée en formation");
    await expect(cards.nth(1)).toContainText("Du 01/09/2025 au 30/06/2026");
    await expect(cards.nth(2)).toContainText("Du 06/10/2025 au 17/10/2025");
    await expect(cards.nth(3)).toContainText("Aucune date disponible");
    await expect(cards.nth(3)).toContainText("Rejeté");
    await expect(page.getByRole("link", { name: "Soudeur TIG" })).toHaveAttribute("href", "/records/r1");
    await page.getByRole("link", { name: "Cariste" }).click();
    await expect(page).toHaveURL(/\/records\/r3$/);
  });

  test("sans dossier, la carte le dit ; identifiant inconnu : page introuvable ; échec : page d'erreur", async ({ page, signIn, api }) => {
    const trainee = await api.createTrainee();
    await signIn("rol_admin", `/trainees/${trainee.id}`);
    await expect(page.getByText("Aucun dossier de formation")).toBeVisible();
    await expect(page.locator('[data-label="Né(e) en France"]')).toHaveText("Non");
    await page.goto("/trainees/0123456789abcdef0123456789abcdef");
    await expect(page.getByText("Cette page est introuvable.")).toBeVisible();
    await page.goto("/trainees/0123456789abcdef0123456789abcdef/edit");
    await expect(page.getByText("Cette page est introuvable.")).toBeVisible();
    await page.route(`**/api/trainees/${trainee.id}`, (route) => route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }));
    await page.goto(`/trainees/${trainee.id}`);
    await expect(page.getByText("Une erreur s'est produite.")).toBeVisible();
  });
});

test.describe("modification et suppression d'un stagiaire", () => {
  test("suppression depuis la fiche, retour à la liste", async ({ page, signIn, api }) => {
    const trainee = await api.createTrainee();
    await signIn("rol_gest-of", `/trainees/${trainee.id}`);
    await page.getByRole("button", { name: "Supprimer" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page).toHaveURL(/\/trainees$/);
    expect((await api.get(`/api/trainees/${trainee.id}`)).status()).toBe(404);
  });
});
