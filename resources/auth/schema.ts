import { z } from "zod";

/** Authentication messages, verbatim from spec part 1 §5 and §8. */
export const AUTH_MSG = {
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
  /** The API's answer to a link past its 30 minutes, already used or unknown (the spec quotes no message for it). */
  resetLinkInvalid: "Ce lien de réinitialisation est invalide, a expiré ou a déjà été utilisé.",
} as const;

/** At least 8 characters with a lower-case letter, an upper-case letter, a digit and a special character. */
export const isStrongPassword = (value: string) =>
  value.length >= 8 && /\p{Ll}/u.test(value) && /\p{Lu}/u.test(value) && /\d/.test(value) && /[^\p{L}\d]/u.test(value);

const email = z.string({ error: AUTH_MSG.emailRequired }).trim().min(1, AUTH_MSG.emailRequired).pipe(z.email(AUTH_MSG.emailInvalid));
const strongPassword = z
  .string({ error: AUTH_MSG.passwordRequired })
  .min(1, { error: AUTH_MSG.passwordRequired, abort: true })
  .refine(isStrongPassword, AUTH_MSG.passwordWeak);

export const loginSchema = z.object({
  email,
  password: strongPassword,
  longTTL: z.boolean().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

export const resetRequestSchema = z.object({ email });

export const newPasswordSchema = z
  .object({
    password: strongPassword,
    confirmation: z.string({ error: AUTH_MSG.confirmationRequired }).min(1, { error: AUTH_MSG.confirmationRequired, abort: true }),
  })
  .refine((v) => v.password === v.confirmation, { path: ["confirmation"], message: AUTH_MSG.confirmationMismatch });

/** Body of PATCH /api/users/reset-password. */
export const resetPasswordBodySchema = z.object({
  password: strongPassword,
  token: z.string().min(1, "Le jeton est requis").max(200),
});
