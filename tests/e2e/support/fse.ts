/**
 * The FSE survey screen in the e2e specs: its questions (ours) and the spec's texts (verbatim), the survey made through the API
 * for a test's own record, and the form's inputs (yes/no radio groups, selects, the aid boxes).
 */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { FSE_ALLOWANCES, FSE_QUESTIONS, fseFormDefaults, type FseInformationInput, type FsePeriod } from "../../../resources/fse/schema";
import { apiHeaders } from "./auth";
import { field, pickOption } from "./resource-list";

export const Q = FSE_QUESTIONS;
export const ALLOWANCE_LABELS = Object.values(FSE_ALLOWANCES);

/** The spec's texts (part 2 §2, §8), verbatim. */
export const SPEC = {
  headerPrefix: "Modification du dossier de formation de",
  tabInput: "Entrée en formation",
  tabOutput: "Sortie de formation",
  tabAfterSixMonth: "6 mois après la sortie",
  formTitle: "Bilan de la formation",
  noAid: "Non, je ne bénéficie d'aucune de ces aides",
  aids: "Etes-vous bénéficiaire des aides suivantes ?",
  employed: "Occupez-vous un emploi ?",
  unemployedDate: "Date de début",
  poleEmploiDate: "Si Oui, depuis quelle date ?",
  saveError: "Une erreur est survenue lors de la sauvegarde",
  required: "Ce champ est obligatoire",
};

/** A complete survey's answers: French, employed on a permanent contract, no aid. */
export const answered = (period: FsePeriod): FseInformationInput => ({
  ...fseFormDefaults(period),
  frenchNationality: true,
  currentSituation: "OTHER",
  employed: true,
  employedDetail: "PERMANENT",
  level: "CITE_3_4",
  noAid: true,
  homeless: "NO",
  parentBornInEurope: "NO_ANSWER",
});

/** POST /api/recordFse as an admin; the survey's id. */
export async function createSurvey(request: APIRequestContext, recordId: string, period: FsePeriod): Promise<string> {
  const res = await request.post("/api/recordFse", { headers: await apiHeaders(request, "rol_admin"), data: { recordId, information: answered(period) } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

export const question = (page: Page, label: string) => page.getByRole("radiogroup", { name: label, exact: true });

export async function answer(page: Page, label: string, yes: boolean): Promise<void> {
  await question(page, label).getByRole("radio", { name: yes ? "Oui" : "Non", exact: true }).check();
}

/** The four questions a new survey leaves empty, answered. */
export async function fillRequired(page: Page): Promise<void> {
  await pickOption(page, field(page, Q.currentSituation), "Autre");
  await pickOption(page, field(page, Q.level), "Enseignement supérieur : bac + 2 et au-delà (CITE 5 à 8)");
  await pickOption(page, field(page, Q.homeless), "Non");
  await pickOption(page, field(page, Q.parentBornInEurope), "Ne souhaite pas répondre");
}

/** The body of the next survey save (POST /api/recordFse or PATCH /api/recordFse/{id}). */
export const nextSave = (page: Page, method: "POST" | "PATCH") =>
  page.waitForRequest((req) => req.method() === method && new URL(req.url()).pathname.startsWith("/api/recordFse"));
