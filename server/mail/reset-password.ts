import type { MailMessage } from "./index";

export const RESET_LINK_MINUTES = 30;

/** The reset mail: French, plain text with an HTML twin, the link valid 30 minutes. */
export function resetPasswordMail(to: string, firstName: string, link: string): MailMessage {
  const intro = `Bonjour ${firstName},`;
  const body = `Une demande de réinitialisation du mot de passe de votre compte a été faite. Pour choisir un nouveau mot de passe, ouvrez le lien ci-dessous (valable ${RESET_LINK_MINUTES} minutes, utilisable une seule fois) :`;
  const outro = "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.";
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return {
    to,
    subject: "Réinitialisation de votre mot de passe",
    text: `${intro}\n\n${body}\n\n${link}\n\n${outro}\n`,
    html: `<p>${escape(intro)}</p><p>${escape(body)}</p><p><a href="${escape(link)}">Choisir un nouveau mot de passe</a></p><p>${escape(outro)}</p>`,
    link,
  };
}
