/**
 * No dead ends around a record (issue 28 item 9): the detail modal shows the 'Contrôles avant envoi à AGORA' its blocking reason
 * points to; the FSE screen of a training without FSE leads back to the record; 'Remplir le bilan' is on the record page too;
 * the trainees of a session's 'Stagiaires' table open their record.
 */
import type { APIRequestContext } from "@playwright/test";
import { FSE_MSG } from "../../resources/fse/messages";
import { NIR_MSG } from "../../resources/quality/nir";
import { RECORD_MSG } from "../../resources/records/messages";
import { RECORD_QUALITY_TEXTS } from "../../resources/records/quality-texts";
import { apiHeaders } from "./support/auth";
import { audit } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { search } from "./support/resource-list";

/** The trainee recorded as a man while the NIR's first digit (2) says a woman: a blocking check before any push. */
async function makeTraineeMale(request: APIRequestContext, id: string) {
  const headers = await apiHeaders(request, "rol_admin");
  const current = (await (await request.get(`/api/trainees/${id}`, { headers })).json()) as { data: Record<string, unknown> };
  const { firstName, lastName, birthName, email, phoneNumber, birthDate, address, department, situation, bornInFrance } = current.data;
  const body = { firstName, lastName, birthName, email, phoneNumber, birthDate, address, department, situation, bornInFrance, gender: "MALE" };
  const res = await request.patch(`/api/trainees/${id}`, { headers, data: body });
  expect(res.status(), await res.text()).toBe(200);
}

test("la fiche en modale montre les « Contrôles avant envoi à AGORA » dont parle son motif de blocage", async ({ page, signIn, api, request }) => {
  const record = await api.createRecord({ startDate: "2027-09-06", endDate: "2027-12-17" });
  await makeTraineeMale(request, record.trainee.id);
  await signIn("rol_gest-of", "/records");
  await search(page, record.agoraId);
  await page.locator(`tbody tr[data-row-id="${record.id}"]`).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("alert").filter({ hasText: "Dossier bloquant" })).toContainText(RECORD_MSG.blockingQuality);
  const checks = dialog.getByRole("region", { name: RECORD_QUALITY_TEXTS.title });
  await expect(checks.getByRole("listitem").first()).toContainText(NIR_MSG.sexGender);
  await expect(checks.getByRole("listitem").first()).toHaveAttribute("data-level", "blocking");
  await audit(page, "fiche d'un dossier en modale, avec ses contrôles avant envoi");
});

test("« Remplir le bilan » sur la fiche du dossier, pour les rôles qui le remplissent", async ({ page, signIn, api }) => {
  const record = await api.createRecord({ status: "START_OF_TRAINING", healthcareSocial: true });
  await signIn("rol_gest-of", `/records/${record.id}`);
  const fillBilan = page.getByRole("link", { name: "Remplir le bilan" });
  await expect(fillBilan).toHaveAttribute("href", `/records/${record.id}/bilan`);
  await audit(page, "fiche d'un dossier avec « Remplir le bilan »");
  await fillBilan.click();
  await expect(page).toHaveURL(`/records/${record.id}/bilan`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bilan de stage du dossier de formation");

  await signIn("rol_resp-cdc", `/records/${record.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Remplir le bilan" })).toHaveCount(0);
});

test("le questionnaire FSE d'une formation sans FSE ramène au dossier", async ({ page, signIn, api }) => {
  const record = await api.createRecord({ fse: false });
  await signIn("rol_admin", `/records/${record.id}/fse`);
  await expect(page.getByText(FSE_MSG.trainingWithoutFse)).toBeVisible();
  await audit(page, "questionnaire FSE d'une formation sans FSE");
  await page.getByRole("link", { name: "Retour au dossier de formation" }).click();
  await expect(page).toHaveURL(`/records/${record.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${record.trainee.lastName} Zoé`);
});

test("les stagiaires d'une session ouvrent leur dossier de formation", async ({ page, signIn, api }) => {
  const first = await api.createRecord();
  const second = await api.createRecord({ sessionId: first.session.id });
  await signIn("rol_resp-cdc", `/sessions/${first.session.id}`);
  const table = page.getByRole("table", { name: "Stagiaires (2)" });
  for (const record of [first, second]) {
    await expect(table.getByRole("link", { name: `${record.trainee.lastName} Zoé`, exact: true })).toHaveAttribute("href", `/records/${record.id}`);
  }
  await audit(page, "détail d'une session, stagiaires avec le lien de leur dossier");
  await table.getByRole("link", { name: `${second.trainee.lastName} Zoé`, exact: true }).click();
  await expect(page).toHaveURL(`/records/${second.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${second.trainee.lastName} Zoé`);
});
