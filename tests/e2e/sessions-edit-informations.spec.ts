/**
 * The session edit page (spec part 2 §2 "/sessions/{sid}/edit"): its heading, its three tabs in the URL over one form, the
 * 'Informations' tab with every message and enumeration of the spec, the save (back to /sessions, the session read again)
 * and its refusals.
 */
import type { ApiSession } from "./support/api-records";
import { expect, test } from "./support/fixtures";
import { field, fieldError } from "./support/resource-list";
import { editPath, saveSession, sessionTab } from "./support/session-edit";

const MSG = {
  endBeforeStart: "La date de fin doit être postérieure ou égale à la date de début",
  capacityInteger: "La capacité doit être représentée par un entier",
  priceMin: "Le prix ne doit pas être inférieur à 0",
  priceDecimals: "Le prix ne doit pas avoir plus de 2 décimales",
  required: "Ce champ est obligatoire",
  saveError: "Une erreur est survenue lors de la sauvegarde",
};

test.describe("modification d'une session : en-tête, onglets, Informations", () => {
  test("en-tête (intitulé, dates JJ/MM/AAAA) ; onglets liés à l'URL, gardés au rechargement ; un formulaire sur les trois onglets", async ({ page, signIn, api }) => {
    const session = await api.createSession({ startDate: "2026-01-05", endDate: "2026-03-20" });
    await signIn("rol_admin", editPath(session.id));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Modification de la session ${session.training.information.name}`);
    await expect(page.getByText("Du 05/01/2026 au 20/03/2026", { exact: true })).toBeVisible();
    await expect(page.getByRole("tablist", { name: "Sections de la session" }).getByRole("tab")).toHaveText(["Informations", "Bilan", "Documents"]);
    await expect(sessionTab(page, "Informations")).toHaveAttribute("aria-selected", "true");

    await field(page, "Capacité").fill("15");
    await sessionTab(page, "Bilan").click();
    await expect(page).toHaveURL(new RegExp(`${editPath(session.id)}\\?tab=bilan$`));
    await field(page, "Objectif").fill("Objectif saisi avant de changer d'onglet");
    await sessionTab(page, "Bilan").press("ArrowRight");
    await expect(sessionTab(page, "Documents")).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(new RegExp(`\\?tab=documents$`));
    await sessionTab(page, "Documents").press("ArrowLeft");
    await expect(field(page, "Objectif")).toHaveValue("Objectif saisi avant de changer d'onglet");
    await sessionTab(page, "Informations").click();
    await expect(field(page, "Capacité")).toHaveValue("15");

    // A link opens its tab, and a reload keeps it.
    await page.goto(editPath(session.id, "documents"));
    await expect(sessionTab(page, "Documents")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("region", { name: "Feuilles d'émargement mensuelles" })).toBeVisible();
    await page.reload();
    await expect(sessionTab(page, "Documents")).toHaveAttribute("aria-selected", "true");
    await page.goto(editPath(session.id, "bilan"));
    await expect(sessionTab(page, "Bilan")).toHaveAttribute("aria-selected", "true");
    await expect(field(page, "Objectif")).toBeVisible();
  });

  test("Informations : chaque message de la spécification, mot pour mot ; listes en français triées, « Autre » en dernier", async ({ page, signIn, api }) => {
    const session = await api.createSession();
    await signIn("rol_gest-of", editPath(session.id, "informations"));
    await expect(field(page, "Date de début")).toHaveValue("05/01/2026");
    await expect(field(page, "Date de fin")).toHaveValue("20/03/2026");

    await field(page, "Date de fin").fill("04/01/2026");
    await field(page, "Date de fin").blur();
    await expect(fieldError(page, "Date de fin")).toHaveText(MSG.endBeforeStart);
    // The start date moved before the end date: the message goes.
    await field(page, "Date de début").fill("02/01/2026");
    await field(page, "Date de début").blur();
    await expect(fieldError(page, "Date de fin")).toHaveCount(0);

    await field(page, "Capacité").fill("12,5");
    await expect(fieldError(page, "Capacité")).toHaveText(MSG.capacityInteger);
    await field(page, "Capacité").fill("");
    await expect(fieldError(page, "Capacité")).toHaveCount(0);

    await field(page, "Prix global par personne TTC").fill("-1");
    await expect(fieldError(page, "Prix global par personne TTC")).toHaveText(MSG.priceMin);
    await field(page, "Prix global par personne TTC").fill("");
    await expect(fieldError(page, "Prix global par personne TTC")).toHaveText(MSG.required);
    await field(page, "Prix global par personne HT").fill("10,123");
    await expect(fieldError(page, "Prix global par personne HT")).toHaveText(MSG.priceDecimals);

    await field(page, "Unité d'achat").click();
    await expect(page.getByRole("option")).toHaveText([
      "Forfait groupe",
      "Forfait parcours",
      "Heure par formateur",
      "Heure par groupe",
      "Heure par stagiaire",
      "Jour par formateur",
      "Jour par groupe",
      "Jour par stagiaire",
      "Multiple",
      "Subvention d'équilibre",
      "Autre",
    ]);
    await page.keyboard.press("Escape");
    await field(page, "Nature du coût pédagogique").click();
    await expect(page.getByRole("option")).toHaveText(["Coût recalculé par le financeur", "Coût réel"]);
    await page.keyboard.press("Escape");

    // Nothing leaves while a field is wrong: the tab holding the errors is shown.
    await sessionTab(page, "Bilan").click();
    // The tab shown before Sauvegarder (a tab change still on its way would land after the error tab's).
    await expect(sessionTab(page, "Bilan")).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(sessionTab(page, "Informations")).toHaveAttribute("aria-selected", "true");
    await expect(sessionTab(page, "Informations").getByLabel("Champs en erreur")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${editPath(session.id)}\\?tab=informations$`));
  });

  test("Sauvegarder : retour à /sessions, la session relue porte les changements ; Annuler ne change rien", async ({ page, signIn, api }) => {
    const session = await api.createSession();
    await signIn("rol_gest-cdc", editPath(session.id));
    await field(page, "Date de fin").fill("27/02/2026");
    await field(page, "Date de fin").blur();
    await field(page, "Capacité").fill("20");
    await field(page, "Prix global par personne TTC").fill("1 500,50");
    await field(page, "Unité d'achat").click();
    await page.getByRole("option", { name: "Forfait parcours", exact: true }).click();
    await field(page, "Nature du coût pédagogique").click();
    await page.getByRole("option", { name: "Coût recalculé par le financeur", exact: true }).click();
    expect((await saveSession(page, session.id)).status()).toBe(200);

    const saved = await api.read<ApiSession & { information: Record<string, unknown> }>(`/api/sessions/${session.id}`);
    expect(saved.information).toMatchObject({
      startDate: "2026-01-05",
      endDate: "2026-02-27",
      capacity: 20,
      totalPricePerPersonIncludingTaxes: 1500.5,
      totalPricePerPersonTaxFree: 1000,
      purchasingUnit: "PACKAGE_COURSE",
      actualOrCalculatedEducationalCost: "RECALCULATED_COST_BY_FUNDER",
    });

    await page.goto(editPath(session.id));
    await expect(page.getByText("Du 05/01/2026 au 27/02/2026", { exact: true })).toBeVisible();
    await expect(field(page, "Capacité")).toHaveValue("20");
    await expect(field(page, "Unité d'achat")).toHaveValue("Forfait parcours");

    await field(page, "Capacité").fill("99");
    await page.getByRole("button", { name: "Annuler" }).click();
    // A changed form asks first (unsaved-changes.spec.ts).
    await page.getByRole("dialog", { name: "Quitter sans enregistrer ?" }).getByRole("button", { name: "Quitter sans enregistrer" }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    expect((await api.read<ApiSession>(`/api/sessions/${session.id}`)).information.capacity).toBe(20);
  });

  test("échec : « Une erreur est survenue lors de la sauvegarde » ; une erreur 400 de l'API s'affiche sous son champ", async ({ page, signIn, api }) => {
    const session = await api.createSession();
    await signIn("rol_admin", editPath(session.id));
    const patch = `**/api/sessions/${session.id}`;
    await page.route(patch, (route) =>
      route.request().method() === "PATCH" ? route.fulfill({ status: 500, json: { statusCode: 500, error: "Internal Server Error", message: "panne" } }) : route.fallback(),
    );
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(page.getByRole("alert").filter({ hasText: MSG.saveError }).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${editPath(session.id)}`));

    await page.unroute(patch);
    const fields = [{ path: "body.information.capacity", message: "La capacité ne doit pas dépasser 99999" }];
    await page.route(patch, (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 400, json: { statusCode: 400, error: "Bad Request", message: "Requête invalide", details: { fields } } })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await expect(fieldError(page, "Capacité")).toHaveText("La capacité ne doit pas dépasser 99999");
  });
});
