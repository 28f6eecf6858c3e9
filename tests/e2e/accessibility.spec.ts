/**
 * WCAG 2.2 AA with axe-core on every route of the application, for a role that sees it: the public pages, the shell
 * (home, placeholders, error pages, mobile menu), and per resource the list, its row menu, detail modal and delete modal,
 * the detail page, every step of the creation wizard (with its error and import states) and the edit page (every tab).
 * Each test audits several screens and reports all of their blocking violations at once (support/axe.ts).
 * /supervision and its abandon modal are audited by supervision.spec.ts, which arranges the failed jobs and exchanges they show.
 */
import type { ApiTrainee } from "./support/api-records";
import { auditEditPage, auditList, auditRowScreens, auditShowPage, heading } from "./support/accessibility";
import { audit } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { field, onlyRow, pickMulti, pickOption } from "./support/resource-list";
import { trainingField } from "./support/training-form";
import { lookupPerson, lookupTraining, nextButton, wizardStep } from "./support/wizards";

// Each test audits a dozen screens, each a full axe run: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });


test.describe("accessibilité (axe, WCAG 2.2 AA)", () => {
  test("connexion, mot de passe oublié, nouveau mot de passe", async ({ page }) => {
    await page.goto("/login");
    await expect(heading(page, "Connexion")).toBeVisible();
    await audit(page, "connexion");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("Une adresse email est requise")).toBeVisible();
    await audit(page, "connexion avec erreurs");

    await page.goto("/reset-password");
    await expect(heading(page, "Mot de passe oublié")).toBeVisible();
    await audit(page, "mot de passe oublié");

    await page.goto("/?cta=resetPassword&t=jeton-de-test");
    await expect(page).toHaveURL(/\/reset-password\?t=/);
    await expect(heading(page, "Nouveau mot de passe")).toBeVisible();
    await audit(page, "nouveau mot de passe");
  });

  test("accueil, espaces réservés, page introuvable, accès restreint, menu mobile", async ({ page, signIn }) => {
    await signIn("rol_admin", "/");
    await expect(page).toHaveURL(/\/records$/);
    await expect(heading(page, "Dossiers de formation")).toBeVisible();
    await audit(page, "accueil");
    await page.goto("/nimporte-quoi");
    await expect(heading(page, "Cette page est introuvable.")).toBeVisible();
    await audit(page, "page introuvable");

    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeVisible();
    await audit(page, "menu mobile ouvert");

    await page.setViewportSize({ width: 1366, height: 860 });
    await signIn("rol_gest-of", "/employees");
    await expect(heading(page, "L'accès à cette page vous est restreint.")).toBeVisible();
    await audit(page, "accès restreint");
  });

  test("employés : liste, menu, modales, fiche, modification", async ({ page, signIn, api }) => {
    const employee = await api.createEmployee();
    await signIn("rol_admin");
    await auditList(page, "employees", "Employés");
    await auditRowScreens(page, await onlyRow(page, employee.lastName), "employé");
    await auditShowPage(page, `/employees/${employee.id}`, new RegExp(employee.lastName));
    await auditEditPage(page, `/employees/${employee.id}/edit`, new RegExp(`^Modification de l'employé ${employee.lastName}`));
  });

  test("employés : assistant de création (erreurs, liste ouverte, récapitulatif)", async ({ page, signIn }) => {
    await signIn("rol_admin", "/employees/create");
    await expect(heading(page, "Création d'un employé")).toBeVisible();
    await audit(page, "création d'un employé");
    await nextButton(page).click();
    await expect(page.getByText("Ce champ est obligatoire").first()).toBeVisible();
    await audit(page, "création d'un employé, erreurs");
    await field(page, "Rôle").click();
    await expect(page.getByRole("option").first()).toBeVisible();
    await audit(page, "création d'un employé, liste des rôles ouverte");
    await page.getByRole("option", { name: "Gestionnaire OF", exact: true }).click();
    await field(page, "Nom").fill("accessible");
    await field(page, "Prénom").fill("alice");
    await field(page, "E-mail").fill("alice.accessible@e2e.test");
    await pickOption(page, field(page, "Genre"), "Femme");
    await pickMulti(page, "Organismes", "afpa", "AFPA ÎLE-DE-FRANCE");
    await audit(page, "création d'un employé, remplie");
    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Récapitulatif");
    await audit(page, "création d'un employé, récapitulatif");
  });

  test("organismes : liste, menu, modales, fiche, modification", async ({ page, signIn, api }) => {
    const organization = await api.createOrganization();
    await signIn("rol_admin");
    await auditList(page, "organizations", "Organismes");
    await auditRowScreens(page, await onlyRow(page, organization.siret), "organisme");
    await auditShowPage(page, `/organizations/${organization.id}`, organization.name);
    await auditEditPage(page, `/organizations/${organization.id}/edit`, new RegExp(organization.name));
  });

  test("organismes : assistant de création (erreurs, récapitulatif)", async ({ page, signIn }) => {
    await signIn("rol_admin", "/organizations/create");
    await expect(heading(page, "Création d'un organisme")).toBeVisible();
    await nextButton(page).click();
    await expect(page.getByText("Ce champ est obligatoire").first()).toBeVisible();
    await audit(page, "création d'un organisme, erreurs");
    await field(page, "Nom").fill("Organisme accessible");
    await field(page, "SIRET").fill("12345678901234");
    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Récapitulatif");
    await audit(page, "création d'un organisme, récapitulatif");
  });

  test("stagiaires : liste, menu, modales, fiche, modification", async ({ page, signIn, api }) => {
    const trainee = await api.createTrainee();
    await signIn("rol_admin");
    await auditList(page, "trainees", "Stagiaires");
    await auditRowScreens(page, await onlyRow(page, trainee.lastName), "stagiaire");
    await auditShowPage(page, `/trainees/${trainee.id}`, new RegExp(trainee.lastName));
    await auditEditPage(page, `/trainees/${trainee.id}/edit`, new RegExp(`^Modification du stagiaire`));
  });

  test("stagiaires : assistant de création (états de l'import, erreurs, récapitulatif)", async ({ page, signIn, api }) => {
    await signIn("rol_admin", "/trainees/create");
    await expect(heading(page, "Création d'un stagiaire")).toBeVisible();
    await audit(page, "création d'un stagiaire, import");
    await lookupPerson(page, "1111111111111", "DURAND");
    await expect(page.getByText("La recherche du titulaire n'a pu aboutir", { exact: false })).toBeVisible();
    await audit(page, "création d'un stagiaire, personne non trouvée");
    // A demo trainee (the simulator knows them all): found, already in the product.
    const { ssn, birthName } = (await api.find<ApiTrainee>("trainees", "apolline"))!;
    await lookupPerson(page, ssn, birthName);
    await expect(page.getByText("Le stagiaire existe déjà dans le produit.")).toBeVisible();
    await audit(page, "création d'un stagiaire, déjà dans le produit");
    // A person of the AGORA simulator no test saves (README): found and new.
    await lookupPerson(page, "2950631555123", "ÉTIENNE");
    await expect(page.getByText("Personne trouvée dans Agora")).toBeVisible();
    await audit(page, "création d'un stagiaire, personne trouvée");
    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Informations");
    await nextButton(page).click();
    await expect(page.getByText("Ce champ est obligatoire").first()).toBeVisible();
    await audit(page, "création d'un stagiaire, informations avec erreurs");
    await pickOption(page, field(page, "Genre"), "Femme");
    await field(page, "E-mail").fill("amelie.roche@e2e.test");
    await field(page, "Nom de la voie").fill("des Acacias");
    await field(page, "Code postal").fill("75011");
    await field(page, "Ville").fill("paris");
    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Récapitulatif");
    await audit(page, "création d'un stagiaire, récapitulatif");
  });

  test("formations : liste, menu, modales, fiche, modification (deux onglets)", async ({ page, signIn, api }) => {
    const training = await api.createTraining();
    const { name, number } = training.information;
    await signIn("rol_admin");
    await auditList(page, "trainings", "Formations");
    await auditRowScreens(page, await onlyRow(page, number), "formation");
    await auditShowPage(page, `/trainings/${training.id}`, new RegExp(name));
    await auditEditPage(page, `/trainings/${training.id}/edit`, `Modification de la formation ${name}`);
    await page.getByRole("tab", { name: "Financeurs" }).click();
    await expect(page.getByRole("region", { name: "Financeur n°1" })).toBeVisible();
    await audit(page, "modification d'une formation, onglet Financeurs");
  });

  test("formations : assistant de création (états de l'import, informations, financeurs, récapitulatif)", async ({ page, signIn }) => {
    await signIn("rol_admin", "/trainings/create");
    await expect(heading(page, "Création d'une formation")).toBeVisible();
    await audit(page, "création d'une formation, import");
    await lookupTraining(page, "F2025001", "A01");
    await expect(page.getByRole("link", { name: "Voir la formation" })).toBeVisible();
    await audit(page, "création d'une formation, déjà présente");
    // The simulator's trainings no test saves (README): one with both organisations missing, one with both present.
    await lookupTraining(page, "F2026003", "A02");
    await expect(page.getByRole("region", { name: "Formation trouvée dans Agora" })).toContainText("Matelot");
    await audit(page, "création d'une formation, organismes absents");
    await lookupTraining(page, "F-2026-004", "A01");
    await expect(page.getByRole("region", { name: "Formation trouvée dans Agora" })).toContainText("F-2026-004 / A01");
    await expect(nextButton(page)).toBeEnabled();
    await audit(page, "création d'une formation, trouvée");
    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Informations");
    await nextButton(page).click();
    await expect(page.getByText("Ce champ est obligatoire").first()).toBeVisible();
    await audit(page, "création d'une formation, informations avec erreurs");
    await pickOption(page, trainingField(page, "Objectif"), "Formation certifiante");
    await pickOption(page, trainingField(page, "Dispositif principal"), "Programme régional de formation");
    await pickOption(page, trainingField(page, "Type de formation"), "Certifiante");
    await field(page, "Durée prévisionnelle en centre (heures)").fill("420");
    await field(page, "Durée prévisionnelle en entreprise (heures)").fill("70");
    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Financeurs");
    await audit(page, "création d'une formation, financeurs");
    await nextButton(page).click();
    await expect(wizardStep(page)).toHaveText("Récapitulatif");
    await audit(page, "création d'une formation, récapitulatif");
  });
});
