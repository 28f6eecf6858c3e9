import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emailError, passwordError } from "../../resources/auth/rules";
import {
  AUTH_MSG,
  isStrongPassword,
  loginSchema,
  newPasswordSchema,
  resetPasswordBodySchema,
  resetRequestSchema,
} from "../../resources/auth/schema";

/** The message a form shows per field: the first issue of each path (react-hook-form's default criteriaMode). */
function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const shown: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) shown[issue.path.join(".")] ??= issue.message;
  return shown;
}

describe("AUTH_MSG (spec part 1 §5 and §8, verbatim)", () => {
  it("holds every authentication message word for word", () => {
    expect(AUTH_MSG).toEqual({
      emailRequired: "Une adresse email est requise",
      emailInvalid: "Cette adresse email n'est pas valide",
      passwordRequired: "Un mot de passe est requis",
      passwordWeak:
        "Le mot de passe n'est pas assez fort (minimum 8 caractères, une lettre minuscule, une lettre majuscule, un chiffre et un symbole",
      confirmationRequired: "La confirmation de mot de passe est requise",
      confirmationMismatch: "La confirmation de mot de passe doit être identique au mot de passe original",
      badCredentials: "Email ou mot de passe incorrect",
      loginFailed: "Une erreur est survenue lors de l'authentification",
      resetRequestFailed: "Une erreur est survenue lors de la demande de réinitialisation de mot de passe",
      resetFailed: "Une erreur est survenue lors de la réinitialisation de mot de passe",
      resetLinkInvalid: "Ce lien de réinitialisation est invalide, a expiré ou a déjà été utilisé.",
    });
  });
});

describe("isStrongPassword: 8 characters, a lower-case, an upper-case, a digit, a symbol", () => {
  it.each([
    ["Abcdef1!", true],
    ["Mot-De-Passe-2026", true],
    ["Élève-école9", true],
    ["aB3$aB3$aB3$aB3$", true],
    ["Abcde1!", false],
    ["abcdef1!", false],
    ["ABCDEF1!", false],
    ["Abcdefg!", false],
    ["Abcdefg1", false],
    ["", false],
    ["        ", false],
  ])("%j → %s", (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });
});

describe("loginSchema (the login form)", () => {
  it("accepts a valid e-mail and strong password, trims the e-mail, longTTL false by default", () => {
    const parsed = loginSchema.parse({ email: "  agent@exemple.fr ", password: "Abcdef1!" });
    expect(parsed).toEqual({ email: "agent@exemple.fr", password: "Abcdef1!", longTTL: false });
    expect(loginSchema.parse({ email: "agent@exemple.fr", password: "Abcdef1!", longTTL: true }).longTTL).toBe(true);
  });

  it.each([
    [{ password: "Abcdef1!" }, { email: "Une adresse email est requise" }],
    [{ email: "", password: "Abcdef1!" }, { email: "Une adresse email est requise" }],
    [{ email: "   ", password: "Abcdef1!" }, { email: "Une adresse email est requise" }],
    [{ email: "agent@", password: "Abcdef1!" }, { email: "Cette adresse email n'est pas valide" }],
    [{ email: "agent@exemple.fr" }, { password: "Un mot de passe est requis" }],
    [{ email: "agent@exemple.fr", password: "" }, { password: "Un mot de passe est requis" }],
    [
      { email: "agent@exemple.fr", password: "faible" },
      { password: "Le mot de passe n'est pas assez fort (minimum 8 caractères, une lettre minuscule, une lettre majuscule, un chiffre et un symbole" },
    ],
  ])("%j → %j", (input, expected) => {
    expect(errors(loginSchema.safeParse(input))).toEqual(expected);
  });
});

describe("emailError and passwordError (the login page's zod-free checks) agree with loginSchema", () => {
  const schemaErrors = (email: string, password: string) => errors(loginSchema.safeParse({ email, password }));

  it.each([
    ["", ""],
    ["   ", "Abcdef1!"],
    ["agent@", "faible"],
    [" agent@exemple.fr ", "Abcdef1!"],
    ["jean.dupont", "motdepasse"],
    ["jean..dupont@exemple.fr", "Motdepasse-1"],
    [".jean@exemple.fr", "Élève-école9"],
    ["jean.@exemple.fr", "Abcde1!"],
    ["o'neil+tag@sous-domaine.exemple.fr", "ABCDEF1!"],
    ["agent@exemple.f", "        "],
    ["agent@-exemple.fr", "aB3$aB3$"],
  ])("%j, %j", (email, password) => {
    expect({ email: emailError(email), password: passwordError(password) }).toEqual(schemaErrors(email, password));
  });

  it("for any e-mail and password", () => {
    const emailLike = fc.oneof(
      fc.string(),
      fc.emailAddress(),
      fc.tuple(fc.string({ unit: fc.constantFrom("a", "Z", "0", ".", "-", "_", "'", "+", "@", " ") }), fc.constantFrom("", "@exemple.fr", ".fr")).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(emailLike, fc.string({ unit: "grapheme" }), (email, password) => {
        expect({ email: emailError(email), password: passwordError(password) }).toEqual(schemaErrors(email, password));
      }),
      { seed: 11, numRuns: 2000 },
    );
  });
});

describe("resetRequestSchema", () => {
  it("needs a valid e-mail", () => {
    expect(resetRequestSchema.parse({ email: " agent@exemple.fr" })).toEqual({ email: "agent@exemple.fr" });
    expect(errors(resetRequestSchema.safeParse({}))).toEqual({ email: "Une adresse email est requise" });
    expect(errors(resetRequestSchema.safeParse({ email: "agent" }))).toEqual({ email: "Cette adresse email n'est pas valide" });
  });
});

describe("newPasswordSchema (the new-password form)", () => {
  it("accepts a strong password confirmed identically", () => {
    expect(newPasswordSchema.safeParse({ password: "Abcdef1!", confirmation: "Abcdef1!" }).success).toBe(true);
  });

  it.each([
    [{ password: "Abcdef1!", confirmation: "" }, { confirmation: "La confirmation de mot de passe est requise" }],
    [{ password: "Abcdef1!" }, { confirmation: "La confirmation de mot de passe est requise" }],
    [
      { password: "Abcdef1!", confirmation: "Abcdef1?" },
      { confirmation: "La confirmation de mot de passe doit être identique au mot de passe original" },
    ],
    [{ password: "", confirmation: "" }, { password: "Un mot de passe est requis", confirmation: "La confirmation de mot de passe est requise" }],
    [
      { password: "abcdefgh", confirmation: "abcdefgh" },
      { password: "Le mot de passe n'est pas assez fort (minimum 8 caractères, une lettre minuscule, une lettre majuscule, un chiffre et un symbole" },
    ],
  ])("%j → %j", (input, expected) => {
    expect(errors(newPasswordSchema.safeParse(input))).toEqual(expected);
  });
});

describe("resetPasswordBodySchema (PATCH /api/users/reset-password)", () => {
  it("needs a strong password and a token", () => {
    expect(resetPasswordBodySchema.safeParse({ password: "Abcdef1!", token: "jeton" }).success).toBe(true);
    expect(errors(resetPasswordBodySchema.safeParse({ password: "abc", token: "jeton" }))).toEqual({
      password: "Le mot de passe n'est pas assez fort (minimum 8 caractères, une lettre minuscule, une lettre majuscule, un chiffre et un symbole",
    });
    expect(errors(resetPasswordBodySchema.safeParse({ password: "Abcdef1!", token: "" }))).toEqual({ token: "Le jeton est requis" });
    expect(resetPasswordBodySchema.safeParse({ password: "Abcdef1!", token: "x".repeat(201) }).success).toBe(false);
  });
});
