/**
 * The session's detail page (spec part 2 §2 "/sessions/{sid}", §7, §8): the training, the information, the trainees, the
 * bilan's state (who validated it and when), the documents opened in a new tab from a blob: address ('Le fichier n'est pas
 * un PDF !' for another content), and the not-found page.
 */
import type { Page } from "@playwright/test";
import { ROLE_USERS } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { expectPdfTab } from "./support/session-edit";

const MSG = {
  notPdf: "Le fichier n'est pas un PDF !",
  // The spec's 'Unable to download media' is English: the product says it in French (README, "Décisions").
  downloadFailed: "Impossible de télécharger le document",
  notFound: "Cette page est introuvable.",
};

const valueOf = (page: Page, label: string) => page.locator(`[data-label="${label}"]`);
const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test.describe("fiche d'une session", () => {
  test("formation, informations, stagiaires, bilan non validé ; « NC. » ; Modifier et Supprimer selon le rôle", async ({ page, signIn, api }) => {
    const session = await api.createSession({ capacity: null, totalPricePerPersonIncludingTaxes: 1234.5, purchasingUnit: "PACKAGE_GROUP" });
    const { name, number } = session.training.information;
    await signIn("rol_gest-of", `/sessions/${session.id}`);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sessions" }).first()).toBeVisible();

    const training = section(page, "Formation");
    await expect(valueOf(page, "N° de formation")).toHaveText(number);
    await expect(valueOf(page, "N° d'action")).toHaveText("A01");
    await expect(valueOf(page, "N° de marché")).toHaveText("NC.");
    await expect(valueOf(page, "Sanitaire et social")).toHaveText("Non");
    await expect(training.getByText("SIRET 82409153600014")).toBeVisible();
    await expect(training.getByRole("link", { name: "Voir la formation" })).toHaveAttribute("href", `/trainings/${session.training.id}`);

    await expect(valueOf(page, "Date de début")).toHaveText("05/01/2026");
    await expect(valueOf(page, "Date de fin")).toHaveText("20/03/2026");
    await expect(valueOf(page, "Capacité")).toHaveText("NC.");
    await expect(valueOf(page, "Nombre de stagiaires")).toHaveText("0");
    await expect(valueOf(page, "Prix global par personne TTC")).toHaveText("1 234,50 €");
    await expect(valueOf(page, "Unité d'achat")).toHaveText("Forfait groupe");
    await expect(section(page, "Stagiaires (0)")).toContainText("Aucun stagiaire inscrit à cette session");
    await expect(page.getByTestId("bilan-state")).toHaveText("Non validé");
    await expect(valueOf(page, "Validé le")).toHaveText("NC.");
    await expect(valueOf(page, "Niveau")).toHaveText("NC.");
    await expect(section(page, "Documents")).toContainText("Aucun document");

    // Every role edits a session; only sup-admin, admin and resp-cdc delete one.
    await expect(page.getByRole("button", { name: "Modifier" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Supprimer" })).toHaveCount(0);
    await signIn("rol_resp-cdc", `/sessions/${session.id}`);
    await expect(page.getByRole("button", { name: "Supprimer" })).toBeVisible();
    await page.getByRole("button", { name: "Modifier" }).click();
    await expect(page).toHaveURL(new RegExp(`/sessions/${session.id}/edit$`));
  });

  test("bilan validé : qui et quand ; suppression depuis la fiche, retour à la liste", async ({ page, signIn, api }) => {
    const session = await api.createSession();
    const before = Date.now();
    await api.patch(`/api/sessions/${session.id}`, { result: { validatedAssessment: true, level: "LEVEL_4", objective: "Insertion durable" } });
    await signIn("rol_admin", `/sessions/${session.id}`);
    await expect(page.getByTestId("bilan-state")).toHaveText("Validé");
    await expect(valueOf(page, "État du bilan")).toHaveText("Validé");
    await expect(valueOf(page, "Validé par")).toHaveText(ROLE_USERS.rol_admin);
    await expect(valueOf(page, "Niveau")).toHaveText("Niveau 4 (baccalauréat)");
    // DD/MM/YYYY - HH:mm:ss, the day of the validation (Paris time, as the browser's).
    const day = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "2-digit", month: "2-digit", year: "numeric" }).format(before);
    await expect(valueOf(page, "Validé le")).toHaveText(new RegExp(`^${day} - \\d{2}:\\d{2}:\\d{2}$`));

    await page.getByRole("button", { name: "Supprimer" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Voulez-vous vraiment supprimer la session ${session.training.information.name} du 05/01/2026 au 20/03/2026 ?`);
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    expect((await api.get(`/api/sessions/${session.id}`)).status()).toBe(404);
  });

  test("documents : ouverts dans un nouvel onglet ; « Le fichier n'est pas un PDF ! » ; échec du téléchargement", async ({ page, signIn, api }) => {
    const session = await api.createSession();
    const [certificate, report, sheet] = await Promise.all([api.uploadPdf("attestation.pdf"), api.uploadPdf("positionnement.pdf"), api.uploadPdf("fevrier.pdf")]);
    await api.patch(`/api/sessions/${session.id}`, {
      medias: {
        kairosCertificate: { id: certificate },
        positioningReports: [{ id: report, title: "Compte rendu de janvier" }],
        attendanceSheets: { "2026-02": { id: sheet } },
      },
    });
    await signIn("rol_gest-cdc", `/sessions/${session.id}`);
    const documents = section(page, "Documents");
    await expect(documents.getByTestId("document-line")).toHaveCount(3);
    await expect(documents).toContainText("Attestation d'inscription au programme");
    await expect(documents).toContainText("Comptes rendus de positionnement");
    await expect(documents).toContainText("positionnement.pdf");
    await expect(documents).toContainText("Feuilles d'émargement mensuelles");

    const openReport = documents.getByRole("button", { name: "Ouvrir le document Compte rendu de janvier" });
    await expectPdfTab(page, openReport, `/api/sessions/${session.id}/medias/${report}`);
    const sheetTab = page.waitForEvent("popup");
    await documents.getByRole("button", { name: "Ouvrir le document février 2026" }).click();
    const shown = await sheetTab;
    await expect.poll(() => shown.url()).toMatch(/^blob:/);
    // The object address is released after 1 s (spec §7): it no longer gives the file.
    const address = shown.url();
    await expect.poll(() => page.evaluate((url) => fetch(url).then(() => "servie", () => "libérée"), address)).toBe("libérée");
    await shown.close();

    // Another content type (a proxy's error page, say): refused, the tab opened for it closed again.
    await page.route(`**/api/sessions/${session.id}/medias/${certificate}`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<html><body>Portail</body></html>" }),
    );
    const popup = page.waitForEvent("popup");
    await documents.getByRole("button", { name: "Ouvrir le document attestation.pdf" }).click();
    await expect(documents.getByRole("alert")).toHaveText(MSG.notPdf);
    const tab = await popup;
    await expect.poll(() => tab.isClosed()).toBe(true);
    await page.unroute(`**/api/sessions/${session.id}/medias/${certificate}`);

    await page.route(`**/api/sessions/${session.id}/medias/${certificate}`, (route) => route.fulfill({ status: 500, json: { statusCode: 500, message: "x" } }));
    await documents.getByRole("button", { name: "Ouvrir le document attestation.pdf" }).click();
    await expect(documents.getByRole("alert")).toHaveText(MSG.downloadFailed);
  });

  test("session inconnue ou hors périmètre : page introuvable", async ({ page, signIn, api }) => {
    // The demo resp-of's organisation is not this one's educational organisation: outside its scope, answered as missing.
    const organization = await api.createOrganization();
    const training = await api.createTraining({ educationalOrganizationId: organization.id });
    const session = await api.createSession({}, training.id);
    await signIn("rol_resp-of", `/sessions/${session.id}`);
    await expect(page.getByRole("heading", { name: MSG.notFound })).toBeVisible();
    await page.goto(`/sessions/${"0".repeat(32)}`);
    await expect(page.getByRole("heading", { name: MSG.notFound })).toBeVisible();
  });
});
