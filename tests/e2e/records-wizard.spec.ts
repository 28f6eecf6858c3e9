/**
 * The record creation wizard (spec part 2 §2 "/records/create", §5 "Record creation", §8): steps Stagiaire, Session,
 * Récapitulatif; only trainees without a record are offered (freeTrainees=true); sessions searched, or narrowed to a training;
 * the saved record read through the API; AGORA's refusal under 'Erreurs Agora' (nothing created); the loading failures.
 */
import type { Page } from "@playwright/test";
import { uniqueSuffix, type ApiTrainee } from "./support/api-records";
import { consistentNir, TRAINING_PLACE } from "./support/api-training-records";
import { expect, test } from "./support/fixtures";
import { escapeRegExp, fieldError } from "./support/resource-list";
import { nextButton, wizardStep } from "./support/wizards";

/** Messages quoted verbatim from the spec (part 1 §5, part 2 §2, §8). */
const MSG = {
  title: "Création d'un dossier de formation",
  required: "Ce champ est obligatoire",
  sessionsLoadError: "Une erreur est survenue lors de la récupération de sessions",
  trainingsLoadError: "Une erreur est survenue lors de la récupération de formations",
};

interface ApiRecordRead {
  id: string;
  status: string;
  trainee: { id: string };
  session: { id: string };
}

type SearchField = "Stagiaire" | "Formation" | "Session";
const searchbox = (page: Page, name: SearchField) => page.getByRole("combobox", { name, exact: true });
const isPath = (url: string, path: string) => new URL(url).pathname === path;

/** Types `text` in the step's search field and waits for the API's answer to that search. */
async function searchFor(page: Page, name: SearchField, resource: string, text: string) {
  const answered = page.waitForResponse((res) => isPath(res.url(), `/api/${resource}`) && new URL(res.url()).searchParams.get("search") === text);
  await searchbox(page, name).click();
  await searchbox(page, name).fill(text);
  return answered;
}

async function chooseTrainee(page: Page, trainee: ApiTrainee) {
  await searchFor(page, "Stagiaire", "trainees", trainee.lastName);
  await page.getByRole("option", { name: new RegExp(`^${escapeRegExp(`${trainee.lastName} ${trainee.firstName}`)} – né\\(e\\) le 17/05/1990$`) }).click();
}

/** Step 'Session': searched by a word of its training (number or action number), then picked. */
async function chooseSession(page: Page, word: string) {
  await searchFor(page, "Session", "sessions", word);
  await page.getByRole("option", { name: new RegExp(`${escapeRegExp(word)}.* – du 05/01/2026 au 20/03/2026$`) }).click();
}

test.describe("création d'un dossier de formation", () => {
  test("ne propose que les stagiaires sans dossier, enregistre le dossier et revient à la liste", async ({ page, signIn, api }) => {
    // The new record joins the session of another trainee's (its training has what the data-quality gate asks).
    const withRecord = await api.createRecord();
    const free = await api.createTrainee(undefined, consistentNir());
    const session = withRecord.session;
    await signIn("rol_admin", "/records/create");
    await expect(page.getByRole("heading", { name: MSG.title, level: 1 })).toBeVisible();
    await expect(wizardStep(page)).toHaveText("Stagiaire");

    await nextButton(page).click();
    await expect(fieldError(page, "Stagiaire")).toHaveText(MSG.required);

    // A trainee who has a record is not offered: the search asks for free trainees only.
    const answer = await searchFor(page, "Stagiaire", "trainees", withRecord.trainee.lastName);
    expect(new URL(answer.url()).searchParams.get("freeTrainees")).toBe("true");
    expect(((await answer.json()) as { data: unknown[] }).data).toHaveLength(0);
    await expect(page.getByText("Aucun résultat")).toBeVisible();

    await chooseTrainee(page, free);
    await expect(page.getByRole("region", { name: "Stagiaire", exact: true })).toContainText("17/05/1990");
    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Session");
    await nextButton(page).click();
    await expect(fieldError(page, "Session")).toHaveText(MSG.required);
    // Narrowed to the session's training first: only that training's sessions are offered.
    await searchFor(page, "Formation", "trainings", session.training.number);
    await page.getByRole("option", { name: new RegExp(`^${escapeRegExp(session.training.number)} `) }).click();
    await page.getByRole("combobox", { name: /^Session/ }).click();
    await expect(page.getByRole("option")).toHaveCount(1);
    await page.getByRole("option", { name: new RegExp(`^${escapeRegExp(session.training.number)} .* – du 05/01/2026 au 20/03/2026$`) }).click();
    await nextButton(page).click();

    await expect(wizardStep(page)).toHaveText("Récapitulatif");
    await expect(page.getByRole("region", { name: "Stagiaire", exact: true })).toContainText(`${free.lastName} ${free.firstName}`);
    await expect(page.getByRole("region", { name: "Session", exact: true })).toContainText(session.training.name);
    await expect(page.getByRole("region", { name: "Session", exact: true })).toContainText("Du 05/01/2026 au 20/03/2026");

    const created = page.waitForResponse((res) => isPath(res.url(), "/api/records") && res.request().method() === "POST");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    expect((await created).status()).toBe(201);
    await expect(page).toHaveURL(/\/records$/);

    const record = await api.find<ApiRecordRead>("records", free.lastName);
    expect(record).toMatchObject({ status: "SETUP", trainee: { id: free.id }, session: { id: session.id } });
  });

  test("un refus d'Agora s'affiche sous 'Erreurs Agora' et ne crée rien", async ({ page, signIn, api }) => {
    // The simulator refuses a creation for a training numbered ERREUR-<code> (1015: 'La session est complète', about the session).
    const actionNumber = `A${uniqueSuffix()}`;
    const training = await api.createTraining({ number: "ERREUR-1015", actionNumber, address: TRAINING_PLACE });
    const session = await api.createSession({}, training.id);
    const trainee = await api.createTrainee(undefined, consistentNir());
    await signIn("rol_admin", "/records/create");
    await chooseTrainee(page, trainee);
    await nextButton(page).click();
    await chooseSession(page, actionNumber);
    await nextButton(page).click();

    const refused = page.waitForResponse((res) => isPath(res.url(), "/api/records") && res.request().method() === "POST");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    expect((await refused).status()).toBe(422);
    const alert = page.getByRole("alert").filter({ hasText: "Erreurs Agora" });
    await expect(alert).toContainText("La session est complète");
    const hint = alert.getByRole("link", { name: "Allez sur la page d'édition de la session pour corriger." });
    await expect(hint).toHaveAttribute("href", `/sessions/${session.id}/edit`);
    await expect(page).toHaveURL(/\/records\/create$/);

    const stillFree = await api.get(`/api/trainees?freeTrainees=true&search=${trainee.lastName}`);
    expect(((await stillFree.json()) as { data: { id: string }[] }).data.map((t) => t.id)).toEqual([trainee.id]);
  });

  test("une erreur technique d'Agora à la création (99999) : « réessayez plus tard », sans renvoyer vers l'édition d'un dossier qui n'existe pas", async ({ page, signIn, api }) => {
    // The simulator fails every operation of a trainee named PANNE with its technical error.
    const withRecord = await api.createRecord();
    const trainee = await api.createTrainee("PANNE", consistentNir());
    await signIn("rol_admin", "/records/create");
    await chooseTrainee(page, trainee);
    await nextButton(page).click();
    await chooseSession(page, withRecord.session.training.number);
    await nextButton(page).click();
    const refused = page.waitForResponse((res) => isPath(res.url(), "/api/records") && res.request().method() === "POST");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    expect((await refused).status()).toBe(422);
    const alert = page.getByRole("alert").filter({ hasText: "Erreurs Agora" });
    await expect(alert).toContainText("Une erreur technique est survenue dans Agora, veuillez réessayer plus tard");
    await expect(alert).toContainText("Agora n'a pas pu traiter la demande : rien n'est à corriger, réessayez plus tard.");
    await expect(alert).not.toContainText("Allez sur la page d'édition");
    await expect(alert.getByRole("link")).toHaveCount(0);
  });

  test("l'échec du chargement des formations ou des sessions s'affiche sous son champ", async ({ page, signIn, api }) => {
    const trainee = await api.createTrainee();
    await page.route(
      (url) => url.pathname === "/api/sessions" || url.pathname === "/api/trainings",
      (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Panne" }) }),
    );
    await signIn("rol_admin", "/records/create");
    await chooseTrainee(page, trainee);
    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Session");
    await expect(fieldError(page, "Formation")).toHaveText(MSG.trainingsLoadError);
    await expect(fieldError(page, "Session")).toHaveText(MSG.sessionsLoadError);
  });
});
