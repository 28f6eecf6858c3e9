/**
 * /records/{rid} (spec part 2 §2; design.md "Record lifecycle"): the trainee, the session and training, the status, the planned /
 * real / session dates, the rejection reason (REJECTED) or the exit reason, why the record is blocking, and the history of its status
 * changes and AGORA exchanges (who, when, what, from → to, the answer); the status change from the page; the not-found page.
 */
import type { Page } from "@playwright/test";
import { AGORA_SOURCE_HINTS, agoraMessage } from "../../resources/records/agora-errors";
import { RECORD_MSG } from "../../resources/records/messages";
import { apiHeaders } from "./support/auth";
import { expect, test } from "./support/fixtures";

const value = (page: Page, label: string) => page.locator(`[data-label="${label}"]`);
const historyRows = (page: Page) => page.getByRole("table", { name: "Historique" }).locator("tbody tr");

test.describe("fiche d'un dossier de formation", () => {
  test("stagiaire, session, statut, dates, motif de sortie, blocage et historique", async ({ page, signIn, api }) => {
    const record = await api.createRecord({ status: "START_OF_TRAINING", startDate: "2026-02-02", endDate: "2026-04-30" });
    const { trainee, session } = record;
    await signIn("rol_resp-cdc", `/records/${record.id}`);
    await expect(page.getByRole("heading", { name: `${trainee.lastName} Zoé`, level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Dossiers de formation" }).last()).toHaveAttribute("href", "/records");

    await expect(value(page, "N° de dossier")).toHaveText(record.agoraId);
    await expect(value(page, "Statut")).toHaveText("Entrée en formation");
    await expect(value(page, "Dates prévues")).toHaveText("du 02/02/2026 au 30/04/2026");
    await expect(value(page, "Dates réelles")).toHaveText(/^(NC\.|du \d{2}\/\d{2}\/\d{4} au \d{2}\/\d{2}\/\d{4})$/);
    await expect(value(page, "Dates de la session")).toHaveText("du 02/02/2026 au 30/04/2026");
    await expect(value(page, "Motif de sortie")).toHaveText("NC.");
    await expect(value(page, "Motif de rejet")).toHaveCount(0);
    await expect(value(page, "Nom")).toHaveText(`${trainee.lastName} Zoé`);
    await expect(value(page, "Date de naissance")).toHaveText("17/05/1990");
    await expect(value(page, "NIR")).toHaveText(trainee.ssn);
    await expect(value(page, "Formation")).toHaveText(session.training.name);
    await expect(value(page, "N° de formation")).toHaveText(session.training.number);
    await expect(value(page, "Période de la session")).toHaveText("du 02/02/2026 au 30/04/2026");
    await expect(page.getByRole("link", { name: "Voir le stagiaire" })).toHaveAttribute("href", `/trainees/${trainee.id}`);
    await expect(page.getByRole("link", { name: "Voir la session" })).toHaveAttribute("href", `/sessions/${session.id}`);

    // The session ended more than 3 working days ago and the record is still in training.
    const blocking = page.getByRole("alert").filter({ hasText: "Dossier bloquant" });
    await expect(blocking).toContainText(RECORD_MSG.blockingNotEnded);

    // Most recent first: who (the administrator who made it), when, what, from → to, the result and AGORA's answer.
    const accepted = (status: string) => `Accepté : dossier ${record.agoraId}, statut « ${status} »`;
    const expected = [
      ["Changement de statut", "Validé → Entrée en formation", "Réussi", accepted("Entrée en formation")],
      ["Changement de statut", "En cours d'élaboration → Validé", "Réussi", accepted("Validé")],
      ["Envoi à Agora", "NC. → En cours d'élaboration", "Réussi", accepted("En cours d'élaboration")],
      ["Création du dossier", "NC. → En cours d'élaboration", "Réussi", "NC."],
    ];
    await expect(historyRows(page)).toHaveCount(expected.length);
    for (const [index, cells] of expected.entries()) {
      const row = historyRows(page).nth(index);
      await expect(row.locator("td").nth(0)).toHaveText(/^\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}:\d{2}$/);
      await expect(row.locator("td").nth(1)).toHaveText("Hélène LEFÈVRE");
      await expect(row.locator("td").nth(2)).toHaveText(cells[0]!);
      await expect(row.locator("td").nth(3)).toHaveText(cells[1]!);
      await expect(row.locator("td").nth(4)).toHaveText(cells[2]!);
      await expect(row.locator("td").nth(5)).toHaveText(cells[3]!);
    }
    await page.screenshot({ path: "/tmp/records-show.png", fullPage: true });
  });

  test("dossier rejeté : motif de rejet, pas de motif de sortie ; aucune action de statut", async ({ page, signIn, api }) => {
    const record = await api.createRecord({ status: "REJECTED" });
    await signIn("rol_admin", `/records/${record.id}`);
    await expect(value(page, "Statut")).toHaveText("Rejeté");
    await expect(value(page, "Motif de rejet")).toHaveText("Dossier incomplet");
    await expect(value(page, "Date de rejet")).toHaveText(/^\d{2}\/\d{2}\/\d{4} - /);
    await expect(value(page, "Motif de sortie")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Changer le statut" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Mise à jour Agora" })).toBeVisible();
  });

  test("un échange refusé : dans l'historique avec sa réponse et son lien, et le dossier devient bloquant", async ({ page, signIn, api, request }) => {
    const record = await api.createRecord({ traineeLastName: "REFUS", startDate: "2027-09-06", endDate: "2027-12-17" });
    const res = await request.patch(`/api/records/${record.id}/status`, { headers: await apiHeaders(request, "rol_admin"), data: { status: "VALIDATED" } });
    expect(res.status()).toBe(422);
    await signIn("rol_gest-of", `/records/${record.id}`);
    await expect(value(page, "Statut")).toHaveText("En cours d'élaboration");
    const refused = historyRows(page).filter({ hasText: "Refusé" });
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText(agoraMessage(1056));
    await expect(refused.getByRole("link", { name: AGORA_SOURCE_HINTS.trainee })).toHaveAttribute("href", `/trainees/${record.trainee.id}/edit`);
    await expect(page.getByRole("alert").filter({ hasText: "Dossier bloquant" })).toContainText(RECORD_MSG.blockingLastExchangeFailed);
  });

  test("changer le statut depuis la fiche ; la fiche se met à jour", async ({ page, signIn, api }) => {
    const record = await api.createRecord({ startDate: "2027-09-06", endDate: "2027-12-17" });
    await signIn("rol_gest-of", `/records/${record.id}`);
    await expect(page.getByRole("alert").filter({ hasText: "Dossier bloquant" })).toHaveCount(0);
    await page.getByRole("button", { name: "Changer le statut" }).click();
    const modal = page.getByRole("dialog", { name: "Mise à jour du statut du dossier de formation" });
    await modal.getByRole("radio", { name: "Valider", exact: true }).check();
    await modal.getByRole("button", { name: "Continuer" }).click();
    await modal.getByRole("button", { name: "Confirmer" }).click();
    await expect(modal).toHaveCount(0);
    await expect(value(page, "Statut")).toHaveText("Validé");
    await expect(historyRows(page)).toHaveCount(3);
    await expect(historyRows(page).first().locator("td").nth(3)).toHaveText("En cours d'élaboration → Validé");
  });

  test("dossier inconnu : page introuvable", async ({ page, signIn }) => {
    await signIn("rol_admin", `/records/${"0".repeat(32)}`);
    await expect(page.getByRole("heading", { name: "Cette page est introuvable." })).toBeVisible();
  });
});
