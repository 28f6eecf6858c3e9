/**
 * The sessions' list (spec part 2 §2 "/sessions", §8, §9; part 1 "Lists"): columns, search on the training's number, market
 * number, name and educational organisation, paging kept in sessions_offset / sessions_limit, the error banner and its retry,
 * the empty text, the detail modal and its messages, and the deletion (not offered for a session that has a training record;
 * refused with the spec's 409 sentence alone when one arrived meanwhile).
 */
import type { Page } from "@playwright/test";
import { HEALTHCARE_SOCIAL_DEVICE } from "../../resources/trainings/enums";
import { uniqueSuffix, type ApiRecords } from "./support/api-records";
import { TRAINING_PLACE } from "./support/api-training-records";
import { expect, test } from "./support/fixtures";
import { closeDialog, counter, expectElevenRowsPagedAndKept, expectEmptyList, expectSearchFailureRetried, listRows, openRowMenu, search } from "./support/resource-list";

/** Messages quoted verbatim from the spec (part 2 §2, §8; part 1 "Lists"). */
const MSG = {
  empty: "Aucune session disponible",
  searchFailed: "Une erreur est survenue lors de la recherche",
  notFound: "La session n'existe pas",
  showFailed: "Une erreur est survenue lors de la consultation de la session",
  deleteFailed: "Une erreur est survenue lors de la suppression",
  deleteConflict: "Suppression impossible ! Cette session est associée à des dossiers de formation et ne peut pas être supprimée.",
};

const rowOf = (page: Page, id: string) => page.locator(`tbody tr[data-row-id="${id}"]`);

/**
 * Two sessions of a fresh training (healthcare-social, FSE, a market number, an educational organisation of its own): the
 * first from 02/02/2026 to 30/04/2026 for 12 trainees, the second with the default dates and no capacity.
 */
async function twoSessions(api: ApiRecords) {
  const organization = await api.createOrganization();
  const marketNumber = `M-E2E-${uniqueSuffix()}`;
  const training = await api.createTraining({ marketNumber, fse: true, device: HEALTHCARE_SOCIAL_DEVICE, educationalOrganizationId: organization.id });
  const first = await api.createSession({ startDate: "2026-02-02", endDate: "2026-04-30", capacity: 12 }, training.id);
  const second = await api.createSession({ capacity: null }, training.id);
  return { organization, marketNumber, training, first, second };
}

test.describe("liste des sessions", () => {
  test("colonnes, Oui/Non, « NC. », recherche par n° de formation, n° de marché, intitulé et organisme", async ({ page, signIn, api }) => {
    const { organization, marketNumber, training, first, second } = await twoSessions(api);
    const { number, name } = training.information;
    await signIn("rol_admin", "/sessions");
    await expect(page.getByRole("heading", { name: "Sessions", level: 1 })).toBeVisible();
    const headers = ["N° de formation", "N° de marché", "Intitulé de la formation", "Organisme de formation", "Début", "Fin"];
    for (const header of [...headers, "Sanitaire et social", "FSE", "Capacité", "Stagiaires", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }

    await search(page, number);
    await expect(listRows(page)).toHaveCount(2);
    await expect(counter(page)).toHaveText("1 - 2 sur 2");
    await expect(rowOf(page, first.id).locator("td")).toHaveText([
      `${number}A01`,
      marketNumber,
      name,
      organization.name,
      "02/02/2026",
      "30/04/2026",
      "Oui",
      "Oui",
      "12",
      "0",
      "",
    ]);
    await expect(rowOf(page, second.id).locator("td").nth(4)).toHaveText("05/01/2026");
    await expect(rowOf(page, second.id).locator("td").nth(5)).toHaveText("20/03/2026");
    await expect(rowOf(page, second.id).locator("td").nth(8)).toHaveText("NC.");

    for (const term of [marketNumber, name, organization.name]) {
      await search(page, term);
      await expect(listRows(page)).toHaveCount(2);
      await expect(rowOf(page, first.id)).toBeVisible();
      await expect(rowOf(page, second.id)).toBeVisible();
    }
  });

  test("pages gardées dans sessions_offset / sessions_limit, même après rechargement", async ({ page, signIn, api }) => {
    const training = await api.createTraining();
    await Promise.all(Array.from({ length: 11 }, () => api.createSession({}, training.id)));
    await signIn("rol_admin", "/sessions");
    await expectElevenRowsPagedAndKept(page, training.information.number, "sessions");
  });

  test("échec du chargement : bannière « … lors de la recherche » et Réessayer ; aucune ligne : « Aucune session disponible »", async ({ page, signIn, api }) => {
    const session = await api.createSession();
    await signIn("rol_admin", "/sessions");
    await expect(listRows(page).first()).toBeVisible();
    await expectSearchFailureRetried(page, session.training.information.number, MSG.searchFailed, rowOf(page, session.id));
    await expectEmptyList(page, `aucune-session-${uniqueSuffix()}`, MSG.empty);
  });

  test("clic sur une ligne : fiche en modale ; « La session n'existe pas » sur 404, message de consultation sinon", async ({ page, signIn, api }) => {
    const { training, first } = await twoSessions(api);
    await signIn("rol_admin", "/sessions");
    await search(page, training.information.number);
    await rowOf(page, first.id).locator("td").nth(2).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(training.information.name).first()).toBeVisible();
    for (const section of ["Formation", "Informations de la session", "Stagiaires (0)", "Bilan", "Documents"]) {
      await expect(dialog.getByRole("region", { name: section, exact: true })).toBeVisible();
    }
    await expect(dialog.locator('[data-label="Date de début"]')).toHaveText("02/02/2026");
    await expect(dialog.locator('[data-label="Capacité"]')).toHaveText("12");
    await expect(dialog.locator('[data-label="Prix global par personne TTC"]')).toHaveText("1 200,00 €");
    await expect(dialog.locator('[data-label="Prix global par personne HT"]')).toHaveText("1 000,00 €");
    await expect(dialog.locator('[data-label="Unité d\'achat"]')).toHaveText("Heure par stagiaire");
    await expect(dialog.locator('[data-label="Nature du coût pédagogique"]')).toHaveText("Coût réel");
    await expect(dialog.locator('[data-label="FSE"]')).toHaveText("Oui");
    await expect(dialog.getByText("Aucun stagiaire inscrit à cette session")).toBeVisible();
    await expect(dialog.locator('[data-label="État du bilan"]')).toHaveText("Non validé");
    await expect(dialog.locator('[data-label="Validé par"]')).toHaveText("NC.");
    await expect(dialog.getByText("Aucun document")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Voir la fiche complète" })).toHaveAttribute("href", `/sessions/${first.id}`);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    for (const [status, message] of [[404, MSG.notFound], [500, MSG.showFailed]] as const) {
      await page.route(`**/api/sessions/${first.id}`, (route) =>
        route.request().method() === "GET" ? route.fulfill({ status, json: { statusCode: status, message: "x" } }) : route.fallback(),
      );
      await rowOf(page, first.id).locator("td").nth(2).click();
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
      // Its button: the record shown before (cached) held the focus in a link the failure removed, so Escape reaches no modal.
      await closeDialog(page);
      await page.unroute(`**/api/sessions/${first.id}`);
    }
  });

  test("ouvrir dans un nouvel onglet, modifier, supprimer : question aux dates de la session, puis suppression", async ({ page, context, signIn, api }) => {
    const { training, first, second } = await twoSessions(api);
    const { number, name } = training.information;
    await signIn("rol_resp-cdc", "/sessions");
    await search(page, number);
    const label = `${number} ${name} du 02/02/2026 au 30/04/2026`;

    await openRowMenu(page, label);
    const [popup] = await Promise.all([context.waitForEvent("page"), page.getByRole("menuitem", { name: "Ouvrir dans un nouvel onglet" }).click()]);
    await expect(popup).toHaveURL(new RegExp(`/sessions/${first.id}$`));
    await popup.close();
    await openRowMenu(page, label);
    await page.getByRole("menuitem", { name: "Modifier" }).click();
    await expect(page).toHaveURL(new RegExp(`/sessions/${first.id}/edit$`));
    await page.goBack();
    await search(page, number);

    await openRowMenu(page, label);
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Voulez-vous vraiment supprimer la session ${name} du 02/02/2026 au 30/04/2026 ?`);
    const deleted = page.waitForResponse((res) => res.url().endsWith(`/api/sessions/${first.id}`) && res.request().method() === "DELETE");
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    expect((await deleted).status()).toBe(204);
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, first.id)).toHaveCount(0);
    await expect(rowOf(page, second.id)).toBeVisible();
    expect((await api.get(`/api/sessions/${first.id}`)).status()).toBe(404);
  });

  test("une session avec des dossiers : pas de « Supprimer » ; un dossier créé pendant la confirmation : la phrase de la spécification seule (409), la session reste", async ({
    page,
    signIn,
    api,
  }) => {
    // A session with a training record: the server would refuse its deletion, so neither the list nor the page offers it.
    const { session: withRecord } = await api.createRecord();
    await signIn("rol_admin", "/sessions");
    await search(page, withRecord.training.number);
    await openRowMenu(page, withRecord.training.number);
    await expect(page.getByRole("menuitem", { name: "Modifier" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Supprimer" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.goto(`/sessions/${withRecord.id}`);
    await expect(page.getByRole("button", { name: "Modifier" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Supprimer" })).toHaveCount(0);

    // Empty when the list was read, a record enrolled in it while the question is open: the API refuses (409).
    // Its training has a place: the data-quality gate lets the record through.
    const session = await api.createSession({}, (await api.createTraining({ address: TRAINING_PLACE })).id);
    const { number } = session.training.information;
    await page.goto("/sessions");
    await search(page, number);
    await openRowMenu(page, number);
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    const dialog = page.getByRole("dialog");
    await api.createRecord({ sessionId: session.id });
    const refused = page.waitForResponse((res) => res.url().endsWith(`/api/sessions/${session.id}`) && res.request().method() === "DELETE");
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    expect((await refused).status()).toBe(409);
    await expect(dialog.getByRole("alert")).toHaveText(MSG.deleteConflict);
    await expect(dialog.getByText(MSG.deleteFailed)).toHaveCount(0);
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, session.id)).toBeVisible();
    expect((await api.get(`/api/sessions/${session.id}`)).status()).toBe(200);
  });
});
