/**
 * The FSE survey, /records/{rid}/fse (spec part 2 §2 "Survey screen", §4 "Survey periods", §6, §8): the header, the tabs
 * unlocked one after the other, every display rule one by one with the hidden answers sent as null or false, 'no aid' against
 * the eight allowances, save (POST then PATCH) and cancel, the save-failure banner, the load failures, the row menu's entry and the detail page's button.
 */
import type { Page } from "@playwright/test";
import { recordStatusLabel } from "../../resources/common/record-statuses";
import { expect, test } from "./support/fixtures";
import { ALLOWANCE_LABELS, Q, SPEC, answer, createSurvey, fillRequired, nextSave, question } from "./support/fse";
import { field, fieldError, openRowMenu, search } from "./support/resource-list";

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });

test.describe("questionnaire FSE", () => {
  test("en-tête, onglets débloqués l'un après l'autre, annulation, création puis modification", async ({ page, signIn, api }) => {
    const record = await api.createRecord({ fse: true, status: "VALIDATED" });
    await signIn("rol_gest-of", `/records/${record.id}/fse`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${SPEC.headerPrefix} ${record.trainee.firstName} ${record.trainee.lastName}`);
    await expect(page.getByText(record.session.training.name, { exact: true })).toBeVisible();
    await expect(page.getByText(`Statut : ${recordStatusLabel("VALIDATED")} - N° AGORA : ${record.agoraId}`, { exact: true })).toBeVisible();
    await expect(page.getByTestId("last-update")).toHaveText(/^Dernière mise à jour le \d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}:\d{2}$/);
    await expect(tab(page, SPEC.tabInput)).toHaveAttribute("aria-selected", "true");
    await expect(tab(page, SPEC.tabOutput)).toBeDisabled();
    await expect(tab(page, SPEC.tabAfterSixMonth)).toBeDisabled();
    await expect(page.getByRole("heading", { name: SPEC.formTitle })).toBeVisible();

    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page).toHaveURL(new RegExp(`/records/${record.id}$`));

    await page.goto(`/records/${record.id}/fse`);
    await answer(page, Q.frenchNationality, true);
    await fillRequired(page);
    const created = nextSave(page, "POST");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    const body = (await created).postDataJSON() as { recordId: string; information: Record<string, unknown> };
    expect(body.recordId).toBe(record.id);
    expect(body.information).toMatchObject({ period: "INPUT", frenchNationality: true, currentSituation: "OTHER", level: "CITE_5_8", homeless: "NO" });
    await expect(page).toHaveURL(new RegExp(`/records/${record.id}$`));

    // The entry exists: the exit tab opens, the six-month one waits for the exit survey; the entry shows what was saved.
    await page.goto(`/records/${record.id}/fse`);
    await expect(question(page, Q.frenchNationality).getByRole("radio", { name: "Oui" })).toBeChecked();
    await expect(field(page, Q.level)).toHaveValue("Enseignement supérieur : bac + 2 et au-delà (CITE 5 à 8)");
    await expect(tab(page, SPEC.tabAfterSixMonth)).toBeDisabled();
    await tab(page, SPEC.tabOutput).click();
    await expect(page).toHaveURL(/tab=OUTPUT/);
    await expect(question(page, Q.frenchNationality).getByRole("radio", { name: "Non" })).toBeChecked();
    await answer(page, Q.frenchNationality, true);
    await fillRequired(page);
    const exit = nextSave(page, "POST");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    expect(((await exit).postDataJSON() as { information: { period: string } }).information.period).toBe("OUTPUT");
    await expect(page).toHaveURL(new RegExp(`/records/${record.id}$`));

    await page.goto(`/records/${record.id}/fse`);
    await expect(tab(page, SPEC.tabAfterSixMonth)).toBeEnabled();
    // Arrow keys move between the tabs (Mantine's tablist).
    await tab(page, SPEC.tabInput).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, SPEC.tabOutput)).toHaveAttribute("aria-selected", "true");
    await tab(page, SPEC.tabInput).click();
    await choose(page, Q.homeless, "Oui");
    const changed = nextSave(page, "PATCH");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    const patch = await changed;
    expect(new URL(patch.url()).pathname).toMatch(/^\/api\/recordFse\/[^/]+$/);
    expect((patch.postDataJSON() as { information: { homeless: string } }).information.homeless).toBe("YES");
    await expect(page).toHaveURL(new RegExp(`/records/${record.id}$`));
    const saved = await api.read<{ period: string; information: { homeless: string } }[]>(`/api/recordFse/${record.id}`);
    expect(saved.find((survey) => survey.period === "INPUT")?.information.homeless).toBe("YES");
  });

  test("règles d'affichage une à une ; une question masquée est envoyée à null ou false", async ({ page, signIn, api }) => {
    const record = await api.createRecord({ fse: true });
    await signIn("rol_admin", `/records/${record.id}/fse`);
    await expect(page.getByRole("heading", { name: SPEC.formTitle })).toBeVisible();

    // Required answers flagged at the first 'Sauvegarder', nothing sent.
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    for (const label of [Q.currentSituation, Q.level, Q.homeless, Q.parentBornInEurope]) await expect(fieldError(page, label)).toHaveText(SPEC.required);
    // The error is the question's description (Mantine 9 names the radio group by its label, describes it by its error).
    await expect(question(page, Q.europeanNationality)).toHaveAccessibleDescription(SPEC.required);

    // EU nationality only when not French.
    await answer(page, Q.frenchNationality, true);
    await expect(question(page, Q.europeanNationality)).toHaveCount(0);
    await answer(page, Q.frenchNationality, false);
    await answer(page, Q.europeanNationality, true);

    // Employed → the detail; not employed → training or internship, and looking for a job.
    await expect(field(page, Q.employedDetail)).toHaveCount(0);
    await expect(question(page, Q.inProfessionalTraining)).toBeVisible();
    await expect(question(page, Q.lookingForJob)).toBeVisible();
    await answer(page, Q.employed, true);
    await expect(question(page, Q.inProfessionalTraining)).toHaveCount(0);
    await expect(question(page, Q.lookingForJob)).toHaveCount(0);
    await choose(page, Q.employedDetail, "Emploi temporaire (CDD de moins de 6 mois, intérim)");
    await answer(page, Q.employed, false);
    await expect(field(page, Q.employedDetail)).toHaveCount(0);

    // Looking → 'Date de début'.
    await expect(field(page, SPEC.unemployedDate)).toHaveCount(0);
    await answer(page, Q.lookingForJob, true);
    await field(page, SPEC.unemployedDate).fill("02/03/2026");
    await field(page, SPEC.unemployedDate).blur();
    await expect(field(page, SPEC.unemployedDate)).toHaveValue("02/03/2026");

    // Registered with the agency → 'Si Oui, depuis quelle date ?'.
    await expect(field(page, SPEC.poleEmploiDate)).toHaveCount(0);
    await answer(page, Q.registeredPoleEmploi, true);
    await field(page, SPEC.poleEmploiDate).fill("15/01/2026");
    await field(page, SPEC.poleEmploiDate).blur();
    await answer(page, Q.registeredPoleEmploi, false);
    await expect(field(page, SPEC.poleEmploiDate)).toHaveCount(0);
    await answer(page, Q.inProfessionalTraining, true);

    // Sent: the shown answers, the hidden ones null or false however they were left.
    await fillRequired(page);
    const sent = nextSave(page, "POST");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    expect(((await sent).postDataJSON() as { information: object }).information).toMatchObject({
      frenchNationality: false,
      europeanNationality: true,
      employed: false,
      employedDetail: null,
      inProfessionalTraining: true,
      lookingForJob: true,
      unemployedDate: "2026-03-02",
      registeredPoleEmploi: false,
      poleEmploiDate: null,
    });
    await expect(page).toHaveURL(new RegExp(`/records/${record.id}$`));

    // Now French and employed: the EU nationality and the job-search answers go as null / false.
    await page.goto(`/records/${record.id}/fse`);
    await expect(field(page, SPEC.unemployedDate)).toHaveValue("02/03/2026");
    await answer(page, Q.frenchNationality, true);
    await answer(page, Q.employed, true);
    await choose(page, Q.employedDetail, "Alternance (apprentissage, contrat de professionnalisation)");
    const patched = nextSave(page, "PATCH");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    expect(((await patched).postDataJSON() as { information: object }).information).toMatchObject({
      frenchNationality: true,
      europeanNationality: null,
      employed: true,
      employedDetail: "WORK_STUDY",
      inProfessionalTraining: false,
      lookingForJob: false,
      unemployedDate: null,
    });
    await expect(page).toHaveURL(new RegExp(`/records/${record.id}$`));
  });

  test("« aucune aide » décoche les huit aides, une aide décoche « aucune aide »", async ({ page, signIn, api }) => {
    const record = await api.createRecord({ fse: true });
    await signIn("rol_resp-of", `/records/${record.id}/fse`);
    const aids = page.getByRole("group", { name: SPEC.aids });
    const box = (label: string) => aids.getByRole("checkbox", { name: label, exact: true });
    await expect(aids.getByRole("checkbox")).toHaveCount(9);
    for (const label of ALLOWANCE_LABELS) await box(label).check();
    await box(SPEC.noAid).check();
    for (const label of ALLOWANCE_LABELS) await expect(box(label)).not.toBeChecked();
    // With the keyboard: Space on an allowance clears 'no aid'.
    await box(ALLOWANCE_LABELS[0]!).focus();
    await page.keyboard.press("Space");
    await expect(box(ALLOWANCE_LABELS[0]!)).toBeChecked();
    await expect(box(SPEC.noAid)).not.toBeChecked();
    await box(ALLOWANCE_LABELS[7]!).check();

    await answer(page, Q.frenchNationality, true);
    await fillRequired(page);
    const sent = nextSave(page, "POST");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    expect(((await sent).postDataJSON() as { information: object }).information).toMatchObject({ rsa: true, asylumSeekerAllowance: true, widowAllowance: false, noAid: false });
    await expect(page).toHaveURL(new RegExp(`/records/${record.id}$`));
  });

  test("échec de la sauvegarde : bandeau, saisie conservée ; chargement en échec : page d'erreur", async ({ page, signIn, api }) => {
    const record = await api.createRecord({ fse: true });
    await page.route("**/api/recordFse", (route) => (route.request().method() === "POST" ? route.fulfill({ status: 500, json: { message: "Panne" } }) : route.fallback()));
    await signIn("rol_gest-of", `/records/${record.id}/fse`);
    await answer(page, Q.frenchNationality, true);
    await fillRequired(page);
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("alert")).toHaveText(SPEC.saveError);
    await expect(page).toHaveURL(new RegExp(`/records/${record.id}/fse`));
    await expect(question(page, Q.frenchNationality).getByRole("radio", { name: "Oui" })).toBeChecked();
    await expect(field(page, Q.currentSituation)).toHaveValue("Autre");

    await page.goto(`/records/${"0".repeat(32)}/fse`);
    await expect(page.getByText("Cette page est introuvable.")).toBeVisible();

    await page.route(`**/api/recordFse/${record.id}`, (route) => route.fulfill({ status: 500, json: { message: "Panne" } }));
    await page.goto(`/records/${record.id}/fse`);
    await expect(page.getByText("Une erreur s'est produite.")).toBeVisible();
  });

  test("entrée et bouton « Remplir le FSE » : seulement pour une formation FSE ; page réservée aux rôles qui le remplissent", async ({ page, signIn, api }) => {
    const [withFse, withoutFse] = await Promise.all([api.createRecord({ fse: true }), api.createRecord({ fse: false })]);
    await createSurvey(page.request, withFse.id, "INPUT");
    await signIn("rol_sup-admin", "/records");
    await search(page, withoutFse.agoraId);
    await openRowMenu(page, withoutFse.trainee.lastName);
    await expect(page.getByRole("menu")).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Remplir le FSE" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    await search(page, withFse.agoraId);
    await openRowMenu(page, withFse.trainee.lastName);
    await page.getByRole("menuitem", { name: "Remplir le FSE" }).click();
    await expect(page).toHaveURL(new RegExp(`/records/${withFse.id}/fse$`));
    await expect(tab(page, SPEC.tabOutput)).toBeEnabled();

    // The detail page's button, under the same rule.
    const fillButton = page.getByRole("link", { name: "Remplir le FSE" });
    await page.goto(`/records/${withoutFse.id}`);
    await expect(page.getByText(withoutFse.agoraId).first()).toBeVisible();
    await expect(fillButton).toHaveCount(0);
    await page.goto(`/records/${withFse.id}`);
    await fillButton.click();
    await expect(page).toHaveURL(new RegExp(`/records/${withFse.id}/fse$`));
    await expect(tab(page, SPEC.tabOutput)).toBeEnabled();

    await signIn("rol_resp-cdc", `/records/${withFse.id}`);
    await expect(page.getByText(withFse.agoraId).first()).toBeVisible();
    await expect(fillButton).toHaveCount(0);

    await signIn("rol_gest-cdc", `/records/${withFse.id}/fse`);
    await expect(page.getByText("L'accès à cette page vous est restreint.")).toBeVisible();
  });
});

/** The select labelled `label`, set to `option`. */
async function choose(page: Page, label: string, option: string) {
  await field(page, label).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}
