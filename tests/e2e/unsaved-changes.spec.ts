/**
 * Never lose typed input (issue 28 item 4, design.md "UI conventions"): each FSE tab keeps its answers while another tab is
 * shown, until saved or left; a changed form asks « Quitter sans enregistrer ? » before an in-app navigation (« Annuler », the
 * menu) and the browser asks before the tab is closed (beforeunload); an unchanged form leaves at once; Escape in a date picker
 * of the « Export FSE » window closes the calendar, not the window.
 */
import type { Page } from "@playwright/test";
import { audit } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { answer, createSurvey, fillRequired, nextSave, Q, question, SPEC } from "./support/fse";
import { field } from "./support/resource-list";

const LEAVE = "Quitter sans enregistrer ?";
const leaveDialog = (page: Page) => page.getByRole("dialog", { name: LEAVE });
const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const checked = (page: Page, label: string, yes: boolean) => question(page, label).getByRole("radio", { name: yes ? "Oui" : "Non", exact: true });

test("FSE : les réponses d'un onglet restent quand on passe à un autre et qu'on revient, jusqu'à l'enregistrement ou l'abandon", async ({ page, signIn, api, request }) => {
  const record = await api.createRecord({ fse: true, status: "START_OF_TRAINING" });
  // The entry survey exists (French: yes), so the exit tab is open.
  await createSurvey(request, record.id, "INPUT");
  await signIn("rol_gest-of", `/records/${record.id}/fse`);
  await expect(checked(page, Q.frenchNationality, true)).toBeChecked();
  await answer(page, Q.frenchNationality, false);

  await tab(page, SPEC.tabOutput).click();
  await expect(tab(page, SPEC.tabOutput)).toHaveAttribute("aria-selected", "true");
  await expect(checked(page, Q.frenchNationality, false)).toBeChecked();
  await answer(page, Q.frenchNationality, true);
  await fillRequired(page);

  await tab(page, SPEC.tabInput).click();
  await expect(checked(page, Q.frenchNationality, false)).toBeChecked();
  await tab(page, SPEC.tabOutput).click();
  await expect(checked(page, Q.frenchNationality, true)).toBeChecked();
  await expect(field(page, Q.homeless)).toHaveValue("Non");

  // « Annuler » with answers not saved: asked; « Rester sur la page » keeps everything.
  await page.getByRole("button", { name: "Annuler" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await audit(page, "questionnaire FSE, « Quitter sans enregistrer ? »");
  await leaveDialog(page).getByRole("button", { name: "Rester sur la page" }).click();
  await expect(leaveDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/records/${record.id}/fse`));
  await expect(checked(page, Q.frenchNationality, true)).toBeChecked();

  // The exit survey saved; the entry tab's answers are still unsaved, so leaving asks once more.
  const saved = nextSave(page, "POST");
  await page.getByRole("button", { name: "Sauvegarder" }).click();
  expect(((await saved).postDataJSON() as { information: { period: string; frenchNationality: boolean } }).information).toMatchObject({
    period: "OUTPUT",
    frenchNationality: true,
  });
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole("button", { name: "Quitter sans enregistrer" }).click();
  await expect(page).toHaveURL(new RegExp(`/records/${record.id}$`));
  const surveys = await api.read<{ period: string; information: { frenchNationality: boolean } }[]>(`/api/recordFse/${record.id}`);
  expect(surveys.find((survey) => survey.period === "INPUT")?.information.frenchNationality).toBe(true);
  expect(surveys.find((survey) => survey.period === "OUTPUT")?.information.frenchNationality).toBe(true);
});

test("FSE : un onglet enregistré sans autre réponse en attente revient au dossier sans question", async ({ page, signIn, api }) => {
  const record = await api.createRecord({ fse: true });
  await signIn("rol_gest-of", `/records/${record.id}/fse`);
  await answer(page, Q.frenchNationality, true);
  await fillRequired(page);
  await page.getByRole("button", { name: "Sauvegarder" }).click();
  await expect(page).toHaveURL(new RegExp(`/records/${record.id}$`));
  await expect(leaveDialog(page)).toHaveCount(0);
});

const FORMS = [
  { name: "entrée et sortie d'un dossier", path: (ids: Ids) => `/records/${ids.record}/edit`, change: (page: Page) => fillDate(page, "Date réelle d'entrée en formation", "07/01/2026") },
  { name: "bilan du stage", path: (ids: Ids) => `/records/${ids.record}/bilan`, change: (page: Page) => field(page, "Nom de l'entreprise").fill("Boulangerie Martin") },
  { name: "session", path: (ids: Ids) => `/sessions/${ids.session}/edit`, change: (page: Page) => field(page, "Capacité").fill("9") },
] as const;
interface Ids {
  record: string;
  session: string;
}

async function fillDate(page: Page, label: string, value: string) {
  await field(page, label).fill(value);
  await field(page, label).blur();
}

for (const form of FORMS) {
  test(`${form.name} : modifié, « Annuler » et le menu demandent « ${LEAVE} », la fermeture de l'onglet aussi ; inchangé, on part sans question`, async ({
    page,
    signIn,
    api,
  }) => {
    const record = await api.createRecord({ status: "START_OF_TRAINING", healthcareSocial: true });
    const ids = { record: record.id, session: record.session.id };
    await signIn("rol_admin", form.path(ids));
    await expect(page.getByRole("button", { name: "Sauvegarder" })).toBeVisible();
    // Unchanged: « Annuler » leaves at once.
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page).not.toHaveURL(form.path(ids));
    await expect(leaveDialog(page)).toHaveCount(0);

    await page.goto(form.path(ids));
    await form.change(page);
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole("button", { name: "Rester sur la page" }).click();
    await expect(page).toHaveURL(form.path(ids));

    // The browser's own question on closing the tab: dismissed, the page stays.
    const asked = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
    await expect(page.getByRole("button", { name: "Sauvegarder" })).toBeVisible();

    // Another page from the menu: asked; « Quitter sans enregistrer » goes.
    await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Formations" }).click();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole("button", { name: "Quitter sans enregistrer" }).click();
    await expect(page).toHaveURL(/\/trainings$/);
  });
}

test("« Export FSE » : Échap dans un calendrier ferme le calendrier, pas la fenêtre", async ({ page, signIn }) => {
  await signIn("rol_admin", "/records");
  await page.getByRole("button", { name: "Export FSE" }).click();
  const exportDialog = page.getByRole("dialog", { name: "Export FSE" });
  await expect(exportDialog).toBeVisible();
  const start = field(exportDialog, "Mis à jour à partir du");
  await start.click();
  // The calendar opens in a portal (a dialog's edges would cut it), inside the page's main landmark.
  const calendar = page.locator("[data-dates-dropdown]");
  await expect(calendar).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(calendar).toBeHidden();
  await expect(exportDialog).toBeVisible();
  // Typing a date opens the calendar again: Escape closes it again, and the date typed stays.
  await start.fill("01/01/2026");
  await expect(calendar).toBeVisible();
  // In French, the week from Monday (issue 37), on the month typed.
  await expect(calendar.locator("thead")).toHaveText(/^lu\s*ma\s*me\s*je\s*ve\s*sa\s*di$/i);
  await expect(calendar.getByRole("button", { name: /^janvier 2026$/i })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(calendar).toBeHidden();
  await expect(exportDialog).toBeVisible();
  await expect(start).toHaveValue("01/01/2026");
  // With the calendar closed, Escape closes the window as before.
  await page.keyboard.press("Escape");
  await expect(exportDialog).toHaveCount(0);
});
