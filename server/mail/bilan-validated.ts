import { RESULT_LEVEL_LABEL, RESULT_LEVELS, RESULT_TEXT_FIELDS, type ResultTextField, type SessionAnswerInput } from "../../resources/sessions/schema";
import { frenchDate } from "../sessions/session-days";
import type { MailMessage } from "./index";

const NOT_PROVIDED = "NC.";
const frenchDateTime = (instant: Date | string) =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "short", timeStyle: "short" }).format(new Date(instant));

/**
 * The mail telling the funding authority that a session's bilan was validated (spec part 2 §1): plain French text with the
 * session, every field of the bilan ('NC.' when empty) and the link to the session. One mail, every recipient in `to`.
 */
export function bilanValidatedMail(to: readonly string[], session: SessionAnswerInput, link: string): MailMessage {
  const training = session.training.information;
  const { result, information } = session;
  const period = `du ${frenchDate(information.startDate)} au ${frenchDate(information.endDate)}`;
  const validated = [
    result.validatedDate ? `le ${frenchDateTime(result.validatedDate)}` : "",
    result.validatedBy ? `par ${result.validatedBy.name}` : "",
  ].filter(Boolean);
  const fields = [
    ...(Object.keys(RESULT_TEXT_FIELDS) as ResultTextField[]).map((field) => `${RESULT_TEXT_FIELDS[field].label} : ${result[field] ?? NOT_PROVIDED}`),
    `${RESULT_LEVEL_LABEL} : ${result.level ? RESULT_LEVELS[result.level] : NOT_PROVIDED}`,
  ];
  const text = [
    "Bonjour,",
    "",
    `Le bilan de la session ${period} de la formation « ${training.name} » (n° ${training.number}, action ${training.actionNumber}` +
      `${training.marketNumber ? `, marché ${training.marketNumber}` : ""}) a été validé${validated.length ? ` ${validated.join(" ")}` : ""}.`,
    `Organisme de formation : ${training.educationalOrganization.name} (SIRET ${training.educationalOrganization.siret})`,
    `Organisme contractant : ${training.contractingOrganization.name} (SIRET ${training.contractingOrganization.siret})`,
    "",
    "Bilan de la session",
    ...fields,
    "",
    `Consulter la session : ${link}`,
    "",
  ].join("\n");
  return { to: to.join(", "), subject: `Bilan validé : ${training.name} (${period})`, text, link };
}
