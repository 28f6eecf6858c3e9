/**
 * A trainee's detail page (spec part 1 "Trainees"): the records card and its dates, unknown ids, load failures, and the
 * deletion from the page.
 */
import type { Page } from "@playwright/test";
import type { ApiRecords } from "./support/api-records";
import type { ApiTrainingRecord } from "./support/api-training-records";
import { expect, test } from "./support/fixtures";

/** The information PATCH of a healthcare-social training's record with these real dates (the other answers are required). */
const informationWith = (realStartDate: string, realEndDate: string) => ({
  realStartDate,
  realEndDate,
  employmentObligation: "NO",
  studyLevel: "LEVEL_4",
  professionalSituation: "Looking",
  jobStatus: "UnknownStatus",
});

/** New dates for the record's session, made after the record: its planned dates stay the session's former ones. */
async function moveSession(api: ApiRecords, record: ApiTrainingRecord, startDate: string, endDate: string) {
  const { information } = await api.read<{ information: object }>(`/api/sessions/${record.session.id}`);
  await api.patch(`/api/sessions/${record.session.id}`, { information: { ...information, startDate, endDate } });
}

/** The trainee's page shows exactly one card (a trainee has one record at most): its record's link, period and status. */
async function expectCard(page: Page, record: ApiTrainingRecord, period: string, status: string) {
  await page.goto(`/trainees/${record.trainee.id}`);
  await expect(page.getByRole("heading", { name: `${record.trainee.lastName} Zoé` })).toBeVisible();
  const card = page.getByTestId("trainee-record");
  await expect(card).toHaveCount(1);
  const link = card.getByRole("link");
  await expect(link).toHaveText(record.session.training.name);
  await expect(link).toHaveAttribute("href", `/records/${record.id}`);
  await expect(card.getByText(/^(Du |Aucune date)/)).toHaveText(period);
  await expect(card.getByText(status, { exact: true })).toBeVisible();
  return link;
}

/**
 * Nulls dates of the trainee's record in the API's answer. Real data cannot lack them: a record's planned dates are its
 * session's at creation (NOT NULL, server/repositories/record-writes.ts) and a session always has both dates, so the card's
 * last two cases (the session's dates, then none) exist only in such an answer.
 */
async function withoutDates(page: Page, record: ApiTrainingRecord, fields: readonly string[]) {
  await page.route(`**/api/trainees/${record.trainee.id}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { records: Record<string, unknown>[] } };
    for (const answered of body.data.records) for (const field of fields) answered[field] = null;
    await route.fulfill({ response, json: body });
  });
}

test.describe("fiche d'un stagiaire", () => {
  test("carte des dossiers : lien, statut et dates (réelles, sinon prévues, sinon de session, sinon aucune)", async ({ page, signIn, api }) => {
    // One trainee per case (a record each), on healthcare-social trainings: the only ones in gest-cdcss's scope.
    const [started, validated, setUp, rejected] = await Promise.all(
      (["START_OF_TRAINING", "VALIDATED", "SETUP", "REJECTED"] as const).map((status) => api.createRecord({ status, healthcareSocial: true })),
    );
    // Real dates entered on the record: they win over the planned and session ones.
    await api.patch(`/api/records/${started.id}`, { information: informationWith("2026-01-07", "2026-03-13"), version: started.version });
    // Sessions moved since: the planned dates (05/01/2026 to 20/03/2026) win over the session's; without them, the session's show.
    await moveSession(api, validated, "2026-02-02", "2026-04-30");
    await moveSession(api, setUp, "2026-03-02", "2026-06-26");
    await withoutDates(page, setUp, ["plannedStartDate", "plannedEndDate"]);
    await withoutDates(page, rejected, ["realStartDate", "realEndDate", "plannedStartDate", "plannedEndDate", "startDateSession", "endDateSession"]);
    await signIn("rol_gest-cdcss");

    await expectCard(page, started, "Du 07/01/2026 au 13/03/2026", "Entrée en formation");
    await expectCard(page, validated, "Du 05/01/2026 au 20/03/2026", "Validé");
    await expectCard(page, setUp, "Du 02/03/2026 au 26/06/2026", "En cours d'élaboration");
    const link = await expectCard(page, rejected, "Aucune date disponible", "Rejeté");
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/records/${rejected.id}$`));
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
