/**
 * The record lifecycle through the screens (spec part 2 §2, §4, §5, §8; design.md "Record lifecycle"): every transition of the
 * table through 'Mise à jour du statut du dossier de formation' (targets, action labels, confirmation), the hidden entries when no
 * transition or re-push exists, REJECTED with and without its reason, the re-push, 'Erreurs Agora' with the hints of several
 * sources (the AGORA simulator's fixtures: server/agora/simulator/records.ts; the data-quality gate before any push), the message
 * without AGORA's details, and the 409.
 */
import type { Page, Route } from "@playwright/test";
import { COMPLETENESS_MSG } from "../../resources/quality/completeness";
import { AGORA_REMEDY_HINTS, AGORA_SOURCE_HINTS, agoraMessage } from "../../resources/records/agora-errors";
import { recordStatusLabel, type RecordStatus } from "../../resources/records/enums";
import { FINAL_STATUS_NOTE, RECORD_MSG } from "../../resources/records/messages";
import { RECORD_QUALITY_TEXTS } from "../../resources/records/quality-texts";
import { isClosedStatus, RECORD_ACTION_LABELS, RECORD_TRANSITIONS, type RecordTargetStatus } from "../../resources/records/status-transitions";
import type { ApiTrainingRecord } from "./support/api-training-records";
import { expect, test } from "./support/fixtures";
import { openRowMenu, pickOption, search } from "./support/resource-list";

const MSG = {
  title: "Mise à jour du statut du dossier de formation",
  required: "Ce champs est obligatoire",
  statusError: "Une erreur est survenue lors de la mise à jour du statut",
  repush: "Mise à jour Agora",
  repushDone: "Le dossier a été mis à jour avec succès",
  agoraErrors: "Erreurs Agora",
  conflict: "Le dossier a été modifié entre-temps : rechargez la page avant de recommencer",
};

const rowOf = (page: Page, id: string) => page.locator(`tbody tr[data-row-id="${id}"]`);
const statusModal = (page: Page) => page.getByRole("dialog", { name: MSG.title });
const repushModal = (page: Page) => page.getByRole("dialog", { name: MSG.repush });

/** The record's row in the list, its menu opened. */
async function openMenu(page: Page, record: ApiTrainingRecord) {
  await search(page, record.agoraId);
  await expect(rowOf(page, record.id)).toBeVisible();
  await openRowMenu(page, `${record.trainee.lastName} Zoé`);
}

async function openStatusModal(page: Page, record: ApiTrainingRecord) {
  await openMenu(page, record);
  await page.getByRole("menuitem", { name: "Changer le statut" }).click();
  await expect(statusModal(page).getByText(recordStatusLabel(record.status), { exact: true })).toBeVisible();
}

const PAIRS = (Object.entries(RECORD_TRANSITIONS) as [RecordStatus, readonly RecordStatus[]][]).flatMap(([from, targets]) =>
  targets.map((to) => [from, to as RecordTargetStatus] as const),
);

test.describe("changement de statut : chaque transition du tableau", () => {
  for (const [from, to] of PAIRS) {
    test(`${from} → ${to} : « ${RECORD_ACTION_LABELS[to]} », confirmation, nouveau statut`, async ({ page, signIn, api }) => {
      const record = await api.createRecord({ status: from });
      await signIn("rol_gest-of", "/records");
      await openStatusModal(page, record);
      const modal = statusModal(page);
      await expect(modal.getByRole("radio")).toHaveCount(RECORD_TRANSITIONS[from].length);
      for (const target of RECORD_TRANSITIONS[from]) {
        await expect(modal.getByRole("radio", { name: RECORD_ACTION_LABELS[target as RecordTargetStatus], exact: true })).toBeVisible();
      }
      await modal.getByRole("radio", { name: RECORD_ACTION_LABELS[to], exact: true }).check();
      if (to === "REJECTED") await pickOption(page, modal.getByRole("combobox", { name: /Motif de rejet/ }), "Dossier incomplet");
      await modal.getByRole("button", { name: "Continuer" }).click();
      await expect(modal.getByText(`Confirmez-vous l'action « ${RECORD_ACTION_LABELS[to]} » sur ce dossier de formation ?`)).toBeVisible();
      // A status that closes the record says so: nothing can follow it.
      await expect(modal.getByText(FINAL_STATUS_NOTE, { exact: true })).toHaveCount(isClosedStatus(to) ? 1 : 0);
      const answered = page.waitForResponse((res) => res.url().endsWith(`/api/records/${record.id}/status`));
      await modal.getByRole("button", { name: "Confirmer" }).click();
      expect((await answered).status()).toBe(200);
      await expect(modal).toHaveCount(0);
      await expect(rowOf(page, record.id).locator("td").nth(5)).toHaveText(recordStatusLabel(to));
    });
  }
});

test.describe("changement de statut : entrées du menu, rejet, erreurs", () => {
  test("aucune transition (clôturés, rejeté) : pas de « Changer le statut » ; SETUP : pas de « Mise à jour Agora »", async ({ page, signIn, api }) => {
    const closed: RecordStatus[] = ["TERMINATED_FULLY_DONE", "TERMINATED_PARTIALLY_DONE", "TERMINATED_NOT_DONE", "REJECTED"];
    const [setup, ...records] = await Promise.all([api.createRecord(), ...closed.map((status) => api.createRecord({ status }))]);
    await signIn("rol_admin", "/records");
    for (const record of records) {
      await openMenu(page, record);
      await expect(page.getByRole("menuitem", { name: "Mise à jour Agora" })).toBeVisible();
      await expect(page.getByRole("menuitem", { name: "Changer le statut" })).toHaveCount(0);
      await page.keyboard.press("Escape");
    }
    await openMenu(page, setup);
    await expect(page.getByRole("menuitem", { name: "Changer le statut" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Mise à jour Agora" })).toHaveCount(0);
  });

  test("Rejeter sans motif : « Ce champs est obligatoire », rien n'est envoyé ; avec motif : rejeté, motif sur la fiche", async ({ page, signIn, api }) => {
    const record = await api.createRecord({ status: "VALIDATED" });
    await signIn("rol_resp-of", "/records");
    await openStatusModal(page, record);
    const modal = statusModal(page);
    let sent = 0;
    page.on("request", (req) => void (req.url().endsWith("/status") && sent++));
    await modal.getByRole("button", { name: "Continuer" }).click();
    await expect(modal.getByText(MSG.required, { exact: true })).toBeVisible();
    await modal.getByRole("radio", { name: "Rejeter", exact: true }).check();
    await modal.getByRole("button", { name: "Continuer" }).click();
    await expect(modal.getByText(MSG.required, { exact: true })).toBeVisible();
    await expect(modal.getByRole("button", { name: "Confirmer" })).toHaveCount(0);
    expect(sent).toBe(0);

    await pickOption(page, modal.getByRole("combobox", { name: /Motif de rejet/ }), "Formation non éligible");
    await expect(modal.getByText(MSG.required, { exact: true })).toHaveCount(0);
    await modal.getByRole("button", { name: "Continuer" }).click();
    await modal.getByRole("button", { name: "Confirmer" }).click();
    await expect(modal).toHaveCount(0);
    await expect(rowOf(page, record.id).locator("td").nth(5)).toHaveText("Rejeté");
    await page.goto(`/records/${record.id}`);
    await expect(page.locator('[data-label="Motif de rejet"]')).toHaveText("Formation non éligible");
  });

  test("« Mise à jour Agora » : succès « Le dossier a été mis à jour avec succès » et Fermer ; pour un dossier rejeté, son motif proposé, exigé s'il est effacé", async ({ page, signIn, api }) => {
    const [started, rejected] = await Promise.all([api.createRecord({ status: "START_OF_TRAINING" }), api.createRecord({ status: "REJECTED" })]);
    await signIn("rol_gest-of", "/records");
    await openMenu(page, started);
    await page.getByRole("menuitem", { name: MSG.repush }).click();
    const modal = repushModal(page);
    await modal.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(modal.getByText(MSG.repushDone, { exact: true })).toBeVisible();
    await modal.getByRole("button", { name: "Fermer" }).last().click();
    await expect(modal).toHaveCount(0);

    // A rejected record is re-sent with its rejection reason: the one it holds is offered (rejected as « Dossier incomplet »).
    await openMenu(page, rejected);
    await page.getByRole("menuitem", { name: MSG.repush }).click();
    const reason = modal.getByRole("combobox", { name: /Motif de rejet/ });
    await expect(reason).toHaveValue("Dossier incomplet");
    await modal.getByRole("button", { name: "Effacer le motif de rejet" }).click();
    await expect(reason).toHaveValue("");
    // Clearing opens the options: a click beside closes them.
    await modal.getByText("Le dossier sera envoyé de nouveau à Agora dans son statut actuel.").click();
    await modal.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(modal.getByText(MSG.required, { exact: true })).toBeVisible();
    await pickOption(page, reason, "Dossier incomplet");
    const answered = page.waitForResponse((res) => res.url().endsWith(`/api/records/${rejected.id}/reengineering`));
    await modal.getByRole("button", { name: "Mettre à jour" }).click();
    const body = (await answered).request().postDataJSON() as { status: string; options: { reason: string }; version: number };
    expect(body).toEqual({ status: "REJECTED", options: { reason: "IncompleteFile" }, version: rejected.version });
    await expect(modal.getByText(MSG.repushDone, { exact: true })).toBeVisible();
  });
});

/**
 * The 'Erreurs Agora' block of an open modal (or, for the data-quality gate's refusal, 'Contrôles avant envoi à AGORA'): each
 * message with its hint, a link to the page that fixes it when one does (`href`), plain text otherwise.
 */
async function expectAgoraLines(
  dialog: ReturnType<typeof statusModal>,
  lines: { message: string; hint: string; href?: string }[],
  heading: string = MSG.agoraErrors,
) {
  const block = dialog.getByRole("alert").filter({ hasText: heading });
  await expect(block).toBeVisible();
  await expect(block.getByRole("listitem")).toHaveCount(lines.length);
  for (const [index, line] of lines.entries()) {
    const item = block.getByRole("listitem").nth(index);
    await expect(item).toContainText(line.message);
    await expect(item).toContainText(line.hint);
    if (line.href) await expect(item.getByRole("link", { name: line.hint })).toHaveAttribute("href", line.href);
    else await expect(item.getByRole("link")).toHaveCount(0);
  }
}

async function confirmTarget(page: Page, label: string) {
  const modal = statusModal(page);
  await modal.getByRole("radio", { name: label, exact: true }).check();
  await modal.getByRole("button", { name: "Continuer" }).click();
  await modal.getByRole("button", { name: "Confirmer" }).click();
}

test.describe("« Erreurs Agora » et autres échecs", () => {
  test("refus du simulateur : stagiaire (REFUS, 1056) et dossier (SANSDATE, 1027), chacun avec l'indication et le lien de sa source", async ({ page, signIn, api }) => {
    const [refused, noDate] = await Promise.all([
      api.createRecord({ traineeLastName: "REFUS" }),
      api.createRecord({ traineeLastName: "SANSDATE", status: "START_OF_TRAINING" }),
    ]);
    await signIn("rol_admin", "/records");
    await openStatusModal(page, refused);
    await confirmTarget(page, "Valider");
    await expectAgoraLines(statusModal(page), [
      { message: agoraMessage(1056), hint: AGORA_SOURCE_HINTS.trainee, href: `/trainees/${refused.trainee.id}/edit` },
    ]);
    // The refusal changed nothing but the history.
    await page.keyboard.press("Escape");
    await expect(statusModal(page)).toHaveCount(0);
    await expect(rowOf(page, refused.id).locator("td").nth(5)).toHaveText("En cours d'élaboration");

    await openStatusModal(page, noDate);
    await confirmTarget(page, "Sortir de formation");
    await expectAgoraLines(statusModal(page), [
      { message: agoraMessage(1027), hint: AGORA_SOURCE_HINTS.record, href: `/records/${noDate.id}/edit` },
    ]);
    await statusModal(page).getByRole("link", { name: AGORA_SOURCE_HINTS.record }).click();
    await expect(page).toHaveURL(`/records/${noDate.id}/edit`);
  });

  test("refus de la « Mise à jour Agora » (DESYNCHRO, 1024) : l'erreur, pas le succès ; l'indication du support, sans lien vers une page qui ne corrige rien", async ({ page, signIn, api }) => {
    const desync = await api.createRecord({ traineeLastName: "DESYNCHRO", status: "VALIDATED" });
    await signIn("rol_admin", "/records");
    await openMenu(page, desync);
    await page.getByRole("menuitem", { name: MSG.repush }).click();
    await repushModal(page).getByRole("button", { name: "Mettre à jour" }).click();
    await expectAgoraLines(repushModal(page), [
      // Nothing on the record's edit page fixes a status AGORA holds otherwise: the support, with the file number.
      { message: agoraMessage(1024), hint: AGORA_REMEDY_HINTS.support(desync.agoraId) },
    ]);
    await expect(repushModal(page).getByText(MSG.repushDone)).toHaveCount(0);
  });

  test("session, formation et financeurs : une liste de messages, une ligne chacun avec son indication ; réessayer, clos, rien à corriger : sans lien (réponse d'Agora simulée sur le réseau)", async ({ page, signIn, api }) => {
    // The simulator refuses with these sources only at creation (the wizard's screen): here the status answer is replaced.
    const record = await api.createRecord();
    await signIn("rol_admin", "/records");
    const answers = [
      { code: 1015, message: agoraMessage(1015), hint: AGORA_SOURCE_HINTS.session, href: `/sessions/${record.session.id}/edit` },
      { code: 1043, message: [agoraMessage(1043), agoraMessage(1039)], hint: AGORA_SOURCE_HINTS.training_funding, href: `/trainings/${record.session.training.id}/edit?tab=financeurs` },
      { code: 1044, message: agoraMessage(1044), hint: AGORA_SOURCE_HINTS.training, href: `/trainings/${record.session.training.id}/edit` },
      // Codes no page fixes: what to do, without a link.
      { code: 99999, message: agoraMessage(99999), hint: AGORA_REMEDY_HINTS.retry },
      { code: 1047, message: agoraMessage(1047, { months: 12 }), hint: AGORA_REMEDY_HINTS.closed },
      { code: 1029, message: agoraMessage(1029), hint: AGORA_REMEDY_HINTS.status },
    ];
    for (const answer of answers) {
      await page.route(`**/api/records/${record.id}/status`, (route) =>
        route.fulfill({ status: 422, json: { statusCode: 422, message: "Refus", details: { agora: { type: "functional", code: answer.code, message: answer.message } } } }),
      );
      await openStatusModal(page, record);
      await confirmTarget(page, "Valider");
      const messages = Array.isArray(answer.message) ? answer.message : [answer.message];
      await expectAgoraLines(statusModal(page), messages.map((message) => ({ message, hint: answer.hint, ...(answer.href ? { href: answer.href } : {}) })));
      await page.keyboard.press("Escape");
      await expect(statusModal(page)).toHaveCount(0);
      await page.unroute(`**/api/records/${record.id}/status`);
    }
  });

  test("lecture du dossier en échec à l'ouverture : le message de consultation, « n'existe pas » sur 404, et non un chargement sans fin", async ({ page, signIn, api }) => {
    const record = await api.createRecord({ status: "VALIDATED" });
    await signIn("rol_admin", "/records");
    let status = 500;
    await page.route(`**/api/records/${record.id}`, (route) => route.fulfill({ status, json: { statusCode: status, message: "x" } }));
    await openMenu(page, record);
    await page.getByRole("menuitem", { name: "Changer le statut" }).click();
    await expect(statusModal(page).getByRole("alert")).toHaveText(RECORD_MSG.showError);
    await expect(statusModal(page).getByRole("radio")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(statusModal(page)).toHaveCount(0);
    status = 404;
    await openMenu(page, record);
    await page.getByRole("menuitem", { name: MSG.repush }).click();
    await expect(repushModal(page).getByRole("alert")).toHaveText(RECORD_MSG.notFound);
  });

  test("sans détails d'Agora : « Une erreur est survenue lors de la mise à jour du statut » ; 409 : le dossier a changé entre-temps", async ({ page, signIn, api }) => {
    const record = await api.createRecord();
    await signIn("rol_admin", "/records");
    await page.route(`**/api/records/${record.id}/status`, (route) => route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }));
    await openStatusModal(page, record);
    await confirmTarget(page, "Valider");
    await expect(statusModal(page).getByRole("alert").filter({ hasText: MSG.statusError })).toBeVisible();
    await expect(statusModal(page).getByText(MSG.agoraErrors)).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.unroute(`**/api/records/${record.id}/status`);

    // Opened on the version read, then changed by someone else: the confirmation is refused, said in French. The modal's read is
    // held back: a modal showing the copy cached by the first opening would let that read, landing after the change, replace the
    // version the user saw (the change then went through: the race CI once hit).
    const readPath = `/api/records/${record.id}`;
    await page.route(`**${readPath}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fallback();
    });
    const read = page.waitForResponse((response) => new URL(response.url()).pathname === readPath && response.request().method() === "GET");
    await openStatusModal(page, record);
    await api.patch(`/api/records/${record.id}/status`, { status: "VALIDATED" });
    await read;
    const modal = statusModal(page);
    await modal.getByRole("radio", { name: "Rejeter", exact: true }).check();
    await pickOption(page, modal.getByRole("combobox", { name: /Motif de rejet/ }), "Dossier incomplet");
    await modal.getByRole("button", { name: "Continuer" }).click();
    await modal.getByRole("button", { name: "Confirmer" }).click();
    await expect(modal.getByRole("alert").filter({ hasText: MSG.conflict })).toBeVisible();
  });
});

test("contrôle avant envoi (serveur réel) : la formation a perdu son lieu ; sous « Contrôles avant envoi à AGORA », pas « Erreurs Agora » (rien n'a été envoyé), l'indication et le lien de la formation", async ({
  page,
  signIn,
  api,
}) => {
  const record = await api.createRecord();
  type TrainingAnswer = { information: Record<string, unknown> & { educationalOrganization: { id: string }; contractingOrganization: { id: string } }; funders: object[] };
  const training = await api.read<TrainingAnswer>(`/api/trainings/${record.session.training.id}`);
  const { educationalOrganization, contractingOrganization, ...information } = training.information;
  await api.patch(`/api/trainings/${record.session.training.id}`, {
    information: { ...information, address: null, educationalOrganizationId: educationalOrganization.id, contractingOrganizationId: contractingOrganization.id },
    funders: training.funders,
  });
  await signIn("rol_admin", "/records");
  await openStatusModal(page, record);
  await confirmTarget(page, "Valider");
  await expectAgoraLines(
    statusModal(page),
    [{ message: COMPLETENESS_MSG.trainingAddress, hint: AGORA_SOURCE_HINTS.training, href: `/trainings/${record.session.training.id}/edit` }],
    RECORD_QUALITY_TEXTS.title,
  );
  await expect(statusModal(page).getByText(MSG.agoraErrors)).toHaveCount(0);
});

test("« Mise à jour Agora » n'est pas proposée pour un dossier clos depuis plus longtemps que le délai (le serveur le dit : pastClosingLimit)", async ({ page, signIn, api }) => {
  // The limit is the server's (CLOSED_RECORD_MONTHS, API test records-status.test.ts): here its answers say this record is past it.
  const record = await api.createRecord({ status: "TERMINATED_NOT_DONE" });
  const pastLimit = async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { id: string; pastClosingLimit: boolean } | { id: string; pastClosingLimit: boolean }[] };
    for (const item of Array.isArray(body.data) ? body.data : [body.data]) if (item.id === record.id) item.pastClosingLimit = true;
    await route.fulfill({ response, json: body });
  };
  const answers = (url: URL) => url.pathname === "/api/records" || url.pathname === `/api/records/${record.id}`;
  await page.route(answers, pastLimit);
  await signIn("rol_admin", "/records");
  await openMenu(page, record);
  await expect(page.getByRole("menuitem", { name: "Modifier" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: MSG.repush })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.goto(`/records/${record.id}`);
  await expect(page.getByRole("button", { name: "Modifier" })).toBeVisible();
  await expect(page.getByRole("button", { name: MSG.repush })).toHaveCount(0);

  // Within the limit (the server's own answer), it is offered.
  await page.unroute(answers);
  await page.reload();
  await expect(page.getByRole("button", { name: MSG.repush })).toBeVisible();
});
