/**
 * The session creation wizard (spec part 2 §2 "/sessions/create", §5, §8) both ways: from the list's 'Ajouter une session'
 * (steps Formation, Informations, Récapitulatif, every message of the Informations step) and from a training's row menu
 * ('Chargement...' while the training loads, then step 2; the not-found page on 404, the error page otherwise).
 */
import type { Page } from "@playwright/test";
import type { ApiSession, ApiTraining } from "./support/api-records";
import { expect, test } from "./support/fixtures";
import { errorOf, field, fieldError, listRows, openRowMenu, pickOption, search } from "./support/resource-list";
import { nextButton, wizardStep } from "./support/wizards";

/** Messages quoted verbatim from the spec (part 1 §5, part 2 §5, §8). */
const MSG = {
  required: "Ce champ est obligatoire",
  endBeforeStart: "La date de fin doit être postérieure ou égale à la date de début",
  capacityInteger: "La capacité doit être représentée par un entier",
  priceMin: "Le prix ne doit pas être inférieur à 0",
  priceDecimals: "Le prix ne doit pas avoir plus de 2 décimales",
  createFailed: "Une erreur est survenue lors de la création",
  loading: "Chargement...",
  notFound: "Cette page est introuvable.",
  unknown: "Une erreur s'est produite.",
};

const describeTraining = ({ information }: ApiTraining) => `${information.number} ${information.actionNumber} – ${information.name}`;

/** The training's search field (the chosen training's block below is a region named 'Formation' too). */
const trainingSearch = (page: Page) => page.getByRole("combobox", { name: "Formation", exact: true });

async function setDate(page: Page, label: string, value: string) {
  await field(page, label).fill(value);
  await field(page, label).blur();
}

/** Step 'Formation': the training searched by its number (the answer awaited), then picked. */
async function chooseTraining(page: Page, training: ApiTraining) {
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/trainings" && new URL(res.url()).searchParams.get("search") === training.information.number);
  // Clicked first, as a user does: a field focused by a refused "Suivant" opens its list on the first click or key only.
  await trainingSearch(page).click();
  await trainingSearch(page).fill(training.information.number);
  await answered;
  await page.getByRole("option", { name: describeTraining(training), exact: true }).click();
}

/** Step 'Informations' with valid values: 05/01/2026 to 20/03/2026, 14 places, 1 500,50 € TTC, 1 250 € HT. */
async function fillInformation(page: Page) {
  await setDate(page, "Date de début", "05/01/2026");
  await setDate(page, "Date de fin", "20/03/2026");
  await field(page, "Capacité").fill("14");
  await field(page, "Prix global par personne TTC").fill("1 500,5");
  await field(page, "Prix global par personne HT").fill("1250");
  await pickOption(page, field(page, "Unité d'achat"), "Jour par stagiaire");
  await pickOption(page, field(page, "Nature du coût pédagogique"), "Coût recalculé par le financeur");
}

/** Sauvegarder on the summary: the POST's answer, then the list. */
async function save(page: Page) {
  const created = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/sessions" && res.request().method() === "POST");
  await page.getByRole("button", { name: "Sauvegarder" }).click();
  expect((await created).status()).toBe(201);
  await expect(page).toHaveURL(/\/sessions$/);
}

/** The session the wizard saved for `training`, read through the API. */
async function savedSession(api: { find: <T>(resource: string, search: string) => Promise<T | undefined> }, training: ApiTraining) {
  const session = await api.find<ApiSession>("sessions", training.information.number);
  expect(session?.training.id).toBe(training.id);
  return session!;
}

/** The training's row menu on /trainings, 'Créer une session' clicked. */
async function createFromTrainingMenu(page: Page, training: ApiTraining) {
  await search(page, training.information.number);
  await expect(listRows(page)).toHaveCount(1);
  await openRowMenu(page, `${training.information.number} ${training.information.name}`);
  await page.getByRole("menuitem", { name: "Créer une session" }).click();
  await expect(page).toHaveURL(/\/sessions\/create$/);
}

test.describe("création d'une session", () => {
  test("depuis la liste : formation, informations et leurs messages, récapitulatif, sauvegarde", async ({ page, signIn, api }) => {
    const training = await api.createTraining();
    await signIn("rol_resp-cdc", "/sessions");
    await page.getByRole("button", { name: "Ajouter une session" }).click();
    await expect(page.getByRole("heading", { name: "Création d'une session", level: 1 })).toBeVisible();
    await expect(wizardStep(page)).toHaveText("Formation");
    await expect(page.getByText("Étape 1 sur 3")).toBeVisible();
    await nextButton(page).click();
    await expect(errorOf(trainingSearch(page))).toHaveText(MSG.required);
    await chooseTraining(page, training);
    await expect(page.getByRole("region", { name: "Formation", exact: true })).toContainText(training.information.name);
    await nextButton(page).click();

    await expect(wizardStep(page)).toHaveText("Informations");
    await nextButton(page).click();
    for (const label of ["Date de début", "Date de fin", "Prix global par personne TTC", "Prix global par personne HT", "Unité d'achat", "Nature du coût pédagogique"]) {
      await expect(fieldError(page, label)).toHaveText(MSG.required);
    }
    await expect(fieldError(page, "Capacité")).toHaveCount(0);
    await setDate(page, "Date de début", "20/03/2026");
    await setDate(page, "Date de fin", "05/01/2026");
    await expect(fieldError(page, "Date de fin")).toHaveText(MSG.endBeforeStart);
    // The start date moved before the end date: the end date's message goes.
    await setDate(page, "Date de début", "05/01/2026");
    await expect(fieldError(page, "Date de fin")).toHaveCount(0);
    await field(page, "Capacité").fill("2,5");
    await expect(fieldError(page, "Capacité")).toHaveText(MSG.capacityInteger);
    await field(page, "Prix global par personne TTC").fill("-1");
    await expect(fieldError(page, "Prix global par personne TTC")).toHaveText(MSG.priceMin);
    await field(page, "Prix global par personne HT").fill("10,123");
    await expect(fieldError(page, "Prix global par personne HT")).toHaveText(MSG.priceDecimals);
    // Options sorted in French order, 'Autre' last.
    await field(page, "Unité d'achat").click();
    const units = await page.getByRole("option").allTextContents();
    expect(units.at(-1)).toBe("Autre");
    expect(units.slice(0, -1)).toEqual([...units.slice(0, -1)].sort(new Intl.Collator("fr").compare));
    await page.keyboard.press("Escape");
    await fillInformation(page);
    for (const label of ["Capacité", "Prix global par personne TTC", "Prix global par personne HT"]) await expect(fieldError(page, label)).toHaveCount(0);
    await nextButton(page).click();

    await expect(wizardStep(page)).toHaveText("Récapitulatif");
    const summary = (label: string) => page.locator(`[data-label="${label}"]`);
    await expect(summary("Intitulé")).toHaveText(training.information.name);
    await expect(summary("Date de début")).toHaveText("05/01/2026");
    await expect(summary("Date de fin")).toHaveText("20/03/2026");
    await expect(summary("Capacité")).toHaveText("14");
    await expect(summary("Prix global par personne TTC")).toHaveText("1 500,50 €");
    await expect(summary("Prix global par personne HT")).toHaveText("1 250,00 €");
    await expect(summary("Unité d'achat")).toHaveText("Jour par stagiaire");
    await expect(summary("Nature du coût pédagogique")).toHaveText("Coût recalculé par le financeur");
    await save(page);
    const session = await savedSession(api, training);
    expect(session.information).toMatchObject({ startDate: "2026-01-05", endDate: "2026-03-20", capacity: 14, purchasingUnit: "DAY_PER_TRAINEE" });
  });

  test("depuis une formation : « Chargement... », puis l'étape Informations, la formation choisie ; Précédent la montre", async ({ page, signIn, api }) => {
    const training = await api.createTraining();
    await signIn("rol_admin", "/trainings");
    // The training's answer is held until 'Chargement...' was seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/trainings/${training.id}`, async (route) => {
      await held;
      await route.fallback();
    });
    await createFromTrainingMenu(page, training);
    await expect(page.getByText(MSG.loading, { exact: true })).toBeVisible();
    release();
    await expect(wizardStep(page)).toHaveText("Informations");
    await expect(page.getByText("Étape 2 sur 3")).toBeVisible();
    await page.getByRole("button", { name: "Précédent" }).click();
    await expect(wizardStep(page)).toHaveText("Formation");
    await expect(trainingSearch(page)).toHaveValue(describeTraining(training));
    await nextButton(page).click();
    await fillInformation(page);
    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Récapitulatif");
    await save(page);
    await savedSession(api, training);
  });

  test("depuis une formation : page introuvable sur 404 (formation supprimée entre-temps), page d'erreur sinon", async ({ page, signIn, api }) => {
    const [gone, failing] = await Promise.all([api.createTraining(), api.createTraining()]);
    await signIn("rol_resp-cdc", "/trainings");
    await search(page, gone.information.number);
    await expect(listRows(page)).toHaveCount(1);
    await api.remove(`/api/trainings/${gone.id}`);
    await createFromTrainingMenu(page, gone);
    await expect(page.getByRole("heading", { name: MSG.notFound })).toBeVisible();

    await page.goto("/trainings");
    await page.route(`**/api/trainings/${failing.id}`, (route) => route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }));
    await createFromTrainingMenu(page, failing);
    await expect(page.getByRole("heading", { name: MSG.unknown })).toBeVisible();
  });

  test("échec de la création : « Une erreur est survenue lors de la création », l'assistant reste ouvert", async ({ page, signIn, api }) => {
    const training = await api.createTraining();
    await signIn("rol_sup-admin", "/sessions/create");
    await chooseTraining(page, training);
    await nextButton(page).click();
    await fillInformation(page);
    await nextButton(page).click();
    await page.route("**/api/sessions", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }) : route.fallback(),
    );
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("alert", { name: MSG.createFailed })).toBeVisible();
    await expect(wizardStep(page)).toHaveText("Récapitulatif");
    expect(await api.find<ApiSession>("sessions", training.information.number)).toBeUndefined();
  });
});
