/**
 * « À traiter » on top of /records (issue 25): the counters of the signed-in employee's scope, each a link (reached by keyboard)
 * to the list of the rows it counts; « Rien à traiter aujourd'hui » when there is nothing; axe clean. And /profile, where the
 * employee asks for the daily digest. The employee is a gest-of of an organisation of the test's own, so that other tests'
 * rows never reach its counters.
 */
import type { Page } from "@playwright/test";
import { TRAINING_PLACE } from "./support/api-training-records";
import { resetLinkFor, TOKEN_KEY } from "./support/auth";
import { audit } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { listRows } from "./support/resource-list";

const PASSWORD = "E2e-Todo-2026!";
const block = (page: Page) => page.getByRole("region", { name: "À traiter" });
const heading = (page: Page, name: string) => page.getByRole("heading", { name, level: 1, exact: true });

/** Signs in as a fresh gest-of of a fresh organisation (password set through the reset link); answers the organisation and token. */
async function signInAlone(page: Page, api: import("./support/api-records").ApiRecords) {
  const organization = await api.createOrganization();
  const employee = await api.createEmployee({ roleId: "rol_gest-of", organizationIds: [organization.id] });
  expect((await page.request.post("/api/users/reset-password", { data: { email: employee.email } })).status()).toBe(204);
  const token = new URL(await resetLinkFor(employee.email)).searchParams.get("t");
  const reset = await page.request.patch("/api/users/reset-password", { data: { token, password: PASSWORD } });
  expect(reset.status(), await reset.text()).toBeLessThan(300);
  const login = await page.request.post("/api/auth-sessions", { data: { email: employee.email, password: PASSWORD, longTTL: false } });
  expect(login.status(), await login.text()).toBe(201);
  const bearer = ((await login.json()) as { data: { token: string } }).data.token;
  await page.goto("/favicon.svg");
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, bearer] as const);
  return { organization, bearer };
}

test.describe("À traiter", () => {
  test("compteurs du périmètre, liens clavier vers les listes filtrées, état vide, axe", async ({ page, api }) => {
    const { organization } = await signInAlone(page, api);
    await page.goto("/records");
    await expect(block(page).getByText("Rien à traiter aujourd'hui")).toBeVisible();

    // A session of their organisation ended on 20/03/2026: its bilan is late; a record still SETUP on it is blocking.
    const training = await api.createTraining({ educationalOrganizationId: organization.id, address: TRAINING_PLACE });
    const session = await api.createSession({ startDate: "2026-01-05", endDate: "2026-03-20" }, training.id);
    const record = await api.createRecord({ sessionId: session.id });
    await page.reload();

    const blocking = block(page).getByRole("link", { name: "Dossiers bloquants : 1 dossier" });
    const bilansLate = block(page).getByRole("link", { name: "Bilans à valider : 1 en retard" });
    await expect(blocking).toBeVisible();
    await expect(bilansLate).toHaveText("1 en retard");
    for (const name of ["Bilans à valider : 0 bientôt", "Questionnaires FSE à saisir : 0 en retard", "Échanges AGORA : 0 en échec", "Échanges AGORA : 0 en attente"]) {
      await expect(block(page).getByRole("link", { name })).toBeVisible();
    }
    await audit(page, "liste des dossiers avec « À traiter »");

    // By keyboard: the bilans link opens the sessions it counts.
    await bilansLate.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/sessions\?todo=bilans-late$/);
    await expect(heading(page, "Bilans à valider en retard")).toBeVisible();
    await expect(listRows(page)).toHaveCount(1);
    await expect(page.locator(`tbody tr[data-row-id="${session.id}"]`)).toBeVisible();

    await page.goBack();
    await blocking.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/records\?filterAnomalies=true$/);
    await expect(heading(page, "Dossiers de formation bloquants")).toBeVisible();
    await expect(listRows(page)).toHaveCount(1);
    await expect(page.locator(`tbody tr[data-row-id="${record.id}"]`)).toBeVisible();

    await page.getByRole("link", { name: "Questionnaires FSE à saisir : 0 en retard" }).click();
    await expect(heading(page, "Questionnaires FSE à saisir en retard")).toBeVisible();
    await expect(page.getByText("Aucun dossier de formation disponible")).toBeVisible();
    await page.getByRole("button", { name: "Voir tous les dossiers" }).click();
    await expect(heading(page, "Dossiers de formation")).toBeVisible();
    await expect(listRows(page)).toHaveCount(1);
  });

  test("un compteur au-delà de 10 000 se lit « plus de 10 000 », comme le total d'une liste", async ({ page, api }) => {
    await signInAlone(page, api);
    // The API counts no further than 10,001 (server/todo/counts.ts): such an answer, for the caller's scope, stands in here
    // for the 10,001 rows a test organisation would need.
    const capped = { blocking: 10_001, fse: { late: 10_001, soon: 3 }, bilans: { late: 10_000, soon: 0 }, agora: { failed: 0, pending: 0 } };
    await page.route("**/api/todo", (route) => route.fulfill({ json: { data: capped } }));
    await page.goto("/records");
    await expect(block(page).getByRole("link", { name: /^Dossiers bloquants : plus de 10\s000 dossiers$/ })).toBeVisible();
    await expect(block(page).getByRole("link", { name: /^Questionnaires FSE à saisir : plus de 10\s000 en retard$/ })).toHaveText(/^plus de 10\s000 en retard$/);
    await expect(block(page).getByRole("link", { name: /^Bilans à valider : 10\s000 en retard$/ })).toBeVisible();
    await expect(block(page).getByRole("link", { name: "Questionnaires FSE à saisir : 3 bientôt" })).toBeVisible();
  });

  test("mon profil : le récapitulatif quotidien se demande au clavier et reste choisi", async ({ page, api }) => {
    const { bearer } = await signInAlone(page, api);
    await page.goto("/records");
    await page.getByRole("link", { name: "Mon profil" }).click();
    await expect(heading(page, "Mon profil")).toBeVisible();
    const choice = page.getByRole("checkbox", { name: "Recevoir chaque jour ouvré à 7 h 30 un e-mail récapitulant « À traiter »" });
    await expect(choice).not.toBeChecked();
    await audit(page, "mon profil");
    await choice.focus();
    await page.keyboard.press("Space");
    await expect(page.getByText("Votre choix est enregistré.")).toBeVisible();
    await page.reload();
    await expect(choice).toBeChecked();
    const stored = await page.request.get("/api/users/me/digest", { headers: { Authorization: `Bearer ${bearer}` } });
    expect(await stored.json()).toEqual({ data: { dailyDigest: true } });
  });
});
