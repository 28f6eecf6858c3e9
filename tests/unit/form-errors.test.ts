import type { HttpError } from "@refinedev/core";
import { describe, expect, it } from "vitest";
import { saveError } from "../../src/components/form-errors";

const FAILED = "Une erreur est survenue lors de la sauvegarde.";
const TRAINEE_EMAIL_TAKEN = "Ce mail est déjà utilisé pour un autre stagiaire.";

describe("saveError", () => {
  it("409 où le message de l'API est celui de l'écran (stagiaires) : ce seul message, sans le message générique", () => {
    // The trainee screens: the API says which of the e-mail and the NIR is taken.
    expect(saveError({ statusCode: 409, message: TRAINEE_EMAIL_TAKEN } satisfies HttpError, { conflictFromApi: true, failed: FAILED })).toEqual({
      message: TRAINEE_EMAIL_TAKEN,
    });
  });

  it("409 avec le message de l'écran : celui-ci", () => {
    const conflict = "Ce mail est déjà utilisé pour un autre employé.";
    expect(saveError({ statusCode: 409, message: "autre" }, { conflict, failed: FAILED })).toEqual({ message: conflict });
  });

  it("409 sans message propre à l'écran (création d'organisme) : le message de la spécification, la raison de l'API dessous", () => {
    const failed = "Une erreur est survenue lors de la création";
    const reason = "Ce SIRET est déjà utilisé par un autre organisme.";
    expect(saveError({ statusCode: 409, message: reason }, { failed })).toEqual({ message: failed, detail: reason });
  });

  it("403 : le message générique de l'écran, la raison donnée par le serveur dessous", () => {
    const reason = "Cet employé est aussi rattaché à des organismes hors de votre périmètre : seul un administrateur peut le modifier.";
    expect(saveError({ statusCode: 403, message: reason }, { failed: FAILED })).toEqual({ message: FAILED, detail: reason });
  });

  it("tout autre échec : le message générique de l'écran", () => {
    expect(saveError({ statusCode: 500, message: "Internal Server Error" }, { conflictFromApi: true, failed: FAILED })).toEqual({ message: FAILED });
  });
});
