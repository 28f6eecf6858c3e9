/**
 * The record's internship review, /records/{rid}/bilan (spec part 2 §2 "a second record edit form", §5 "Record internship"):
 * both dates required, the end not before the start, each text at most 1024 characters; the saved review read through the
 * API; the page restricted to the roles that fill the bilan (§6).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { field, fieldError } from "./support/resource-list";

/** Messages quoted verbatim from the spec (part 1 §5, part 2 §5). */
const MSG = {
  required: "Ce champ est obligatoire",
  endBeforeStart: "La date de fin doit être postérieure ou égale à la date de début",
  max1024: "Le nombre de caractères est limité à 1024",
};

const LABEL = {
  start: "Date de début du stage",
  end: "Date de fin du stage",
  company: "Nom de l'entreprise",
  tutor: "Appréciation du tuteur",
  result: "Résultat de la formation",
  prospects: "Perspectives",
};

async function setDate(page: Page, label: string, value: string) {
  await field(page, label).fill(value);
  await field(page, label).blur();
}

test.describe("dossier de formation : bilan du stage", () => {
  test("dates obligatoires, fin après début, textes limités à 1024 caractères, bilan relu par l'API", async ({ page, signIn, api }) => {
    const record = await api.createRecord();
    await signIn("rol_gest-of", `/records/${record.id}/bilan`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bilan de stage du dossier de formation ${record.trainee.lastName} ${record.trainee.firstName}`);

    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(fieldError(page, LABEL.start)).toHaveText(MSG.required);
    await expect(fieldError(page, LABEL.end)).toHaveText(MSG.required);

    await setDate(page, LABEL.start, "10/02/2026");
    await setDate(page, LABEL.end, "09/02/2026");
    await expect(fieldError(page, LABEL.end)).toHaveText(MSG.endBeforeStart);
    await setDate(page, LABEL.start, "02/02/2026");
    await expect(fieldError(page, LABEL.end)).toHaveCount(0);

    for (const label of [LABEL.company, LABEL.tutor, LABEL.result, LABEL.prospects]) {
      await field(page, label).fill("x".repeat(1025));
      await expect(fieldError(page, label)).toHaveText(MSG.max1024);
      await field(page, label).fill("x".repeat(1024));
      await expect(fieldError(page, label)).toHaveCount(0);
    }
    await field(page, LABEL.company).fill("Boulangerie Martin");
    await field(page, LABEL.tutor).fill("Stagiaire ponctuel et soigneux.");
    await field(page, LABEL.result).fill("");

    const saved = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/records/${record.id}` && res.request().method() === "PATCH");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    expect((await saved).status()).toBe(200);
    await expect(page).toHaveURL(/\/records$/);

    expect(await api.read(`/api/records/${record.id}`)).toMatchObject({
      internshipStartDate: "2026-02-02",
      internshipEndDate: "2026-02-09",
      internshipCompanyName: "Boulangerie Martin",
      internshipTutorAssessment: "Stagiaire ponctuel et soigneux.",
      internshipTrainingResult: null,
      internshipProspects: "x".repeat(1024),
    });
  });

  test("le bilan déjà saisi est repris, et la page est réservée aux rôles qui le remplissent", async ({ page, signIn, api }) => {
    const record = await api.createRecord();
    await api.patch(`/api/records/${record.id}`, {
      internship: { internshipStartDate: "2026-02-02", internshipEndDate: "2026-02-27", internshipCompanyName: "Atelier Durand" },
      version: record.version,
    });
    await signIn("rol_admin", `/records/${record.id}/bilan`);
    await expect(field(page, LABEL.start)).toHaveValue("02/02/2026");
    await expect(field(page, LABEL.end)).toHaveValue("27/02/2026");
    await expect(field(page, LABEL.company)).toHaveValue("Atelier Durand");
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page).toHaveURL(/\/records$/);

    await signIn("rol_gest-cdc", `/records/${record.id}/bilan`);
    await expect(page.getByText("L'accès à cette page vous est restreint.")).toBeVisible();
    await expect(field(page, LABEL.start)).toHaveCount(0);
  });
});
