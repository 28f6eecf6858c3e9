/**
 * Authentication messages and rules without zod: the login page checks its two fields with these few lines so that /login
 * does not download zod and react-hook-form (issue 11). resources/auth/schema.ts builds the API's and the other forms' zod
 * schemas from the same messages, pattern and password rule.
 */

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

/** What an e-mail address must look like (zod 4's own e-mail pattern, given to `z.email` so both sides agree). */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** At least 8 characters with a lower-case letter, an upper-case letter, a digit and a special character. */
export const isStrongPassword = (value: string) =>
  value.length >= 8 && /\p{Ll}/u.test(value) && /\p{Lu}/u.test(value) && /\d/.test(value) && /[^\p{L}\d]/u.test(value);

/** The message an e-mail field shows (checked once trimmed, as the API trims it), or undefined when it is valid. */
export function emailError(value: string): string | undefined {
  const email = value.trim();
  if (!email) return AUTH_MSG.emailRequired;
  return EMAIL_PATTERN.test(email) ? undefined : AUTH_MSG.emailInvalid;
}

/** The message a new or login password field shows, or undefined when it is valid. */
export function passwordError(value: string): string | undefined {
  if (!value) return AUTH_MSG.passwordRequired;
  return isStrongPassword(value) ? undefined : AUTH_MSG.passwordWeak;
}
