/**
 * The session edit page's 'Documents' tab (spec part 2 §2, §5, §7, §8; PDF only): upload, preview in a new tab (saved files
 * only, from a blob: address) and removal; a refused non-PDF; the titled lists' titles; one monthly slot per month of the
 * dates, each offering the blank attendance sheet; a date change never deletes a signed sheet (kept apart, 'Hors des dates de
 * la session', the save saying so first); download failures in French.
 */
import { expect, test } from "./support/fixtures";
import { field, fieldError } from "./support/resource-list";
import { chooseFile, documentRegion, editPath, expectPdfTab, pdfFile, pngNamedPdf, saveSession, sessionTab, uploadThrough } from "./support/session-edit";

const CERTIFICATE = "Attestation d'inscription au programme";
const UPLOAD_ERROR = "Une erreur est survenue lors du chargement du fichier";
const NOT_PDF = "Le fichier n'est pas un PDF !";
const DOWNLOAD_FAILED = "Impossible de télécharger le document";
const OUTSIDE = "Hors des dates de la session";

interface SavedMedias {
  kairosCertificate: { id: string; name: string } | null;
  positioningReports: { id: string; title: string; name: string }[];
  attendanceSheets: Record<string, { id: string; name: string }>;
}
const readMedias = async (api: { read: <T>(path: string) => Promise<T> }, id: string) => (await api.read<{ medias: SavedMedias }>(`/api/sessions/${id}`)).medias;

test.describe("modification d'une session : Documents", () => {
  test("attestation : dépôt (nouveau, sans aperçu), sauvegarde, aperçu dans un nouvel onglet (blob:, application/pdf), retrait", async ({ page, signIn, api }) => {
    const session = await api.createSession();
    await signIn("rol_gest-of", editPath(session.id, "documents"));
    const slot = documentRegion(page, CERTIFICATE);
    const uploaded = await uploadThrough(page, slot.getByRole("button", { name: `Déposer un PDF : ${CERTIFICATE}` }), pdfFile("attestation-kairos.pdf"));
    expect(uploaded.status()).toBe(201);
    await expect(slot.getByText("attestation-kairos.pdf")).toBeVisible();
    await expect(slot.getByText("Nouveau : aperçu après la sauvegarde")).toBeVisible();
    // A temporary upload cannot be previewed (spec §7).
    await expect(slot.getByRole("button", { name: /^Aperçu/ })).toHaveCount(0);
    await saveSession(page, session.id);

    const saved = (await readMedias(api, session.id)).kairosCertificate;
    expect(saved?.name).toBe("attestation-kairos.pdf");
    await page.goto(editPath(session.id, "documents"));
    await expect(slot.getByText("Nouveau : aperçu après la sauvegarde")).toHaveCount(0);
    await expectPdfTab(page, slot.getByRole("button", { name: `Aperçu du document : ${CERTIFICATE}` }), `/api/sessions/${session.id}/medias/${saved!.id}`);

    await slot.getByRole("button", { name: `Retirer le document : ${CERTIFICATE}` }).click();
    await expect(slot.getByRole("button", { name: `Déposer un PDF : ${CERTIFICATE}` })).toBeVisible();
    await saveSession(page, session.id);
    expect((await readMedias(api, session.id)).kairosCertificate).toBeNull();
  });

  test("un PNG nommé .pdf est refusé par la page, sans envoi : « Une erreur est survenue lors du chargement du fichier » et la raison du serveur", async ({ page, signIn, api }) => {
    const session = await api.createSession();
    await signIn("rol_admin", editPath(session.id, "documents"));
    const slot = documentRegion(page, CERTIFICATE);
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/medias/temporary")) uploads.push(request.method());
    });
    await chooseFile(slot.getByRole("button", { name: `Déposer un PDF : ${CERTIFICATE}` }), pngNamedPdf());
    const alert = slot.getByRole("alert");
    await expect(alert).toContainText(UPLOAD_ERROR);
    await expect(alert).toContainText(NOT_PDF);
    await expect(slot.getByText("image.pdf")).toHaveCount(0);
    expect(uploads).toEqual([]);
    await alert.getByRole("button", { name: "Fermer" }).click();
    await expect(slot.getByRole("alert")).toHaveCount(0);
  });

  test("listes titrées : titre de 2 à 255 caractères (messages de la spécification), enregistré avec le fichier", async ({ page, signIn, api }) => {
    const session = await api.createSession();
    await signIn("rol_resp-of", editPath(session.id, "documents"));
    const list = documentRegion(page, "Comptes rendus de positionnement");
    await expect(list.getByText("Aucun document")).toBeVisible();
    await uploadThrough(page, list.getByRole("button", { name: "Ajouter un document : Comptes rendus de positionnement" }), pdfFile("positionnement-janvier.pdf"));
    const title = field(list, "Titre du document 1");
    await expect(title).toHaveValue("positionnement-janvier");

    await title.fill("");
    await expect(fieldError(page, "Titre du document 1")).toHaveText("Ce champ est obligatoire");
    await title.fill("a");
    await expect(fieldError(page, "Titre du document 1")).toHaveText("Le nombre de caractères minimum est 2");
    await title.fill("t".repeat(256));
    await expect(fieldError(page, "Titre du document 1")).toHaveText("Le nombre de caractères est limité à 255");
    // The tab holding the error is shown after a refused Sauvegarder.
    await page.getByRole("tab", { name: "Informations" }).click();
    // The tab shown before Sauvegarder (a tab change still on its way would land after the error tab's).
    await expect(page.getByRole("tab", { name: "Informations" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("tab", { name: "Documents" })).toHaveAttribute("aria-selected", "true");

    await title.fill("Positionnement de janvier");
    await uploadThrough(page, list.getByRole("button", { name: "Ajouter un document : Comptes rendus de positionnement" }), pdfFile("second.pdf"));
    await expect(field(list, "Titre du document 2")).toHaveValue("second");
    await list.getByRole("button", { name: "Retirer le document : Comptes rendus de positionnement, document 2" }).click();
    await expect(field(list, "Titre du document 2")).toHaveCount(0);
    await saveSession(page, session.id);
    const saved = (await readMedias(api, session.id)).positioningReports;
    expect(saved.map(({ title: t, name }) => ({ title: t, name }))).toEqual([{ title: "Positionnement de janvier", name: "positionnement-janvier.pdf" }]);

    await page.goto(editPath(session.id, "documents"));
    await expectPdfTab(
      page,
      list.getByRole("button", { name: "Aperçu du document : Comptes rendus de positionnement, document 1" }),
      `/api/sessions/${session.id}/medias/${saved[0]!.id}`,
    );
  });

  test("trois mois : 'janvier 2026', 'février 2026', 'mars 2026', chacun sa feuille d'émargement à télécharger (application/pdf) ; un mois sorti des dates est gardé à part", async ({
    page,
    signIn,
    api,
  }) => {
    const session = await api.createSession({ startDate: "2026-01-19", endDate: "2026-03-06" });
    await signIn("rol_gest-cdc", editPath(session.id, "documents"));
    const sheets = documentRegion(page, "Feuilles d'émargement mensuelles");
    await expect(sheets.getByTestId("pdf-slot").getByText(/2026$/)).toHaveText(["janvier 2026", "février 2026", "mars 2026"]);
    await expectPdfTab(
      page,
      documentRegion(page, "février 2026").getByRole("button", { name: "Télécharger la feuille d'émargement de février 2026" }),
      `/api/sessions/${session.id}/attendance-sheets/2026-02`,
    );
    await expect(documentRegion(page, "mars 2026").getByRole("button", { name: /^Télécharger la feuille d'émargement/ })).toHaveText(
      "Télécharger la feuille d'émargement",
    );

    for (const month of ["janvier 2026", "mars 2026"]) {
      await uploadThrough(page, documentRegion(page, month).getByRole("button", { name: `Déposer un PDF : ${month}` }), pdfFile(`emargement-${month}.pdf`));
      await expect(documentRegion(page, month).getByText(`emargement-${month}.pdf`)).toBeVisible();
    }
    await saveSession(page, session.id);
    expect(Object.keys((await readMedias(api, session.id)).attendanceSheets).sort()).toEqual(["2026-01", "2026-03"]);

    // New dates leave March out: its slot goes, its sheet shows apart, and the save says so before keeping it.
    await page.goto(editPath(session.id, "informations"));
    await field(page, "Date de fin").fill("27/02/2026");
    await field(page, "Date de fin").blur();
    await sessionTab(page, "Documents").click();
    await expect(sheets.getByTestId("pdf-slot").getByText(/2026$/)).toHaveText(["janvier 2026", "février 2026"]);
    await expect(documentRegion(page, OUTSIDE).getByTestId("pdf-slot")).toHaveCount(1);
    await expect(documentRegion(page, OUTSIDE).getByText("emargement-mars 2026.pdf")).toBeVisible();
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    const question = page.getByRole("dialog", { name: "Feuilles d'émargement hors des dates" });
    await expect(question.getByTestId("sheets-left-outside").getByRole("listitem")).toHaveText([
      `mars 2026 (emargement-mars 2026.pdf) : conservée à part, sous « ${OUTSIDE} », jusqu'à ce que vous la retiriez`,
    ]);
    await question.getByRole("button", { name: "Annuler" }).click();
    await expect(question).toHaveCount(0);
    await expect(page).toHaveURL(editPath(session.id, "documents"));
    const answer = page.waitForResponse((response) => response.url().endsWith(`/api/sessions/${session.id}`) && response.request().method() === "PATCH");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await question.getByRole("button", { name: "Enregistrer" }).click();
    expect((await answer).status()).toBe(200);
    await expect(page).toHaveURL(/\/sessions$/);
    expect(Object.keys((await readMedias(api, session.id)).attendanceSheets).sort()).toEqual(["2026-01", "2026-03"]);

    // Until someone removes it.
    await page.goto(editPath(session.id, "documents"));
    await documentRegion(page, OUTSIDE).getByRole("button", { name: "Retirer le document : mars 2026" }).click();
    await expect(documentRegion(page, OUTSIDE)).toHaveCount(0);
    await saveSession(page, session.id);
    expect(Object.keys((await readMedias(api, session.id)).attendanceSheets)).toEqual(["2026-01"]);
  });

  test("une feuille signée n'est jamais effacée par un changement de dates : début déplacé au 1er février puis remis au 4 janvier, la feuille de janvier est toujours là", async ({
    page,
    signIn,
    api,
  }) => {
    const session = await api.createSession({ startDate: "2026-01-05", endDate: "2026-03-20" });
    await signIn("rol_admin", editPath(session.id, "documents"));
    await uploadThrough(page, documentRegion(page, "janvier 2026").getByRole("button", { name: "Déposer un PDF : janvier 2026" }), pdfFile("janvier-signe.pdf"));
    await saveSession(page, session.id);
    const january = (await readMedias(api, session.id)).attendanceSheets["2026-01"];
    expect(january?.name).toBe("janvier-signe.pdf");

    await page.goto(editPath(session.id, "informations"));
    await field(page, "Date de début").fill("01/02/2026");
    await field(page, "Date de début").blur();
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await page.getByRole("dialog", { name: "Feuilles d'émargement hors des dates" }).getByRole("button", { name: "Enregistrer" }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    expect((await readMedias(api, session.id)).attendanceSheets).toEqual({ "2026-01": january });
    // The detail shows it apart too.
    await page.goto(`/sessions/${session.id}`);
    await expect(page.getByRole("heading", { name: OUTSIDE })).toBeVisible();
    await expect(page.getByTestId("document-line").filter({ hasText: "janvier 2026" })).toContainText("janvier-signe.pdf");

    await page.goto(editPath(session.id, "informations"));
    await field(page, "Date de début").fill("04/01/2026");
    await field(page, "Date de début").blur();
    await sessionTab(page, "Documents").click();
    await expect(documentRegion(page, "janvier 2026").getByText("janvier-signe.pdf")).toBeVisible();
    await expect(documentRegion(page, OUTSIDE)).toHaveCount(0);
    // Nothing left outside the dates: the save asks nothing.
    expect((await saveSession(page, session.id)).status()).toBe(200);
    expect((await readMedias(api, session.id)).attendanceSheets).toEqual({ "2026-01": january });
  });

  test("téléchargement : une réponse qui n'est pas un PDF → « Le fichier n'est pas un PDF ! » ; un autre échec → message en français", async ({ page, signIn, api }) => {
    const session = await api.createSession({ startDate: "2026-01-05", endDate: "2026-01-30" });
    await signIn("rol_admin", editPath(session.id, "documents"));
    const sheetPath = `**/api/sessions/${session.id}/attendance-sheets/2026-01`;
    const slot = documentRegion(page, "janvier 2026");
    const download = slot.getByRole("button", { name: "Télécharger la feuille d'émargement de janvier 2026" });
    const sheets = documentRegion(page, "Feuilles d'émargement mensuelles");

    await page.route(sheetPath, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<html>pas un PDF</html>" }));
    await download.click();
    await expect(sheets.getByRole("alert")).toHaveText(NOT_PDF);

    await page.unroute(sheetPath);
    await page.route(sheetPath, (route) => route.fulfill({ status: 500, json: { statusCode: 500, error: "Internal Server Error", message: "panne" } }));
    await download.click();
    await expect(sheets.getByRole("alert")).toHaveText(DOWNLOAD_FAILED);
  });
});
