/**
 * The session edit page's 'Bilan' tab (spec part 2 §2, §4, §5): fifteen fields with their limits, 'Valider le bilan' and
 * its warning, the question before saving a validation (the recipient named, final: « Annuler » sends nothing), the
 * validation's e-mail to the funding authority (once), then the lock: every field disabled, who validated it and when shown,
 * and the server refusing any change (409).
 */
import type { APIRequestContext } from "@playwright/test";
import { apiHeaders, ROLE_USERS } from "./support/auth";
import { audit } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { mailsContaining } from "./support/outbox";
import { field, fieldError } from "./support/resource-list";
import { editPath, saveSession } from "./support/session-edit";

const TEXT_LABELS = [
  "Objectif",
  "Qualification visée",
  "Modalités d'accès",
  "Positionnement",
  "Phases de recrutement",
  "Programme réalisé",
  "Méthodes et outils",
  "Objectif de l'alternance",
  "Choix des entreprises",
  "Suivi en entreprise",
  "Évaluation",
  "Points de réussite",
  "Apports",
  "Axes d'amélioration",
];
const WARNING = "Une fois le bilan validé, ses champs ne seront plus modifiables et un e-mail sera envoyé à l'autorité de financement.";
const LOCKED = "Le bilan de cette session a été validé : il ne peut plus être modifié.";

interface SessionResult {
  validatedAssessment: boolean;
  validatedDate: string | null;
  validatedBy: { name: string } | null;
  objective: string | null;
  level: string | null;
}

const readResult = async (request: APIRequestContext, id: string) => {
  const response = await request.get(`/api/sessions/${id}`, { headers: await apiHeaders(request, "rol_admin") });
  return ((await response.json()) as { data: { result: SessionResult } }).data.result;
};

const paris = (iso: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", ...options }).format(new Date(iso));

test.describe("modification d'une session : Bilan", () => {
  test("quinze champs, limites 1024 et 244, niveaux en français ; l'avertissement suit la case 'Valider le bilan'", async ({ page, signIn, api }) => {
    const session = await api.createSession();
    await signIn("rol_gest-of", editPath(session.id, "bilan"));
    for (const label of TEXT_LABELS) await expect(field(page, label)).toBeEnabled();

    await field(page, "Objectif").fill("x".repeat(1025));
    await expect(fieldError(page, "Objectif")).toHaveText("Le nombre de caractères est limité à 1024");
    await field(page, "Objectif").fill("x".repeat(1024));
    await expect(fieldError(page, "Objectif")).toHaveCount(0);
    await field(page, "Axes d'amélioration").fill("y".repeat(1025));
    await expect(fieldError(page, "Axes d'amélioration")).toHaveText("Le nombre de caractères est limité à 1024");
    await field(page, "Axes d'amélioration").fill("");
    await field(page, "Qualification visée").fill("q".repeat(245));
    await expect(fieldError(page, "Qualification visée")).toHaveText("Le nombre de caractères est limité à 244");
    await field(page, "Qualification visée").fill("q".repeat(244));
    await expect(fieldError(page, "Qualification visée")).toHaveCount(0);

    await field(page, "Niveau").click();
    await expect(page.getByRole("option")).toHaveText([
      "Information non communiquée",
      "Niveau 1",
      "Niveau 2",
      "Niveau 3 (CAP, BEP)",
      "Niveau 4 (baccalauréat)",
      "Niveau 5 (bac + 2)",
      "Niveau 6 (bac + 3, bac + 4)",
      "Niveau 7 (bac + 5)",
      "Niveau 8 (doctorat)",
      "Sans certification reconnue",
    ]);
    await page.keyboard.press("Escape");

    const validate = page.getByRole("checkbox", { name: "Valider le bilan" });
    await expect(page.getByText(WARNING)).toHaveCount(0);
    await validate.check();
    await expect(page.getByRole("alert").filter({ hasText: WARNING })).toBeVisible();
    await validate.uncheck();
    await expect(page.getByText(WARNING)).toHaveCount(0);
  });

  test("valider : un e-mail à l'autorité de financement, une seule fois ; puis tout est verrouillé, qui et quand affichés ; le serveur refuse un changement", async ({
    page,
    signIn,
    api,
    request,
  }) => {
    const session = await api.createSession();
    const name = session.training.information.name;
    await signIn("rol_admin", editPath(session.id, "bilan"));
    await field(page, "Objectif").fill("Insérer durablement les stagiaires");
    await field(page, "Niveau").click();
    await page.getByRole("option", { name: "Niveau 4 (baccalauréat)", exact: true }).click();
    await page.getByRole("checkbox", { name: "Valider le bilan" }).check();
    await expect(page.getByRole("alert").filter({ hasText: WARNING })).toBeVisible();
    // Irreversible, and a mail goes out: the save asks first, naming who is mailed; « Annuler » sends nothing.
    let patches = 0;
    page.on("request", (request) => {
      if (request.method() === "PATCH" && request.url().endsWith(`/api/sessions/${session.id}`)) patches += 1;
    });
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    const question = page.getByRole("dialog", { name: "Valider le bilan ?" });
    await expect(question).toContainText("Le bilan de la session sera validé : ses champs ne pourront plus être modifiés. Cette action est définitive.");
    await expect(question).toContainText(
      "Un e-mail annonçant la validation sera envoyé à l'autorité de financement, l'organisme contractant RÉGION ÎLE-DE-FRANCE (à son adresse e-mail, ou à défaut à ses responsables).",
    );
    await audit(page, "validation du bilan, question avant l'enregistrement");
    await question.getByRole("button", { name: "Annuler" }).click();
    await expect(question).toHaveCount(0);
    expect(patches).toBe(0);
    expect((await readResult(request, session.id)).validatedAssessment).toBe(false);
    const answer = page.waitForResponse((response) => response.url().endsWith(`/api/sessions/${session.id}`) && response.request().method() === "PATCH");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await question.getByRole("button", { name: "Valider le bilan et enregistrer" }).click();
    expect((await answer).status()).toBe(200);
    await expect(page).toHaveURL(/\/sessions$/);

    const result = await readResult(request, session.id);
    expect(result).toMatchObject({ validatedAssessment: true, objective: "Insérer durablement les stagiaires", level: "LEVEL_4" });
    expect(result.validatedBy?.name).toBe(ROLE_USERS.rol_admin);
    // The mail carries the bilan and the link to the session; it is handed over before the answer.
    await expect.poll(() => mailsContaining(name, `/sessions/${session.id}`).length).toBe(1);
    expect(mailsContaining(name, `/sessions/${session.id}`)[0]).toContain("Objectif : Insérer durablement les stagiaires");

    await page.goto(editPath(session.id, "bilan"));
    const when = `le ${paris(result.validatedDate!, { day: "2-digit", month: "2-digit", year: "numeric" })} à ${paris(result.validatedDate!, { hour: "2-digit", minute: "2-digit" })}`;
    await expect(page.getByTestId("bilan-validated")).toHaveText(`Validé par ${ROLE_USERS.rol_admin} ${when}`);
    for (const label of TEXT_LABELS) await expect(field(page, label)).toBeDisabled();
    await expect(field(page, "Niveau")).toBeDisabled();
    await expect(page.getByRole("checkbox", { name: "Valider le bilan" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Valider le bilan" })).toBeDisabled();
    await expect(page.getByText(WARNING)).toHaveCount(0);

    // The other tabs still save (the bilan travels unchanged): no second mail.
    await page.getByRole("tab", { name: "Informations" }).click();
    await field(page, "Capacité").fill("8");
    expect((await saveSession(page, session.id)).status()).toBe(200);
    expect((await api.read<{ information: { capacity: number } }>(`/api/sessions/${session.id}`)).information.capacity).toBe(8);
    expect(mailsContaining(name, `/sessions/${session.id}`)).toHaveLength(1);

    // The server's lock: a change of the validated bilan is refused, nothing written.
    const refused = await request.patch(`/api/sessions/${session.id}`, {
      headers: await apiHeaders(request, "rol_admin"),
      data: { result: { objective: "Autre objectif", level: "LEVEL_4", validatedAssessment: true } },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(LOCKED);
    expect((await readResult(request, session.id)).objective).toBe("Insérer durablement les stagiaires");
  });

  test("un refus 409 du serveur s'affiche : « Une erreur est survenue lors de la sauvegarde » et sa raison", async ({ page, signIn, api, request }) => {
    const session = await api.createSession();
    await signIn("rol_resp-cdc", editPath(session.id, "bilan"));
    await field(page, "Objectif").fill("Objectif saisi pendant qu'un collègue valide");
    // Meanwhile a colleague validates the bilan as it was.
    const validated = await request.patch(`/api/sessions/${session.id}`, {
      headers: await apiHeaders(request, "rol_admin"),
      data: { result: { validatedAssessment: true } },
    });
    expect(validated.status()).toBe(200);
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Une erreur est survenue lors de la sauvegarde" }).first();
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(LOCKED);
    expect((await readResult(request, session.id)).objective).toBeNull();
  });
});
