/**
 * The record page's 'Contrôles avant envoi à AGORA' (issue 15): every check the next push would fail, with its level (blocking
 * or warning), its French message and the hint linking to the page to fix it; the empty state once all pass. The trainee's NIR
 * is made inconsistent after the record exists (a blocking failure would have stopped its creation).
 */
import type { APIRequestContext } from "@playwright/test";
import { NIR_MSG } from "../../resources/quality/nir";
import { AGORA_SOURCE_HINTS } from "../../resources/records/agora-errors";
import { RECORD_MSG } from "../../resources/records/messages";
import { RECORD_QUALITY_TEXTS } from "../../resources/records/quality-texts";
import { apiHeaders } from "./support/auth";
import { expect, test } from "./support/fixtures";

async function patchTrainee(request: APIRequestContext, id: string, changes: Record<string, unknown>) {
  const headers = await apiHeaders(request, "rol_admin");
  const current = (await (await request.get(`/api/trainees/${id}`, { headers })).json()) as { data: Record<string, unknown> };
  const { firstName, lastName, birthName, email, phoneNumber, gender, birthDate, address, department, situation, bornInFrance } = current.data;
  const body = { firstName, lastName, birthName, email, phoneNumber, gender, birthDate, address, department, situation, bornInFrance, ...changes };
  const res = await request.patch(`/api/trainees/${id}`, { headers, data: body });
  expect(res.status(), await res.text()).toBe(200);
}

test("contrôles avant envoi : avertissement, point bloquant avec son lien, puis aucun point", async ({ page, signIn, api, request }) => {
  // Zoé, born in May 1990 in Lyon 3e (INSEE 69383), an order number unique within the run.
  const ssn = `2900569383${String(Date.now()).slice(-3)}`;
  const record = await api.createRecord({ ssn, startDate: "2027-09-06", endDate: "2027-12-17" });
  const traineeId = record.trainee.id;
  const block = page.getByRole("region", { name: RECORD_QUALITY_TEXTS.title });
  const lines = block.getByRole("listitem");
  const blockingAlert = page.getByRole("alert").filter({ hasText: "Dossier bloquant" });

  // Zoé's NIR says born in France (69), the form did not tick it: a warning only.
  await signIn("rol_gest-of", `/records/${record.id}`);
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toHaveAttribute("data-level", "warning");
  await expect(lines.first()).toContainText(RECORD_QUALITY_TEXTS.warning);
  await expect(lines.first()).toContainText(NIR_MSG.bornInFrance);
  await expect(lines.first().getByRole("link", { name: AGORA_SOURCE_HINTS.trainee })).toHaveAttribute("href", `/trainees/${traineeId}/edit`);
  await expect(block.getByText(RECORD_QUALITY_TEXTS.blockingNote)).toHaveCount(0);
  await expect(blockingAlert).toHaveCount(0);

  // Recorded as a man while the NIR's first digit (2) says a woman: blocking, listed first.
  await patchTrainee(request, traineeId, { gender: "MALE" });
  await page.reload();
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toHaveAttribute("data-level", "blocking");
  await expect(lines.nth(0)).toContainText(RECORD_QUALITY_TEXTS.blocking);
  await expect(lines.nth(0)).toContainText(NIR_MSG.sexGender);
  await expect(lines.nth(0).getByRole("link", { name: AGORA_SOURCE_HINTS.trainee })).toHaveAttribute("href", `/trainees/${traineeId}/edit`);
  await expect(lines.nth(1)).toHaveAttribute("data-level", "warning");
  await expect(block.getByText(RECORD_QUALITY_TEXTS.blockingNote)).toBeVisible();
  // A blocking check makes the record a "dossier bloquant", as the list's filter says too.
  await expect(blockingAlert).toContainText(RECORD_MSG.blockingQuality);
  await lines.nth(0).getByRole("link", { name: AGORA_SOURCE_HINTS.trainee }).click();
  await expect(page).toHaveURL(new RegExp(`/trainees/${traineeId}/edit$`));

  // Fixed: the empty state.
  await patchTrainee(request, traineeId, { gender: "FEMALE", bornInFrance: true });
  await page.goto(`/records/${record.id}`);
  await expect(block.getByText(RECORD_QUALITY_TEXTS.allPassed)).toBeVisible();
  await expect(lines).toHaveCount(0);
  await expect(blockingAlert).toHaveCount(0);
});

test("contrôles avant envoi : l'échec du chargement est dit en français", async ({ page, signIn, api }) => {
  const record = await api.createRecord();
  await page.route(`**/api/records/${record.id}/quality`, (route) => route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }));
  await signIn("rol_admin", `/records/${record.id}`);
  await expect(page.getByRole("region", { name: RECORD_QUALITY_TEXTS.title }).getByRole("alert")).toContainText(RECORD_QUALITY_TEXTS.loadError);
});
