/**
 * French texts for Refine's own labels (buttons, notifications, pagination, confirmations, auth pages).
 * Refine calls translate(key, options?, defaultMessage?) and falls back to an English default: every key Refine
 * uses is listed here, so no English word reaches the screen.
 * Resource labels (`<name>.<name>`, `<name>.titles.list`) come from each resource's `meta.label`, already French.
 */
import type { I18nProvider } from "@refinedev/core";

export const FR: Record<string, string> = {
  "buttons.create": "Créer",
  "buttons.save": "Sauvegarder",
  "buttons.logout": "Se déconnecter",
  "buttons.delete": "Supprimer",
  "buttons.edit": "Modifier",
  "buttons.cancel": "Annuler",
  "buttons.confirm": "Êtes-vous sûr ?",
  "buttons.filter": "Filtrer",
  "buttons.clear": "Effacer",
  "buttons.refresh": "Actualiser",
  "buttons.show": "Voir",
  "buttons.list": "Liste",
  "buttons.undo": "Annuler",
  "buttons.import": "Importer",
  "buttons.export": "Exporter",
  "buttons.clone": "Dupliquer",
  "buttons.notAccessTitle": "Vous n'avez pas l'autorisation d'accéder à cette action",
  "actions.list": "Liste",
  "actions.create": "Création",
  "actions.edit": "Modification",
  "actions.show": "Détail",
  "actions.clone": "Duplication",
  "table.actions": "Actions",
  loading: "Chargement…",
  warnWhenUnsavedChanges: "Des modifications ne sont pas sauvegardées. Voulez-vous vraiment quitter la page ?",
  "notifications.success": "Succès",
  "notifications.error": "Erreur (code {{statusCode}})",
  "notifications.undoable": "Vous avez {{seconds}} secondes pour annuler",
  "notifications.createSuccess": "Création réussie",
  "notifications.createError": "Une erreur est survenue lors de la création",
  "notifications.editSuccess": "Modification réussie",
  "notifications.editError": "Une erreur est survenue lors de la sauvegarde",
  "notifications.deleteSuccess": "Suppression réussie",
  "notifications.deleteError": "Une erreur est survenue lors de la suppression",
  "notifications.importProgress": "Import en cours : {{processed}}/{{total}}",
  "autoSave.idle": "En attente de modifications",
  "autoSave.loading": "Sauvegarde…",
  "autoSave.success": "Sauvegardé",
  "autoSave.error": "Échec de la sauvegarde automatique",
  "documentTitle.default": "Dossiers de formation",
  "documentTitle.suffix": " | Dossiers de formation",
  "pages.error.404": "Cette page est introuvable.",
  "pages.error.resource404": "Cette page est introuvable.",
  "pages.error.backHome": "Retour à l'accueil",
  "pages.error.info": "Cette action n'est pas disponible.",
  "pages.login.title": "Connexion",
  "pages.login.signin": "Se connecter",
  "pages.login.signup": "Créer un compte",
  "pages.login.register": "Créer un compte",
  "pages.login.divider": "ou",
  "pages.login.fields.email": "E-mail",
  "pages.login.fields.password": "Mot de passe",
  "pages.login.errors.validEmail": "Cette adresse email n'est pas valide",
  "pages.login.errors.requiredEmail": "Une adresse email est requise",
  "pages.login.errors.requiredPassword": "Un mot de passe est requis",
  "pages.login.buttons.rememberMe": "Se souvenir de moi",
  "pages.login.buttons.forgotPassword": "Mot de passe oublié ?",
  "pages.login.buttons.noAccount": "Pas encore de compte ?",
  "pages.login.buttons.haveAccount": "Déjà un compte ?",
  "pages.login.forgotPassword.haveAccount": "Déjà un compte ?",
  "pages.forgotPassword.title": "Mot de passe oublié",
  "pages.forgotPassword.fields.email": "E-mail",
  "pages.forgotPassword.errors.validEmail": "Cette adresse email n'est pas valide",
  "pages.forgotPassword.buttons.submit": "Envoyer le lien de réinitialisation",
  "pages.forgotPassword.buttons.haveAccount": "Déjà un compte ?",
  "pages.forgotPassword.signin": "Se connecter",
  "pages.register.title": "Créer un compte",
  "pages.register.fields.email": "E-mail",
  "pages.register.fields.password": "Mot de passe",
  "pages.register.errors.validEmail": "Cette adresse email n'est pas valide",
  "pages.register.buttons.submit": "Créer le compte",
  "pages.register.buttons.haveAccount": "Déjà un compte ?",
  "pages.register.signin": "Se connecter",
  "pages.register.divider": "ou",
  "pages.updatePassword.title": "Nouveau mot de passe",
  "pages.updatePassword.fields.password": "Nouveau mot de passe",
  "pages.updatePassword.fields.confirmPassword": "Confirmation du mot de passe",
  "pages.updatePassword.errors.confirmPasswordNotMatch": "La confirmation de mot de passe doit être identique au mot de passe original",
  "pages.updatePassword.buttons.submit": "Valider",
};

/** Titles of a resource's pages when the resource gives none of its own. */
const TITLES: Record<string, string> = { create: "Création", edit: "Modification", show: "Détail", clone: "Duplication" };

const interpolate = (text: string, values: Record<string, unknown> | undefined) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values?.[name] ?? ""));

/** Refine passes either (key, defaultMessage) or (key, options, defaultMessage). */
export function translate(key: string, options?: unknown, defaultMessage?: string): string {
  const values = options !== null && typeof options === "object" ? (options as Record<string, unknown>) : undefined;
  const fallback = typeof options === "string" ? options : defaultMessage;
  const known = FR[key];
  if (known !== undefined) return interpolate(known, values);
  const title = /^[\w-]+\.titles\.(\w+)$/.exec(key);
  if (title && title[1] !== "list") return TITLES[title[1] ?? ""] ?? fallback ?? key;
  return fallback ?? key;
}

export const i18nProvider: I18nProvider = {
  translate,
  changeLocale: () => Promise.resolve(),
  getLocale: () => "fr",
};
