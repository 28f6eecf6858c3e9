import type { MailMessage } from "./index";

/**
 * Sent to the OLD address when an employee's sign-in e-mail is changed: if someone took the account over this way,
 * the real owner hears of it (their sessions have ended too).
 */
export function emailChangedMail(oldEmail: string, firstName: string, newEmail: string): MailMessage {
  const paragraphs = [
    `Bonjour ${firstName},`,
    `L'adresse e-mail de connexion de votre compte a été remplacée par ${newEmail}. Vos sessions ouvertes ont été fermées ; les prochains messages iront à la nouvelle adresse.`,
    "Si vous n'êtes pas à l'origine de cette demande, prévenez sans attendre votre responsable ou un administrateur.",
  ];
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return {
    to: oldEmail,
    subject: "Modification de l'adresse e-mail de votre compte",
    text: `${paragraphs.join("\n\n")}\n`,
    html: paragraphs.map((p) => `<p>${escape(p)}</p>`).join(""),
  };
}
