/**
 * The record's entry/exit form (spec part 2 §2 "/records/{rid}/edit" and its rules of display, §5 "Record entry", §8): each
 * display rule one by one, for a training that is healthcare-social and for one that is not; the real dates starting at the
 * session's; the saved answers read through the API (hidden fields stored as null); a change saved meanwhile refused (409).
 */
import type { Page } from "@playwright/test";
import type { ApiTrainingRecord } from "./support/api-training-records";
import { expect, test } from "./support/fixtures";
import { field, fieldError, pickOption } from "./support/resource-list";

/** src/components/SiretWarning.tsx's text (a component module, not imported by the spec). */
const SIRET_KEY_WARNING = "Ce SIRET est invalide (clé de contrôle incorrecte) : AGORA refusera les dossiers qui l'utilisent";

/** Messages quoted verbatim from the spec (part 1 §5, part 2 §5). */
const MSG = {
  required: "Ce champ est obligatoire",
  endBeforeStart: "La date de fin doit être postérieure ou égale à la date de début",
  exact14: "Le nombre de caractères doit être 14",
};

const LABEL = {
  start: "Date réelle d'entrée en formation",
  end: "Date réelle de sortie de formation",
  obligation: "Bénéficiaire de l'obligation d'emploi",
  level: "Niveau d'études",
  grade: "Dernière classe suivie",
  situation: "Situation professionnelle",
  jobStatus: "Statut professionnel",
  contract: "Type de contrat",
  category: "Catégorie socioprofessionnelle",
  employer: "Catégorie d'employeur",
  siret: "SIRET de l'employeur",
  urssaf: "Numéro URSSAF de l'employeur",
};

const LOOKING = ["Contrat de sécurisation professionnelle", "Demandeur d'emploi inscrit à France Travail", "Demandeur d'emploi non inscrit", "Statut inconnu"];
const EMPLOYED = ["Agent de la fonction publique", "Exploitant agricole", "Salarié", "Travailleur indépendant", "Autre"];

interface SavedRecord {
  version: number;
  realStartDate: string | null;
  realEndDate: string | null;
  [field: string]: unknown;
}

async function openForm(page: Page, signIn: (role: "rol_gest-of" | "rol_admin", path: string) => Promise<void>, record: ApiTrainingRecord) {
  await signIn("rol_admin", `/records/${record.id}/edit`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Modification du dossier de formation ${record.trainee.lastName} ${record.trainee.firstName}`);
}

/** The options the job status offers now, in order. */
async function jobStatusOptions(page: Page): Promise<string[]> {
  await field(page, LABEL.jobStatus).click();
  const options = page.getByRole("option");
  await expect(options.first()).toBeVisible();
  const names = await options.allTextContents();
  await page.keyboard.press("Escape");
  return names;
}

async function setDate(page: Page, label: string, value: string) {
  await field(page, label).fill(value);
  await field(page, label).blur();
}

async function save(page: Page, expected: number) {
  const saved = page.waitForResponse((res) => /^\/api\/records\/[^/]+$/.test(new URL(res.url()).pathname) && res.request().method() === "PATCH");
  await page.getByRole("button", { name: "Sauvegarder" }).click();
  expect((await saved).status()).toBe(expected);
}

test.describe("dossier de formation : entrée et sortie", () => {
  test("formation hors sanitaire et social : classe suivie, tous les statuts, champs du salarié, SIRET ou URSSAF", async ({ page, signIn, api }) => {
    const record = await api.createRecord();
    await openForm(page, signIn, record);

    // Real dates start at the session's (05/01/2026 – 20/03/2026).
    await expect(field(page, LABEL.start)).toHaveValue("05/01/2026");
    await expect(field(page, LABEL.end)).toHaveValue("20/03/2026");
    // No professional situation outside healthcare-social trainings; the school grade is asked.
    await expect(field(page, LABEL.situation)).toHaveCount(0);
    await expect(field(page, LABEL.grade)).toBeVisible();
    expect(await jobStatusOptions(page)).toEqual(expect.arrayContaining([...LOOKING, ...EMPLOYED]));
    await expect(field(page, LABEL.contract)).toHaveCount(0);

    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(fieldError(page, LABEL.obligation)).toHaveText(MSG.required);
    await expect(fieldError(page, LABEL.level)).toHaveText(MSG.required);
    await expect(fieldError(page, LABEL.jobStatus)).toHaveText(MSG.required);

    await setDate(page, LABEL.end, "04/01/2026");
    await expect(fieldError(page, LABEL.end)).toHaveText(MSG.endBeforeStart);
    await setDate(page, LABEL.start, "02/01/2026");
    await expect(fieldError(page, LABEL.end)).toHaveCount(0);

    // 'Salarié' asks for the contract, the professional and the employer categories.
    await pickOption(page, field(page, LABEL.jobStatus), "Salarié");
    await expect(field(page, LABEL.contract)).toBeVisible();
    await expect(field(page, LABEL.category)).toBeVisible();
    await expect(field(page, LABEL.employer)).toBeVisible();
    await expect(field(page, LABEL.siret)).toHaveCount(0);
    await expect(field(page, LABEL.urssaf)).toHaveCount(0);

    // A company: its SIRET, exactly 14 characters.
    await pickOption(page, field(page, LABEL.employer), "Entreprise");
    await expect(field(page, LABEL.urssaf)).toHaveCount(0);
    await field(page, LABEL.siret).fill("1234567890123");
    await expect(fieldError(page, LABEL.siret)).toHaveText(MSG.exact14);
    await field(page, LABEL.siret).fill("12345678901234");
    await expect(fieldError(page, LABEL.siret)).toHaveCount(0);
    // A wrong Luhn key: the data-quality gate warns (issue 15) without blocking; a right one, no warning.
    await expect(page.getByTestId("siret-warning")).toHaveText(SIRET_KEY_WARNING);
    await field(page, LABEL.siret).fill("73282932000074");
    await expect(page.getByTestId("siret-warning")).toHaveCount(0);

    // An individual employer: the URSSAF number instead.
    await pickOption(page, field(page, LABEL.employer), "Particulier employeur");
    await expect(field(page, LABEL.siret)).toHaveCount(0);
    await field(page, LABEL.urssaf).fill("UR345678901");
    await expect(fieldError(page, LABEL.urssaf)).toHaveText(MSG.exact14);
    await field(page, LABEL.urssaf).fill("UR345678901234");

    await pickOption(page, field(page, LABEL.obligation), "Non");
    await pickOption(page, field(page, LABEL.level), "Niveau 4 (baccalauréat)");
    await pickOption(page, field(page, LABEL.grade), "Terminale");
    await pickOption(page, field(page, LABEL.contract), "Contrat à durée indéterminée (CDI)");
    await pickOption(page, field(page, LABEL.category), "Cadre");
    await pickOption(page, field(page, "Motif de sortie"), "Fin prévue de l'action de formation");
    await save(page, 200);
    await expect(page).toHaveURL(/\/records$/);

    const saved = await api.read<SavedRecord>(`/api/records/${record.id}`);
    expect(saved).toMatchObject({
      realStartDate: "2026-01-02",
      realEndDate: "2026-01-04",
      employmentObligation: "NO",
      studyLevel: "LEVEL_4",
      studyGrade: "FINAL_YEAR",
      professionalSituation: null,
      jobStatus: "Employee",
      contractType: "CDI",
      professionalCategory: "Executive",
      employerCategory: "N",
      // Typed, then hidden by the individual employer: stored as null.
      employerSiret: null,
      codeUrssaf: "UR345678901234",
      exitReason: "PlannedEndOfTrainingAction",
    });
  });

  test("formation sanitaire et sociale : situation obligatoire, classe suivie et statuts selon la situation", async ({ page, signIn, api }) => {
    const record = await api.createRecord({ healthcareSocial: true });
    await openForm(page, signIn, record);

    await expect(field(page, LABEL.situation)).toBeVisible();
    await expect(field(page, LABEL.grade)).toHaveCount(0);
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(fieldError(page, LABEL.situation)).toHaveText(MSG.required);

    // Looking for a job: the school grade, and a job seeker's four statuses.
    await pickOption(page, field(page, LABEL.situation), "En recherche d'emploi");
    await expect(field(page, LABEL.grade)).toBeVisible();
    expect(await jobStatusOptions(page)).toEqual(LOOKING);
    await pickOption(page, field(page, LABEL.jobStatus), "Demandeur d'emploi non inscrit");

    // In employment: no school grade, the other statuses; the job seeker's status is asked again.
    await pickOption(page, field(page, LABEL.situation), "En emploi");
    await expect(field(page, LABEL.grade)).toHaveCount(0);
    await expect(field(page, LABEL.jobStatus)).toHaveValue("");
    expect(await jobStatusOptions(page)).toEqual(EMPLOYED);
    await pickOption(page, field(page, LABEL.jobStatus), "Salarié");
    await expect(field(page, LABEL.employer)).toBeVisible();

    await pickOption(page, field(page, LABEL.obligation), "Oui");
    await pickOption(page, field(page, LABEL.level), "Niveau 5 (bac + 2)");
    await save(page, 200);

    const saved = await api.read<SavedRecord>(`/api/records/${record.id}`);
    expect(saved).toMatchObject({
      realStartDate: "2026-01-05",
      realEndDate: "2026-03-20",
      professionalSituation: "Employed",
      studyGrade: null,
      jobStatus: "Employee",
      employerCategory: null,
    });
  });

  test("une modification enregistrée entre-temps est refusée avec un message clair", async ({ page, signIn, api }) => {
    const record = await api.createRecord();
    await openForm(page, signIn, record);
    // Someone else saves the internship review meanwhile: the record's version moves on.
    await api.patch(`/api/records/${record.id}`, { internship: { internshipStartDate: "2026-02-02", internshipEndDate: "2026-02-27" }, version: record.version });

    await pickOption(page, field(page, LABEL.obligation), "Oui");
    await pickOption(page, field(page, LABEL.level), "Sans diplôme");
    await pickOption(page, field(page, LABEL.jobStatus), "Statut inconnu");
    await save(page, 409);
    await expect(page.locator("form").getByRole("alert").filter({ hasText: "Le dossier a été modifié entre-temps : rechargez la page avant de recommencer" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/records/${record.id}/edit$`));
    expect((await api.read<SavedRecord>(`/api/records/${record.id}`)).jobStatus).toBeNull();
  });
});
