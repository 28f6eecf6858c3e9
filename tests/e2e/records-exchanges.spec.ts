/**
 * The record page's exchanges with AGORA (issue 23): a status change AGORA does not answer in time (the simulator's MUET fixture;
 * AGORA_TIMEOUT_MS is 2 s for end-to-end runs) says « AGORA ne répond pas ; l'envoi sera confirmé automatiquement », the record
 * shows « Envoi à AGORA en cours » and refuses another change meanwhile; the server's reconciliation then applies AGORA's answer.
 */
import { RECORD_ACTION_LABELS } from "../../resources/records/status-transitions";
import { consistentNir, TRAINING_PLACE } from "./support/api-training-records";
import { apiHeaders } from "./support/auth";
import { expect, test } from "./support/fixtures";

test("une réponse d'AGORA qui ne vient pas : « Envoi à AGORA en cours », puis confirmée par la réconciliation", async ({ page, signIn, api, request }) => {
  const headers = await apiHeaders(request, "rol_admin");
  // A training with its place: the data-quality gate lets its records through to AGORA.
  const session = await api.createSession({}, (await api.createTraining({ fse: false, address: TRAINING_PLACE })).id);
  const trainee = await api.createTrainee("Muet", consistentNir());
  // The creation itself goes unanswered: 202, then the record appears once reconciled.
  const created = await request.post("/api/records", { headers, data: { traineeId: trainee.id, sessionId: session.id } });
  expect(created.status()).toBe(202);
  let recordId = "";
  await expect
    .poll(
      async () => {
        const found = (await (await request.get(`/api/records?search=${trainee.lastName}&limit=100`, { headers })).json()) as { data: { id: string; trainee: { id: string } }[] };
        recordId = found.data.find((r) => r.trainee.id === trainee.id)?.id ?? "";
        return recordId;
      },
      { timeout: 30_000 },
    )
    .not.toBe("");

  await signIn("rol_gest-of", `/records/${recordId}`);
  await expect(page.getByRole("table", { name: "Échanges avec AGORA" }).locator("tbody tr")).toHaveCount(1);
  await page.getByRole("button", { name: "Changer le statut" }).click();
  const modal = page.getByRole("dialog", { name: "Mise à jour du statut du dossier de formation" });
  await modal.getByRole("radio", { name: RECORD_ACTION_LABELS.VALIDATED, exact: true }).check();
  await modal.getByRole("button", { name: "Continuer" }).click();
  const answered = page.waitForResponse((res) => res.url().endsWith(`/api/records/${recordId}/status`));
  await modal.getByRole("button", { name: "Confirmer" }).click();
  expect((await answered).status()).toBe(202);
  await expect(page.getByText("AGORA ne répond pas ; l'envoi sera confirmé automatiquement").first()).toBeVisible();
  await expect(page.getByTestId("exchange-pending")).toContainText("Envoi à AGORA en cours");
  const exchanges = page.getByRole("table", { name: "Échanges avec AGORA" });
  await expect(exchanges.locator("tbody tr").first()).toHaveAttribute("data-exchange-state", "pending");
  await expect(exchanges.locator("tbody tr").first()).toContainText("Envoi à AGORA en cours");

  // Meanwhile the modal says so instead of sending another change.
  await page.getByRole("button", { name: "Changer le statut" }).click();
  await expect(modal.getByTestId("exchange-pending")).toBeVisible();
  await modal.getByRole("button", { name: "Fermer", exact: true }).last().click();

  // Reconciled by the server (it asks AGORA what it answered): the validation is applied and in the history.
  await expect
    .poll(
      async () => {
        await page.reload();
        return exchanges.locator("tbody tr").first().getAttribute("data-exchange-state");
      },
      { timeout: 30_000 },
    )
    .toBe("accepted");
  await expect(exchanges.locator("tbody tr").first()).toContainText("Accepté par AGORA");
  await expect(page.getByTestId("exchange-pending")).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Historique" }).locator('tr[data-event-kind="STATUS"]')).toContainText("Validé");
});
