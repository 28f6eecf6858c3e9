import { describe, expect, it } from "vitest";
import { FR, i18nProvider, translate } from "../../providers/i18n-provider";

describe("i18nProvider", () => {
  it("traduit les libellés de Refine en français, valeurs interpolées", () => {
    expect(translate("buttons.save", "Save")).toBe("Sauvegarder");
    expect(translate("buttons.logout", undefined, "Logout")).toBe("Se déconnecter");
    expect(translate("notifications.error", { statusCode: 500 }, "Error (status code: 500)")).toBe("Erreur (code 500)");
    expect(translate("notifications.undoable", { seconds: 5 }, "You have 5 seconds to undo")).toBe("Vous avez 5 secondes pour annuler");
    expect(translate("pages.error.backHome", undefined, "Back Home")).toBe("Retour à l'accueil");
  });

  it("titres de page d'une ressource : le libellé français de la ressource, ou un titre générique", () => {
    expect(translate("trainees.titles.list", "Stagiaires")).toBe("Stagiaires");
    expect(translate("trainees.titles.create", "Create Trainee")).toBe("Création");
    expect(translate("trainees.titles.edit", "Edit Trainee")).toBe("Modification");
    expect(translate("trainees.trainees", "Stagiaires")).toBe("Stagiaires");
  });

  it("aucun texte anglais parmi les traductions des boutons et notifications", () => {
    const english = /\b(the|you|your|save|cancel|delete|edit|create|error|success|successfully|are you sure|refresh|back|home)\b/i;
    const offenders = Object.entries(FR).filter(([, text]) => english.test(text));
    expect(offenders).toEqual([]);
  });

  it("langue : fr", () => {
    expect(i18nProvider.getLocale()).toBe("fr");
  });
});
