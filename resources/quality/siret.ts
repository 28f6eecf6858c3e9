/**
 * SIRET checks (organisations, funders, employer). Sources: INSEE, "Le numéro SIRET" (14 digits: the SIREN then the NIC), whose
 * last digit is a Luhn key (ISO/IEC 7812-1, annex B); La Poste's establishments share SIREN 356000000 and are too many for the
 * key, so theirs is "the sum of the 14 digits is a multiple of 5"
 * (https://fr.wikipedia.org/wiki/Syst%C3%A8me_d%27identification_du_r%C3%A9pertoire_des_%C3%A9tablissements#Calcul_de_la_cl%C3%A9).
 * Its head office, 356 000 000 00048, predates that rule and only passes Luhn: both are accepted for La Poste.
 */
import type { AgoraSource } from "../records/agora-errors";
import { blocking, type QualityCheck } from "./check";

const LA_POSTE_SIREN = "356000000";

const digitsOf = (value: string) => [...value].map(Number);

/** Luhn: from the right, every second digit doubled (minus 9 above 9); valid when the sum is a multiple of 10. */
export function luhnValid(value: string): boolean {
  if (!/^\d+$/.test(value)) return false;
  const sum = digitsOf(value)
    .reverse()
    .reduce((total, digit, index) => {
      if (index % 2 === 0) return total + digit;
      const doubled = digit * 2;
      return total + (doubled > 9 ? doubled - 9 : doubled);
    }, 0);
  return sum % 10 === 0;
}

export type SiretProblem = "format" | "key";

/** Why a SIRET is wrong, or null when it is right. */
export function siretProblem(value: string): SiretProblem | null {
  if (!/^\d{14}$/.test(value)) return "format";
  if (luhnValid(value)) return null;
  return value.startsWith(LA_POSTE_SIREN) && digitsOf(value).reduce((a, b) => a + b, 0) % 5 === 0 ? null : "key";
}

export const isValidSiret = (value: string): boolean => siretProblem(value) === null;

const SIRET_MESSAGES: Record<SiretProblem, (label: string) => string> = {
  format: (label) => `Le SIRET ${label} doit comporter 14 chiffres`,
  key: (label) => `Le SIRET ${label} est invalide (clé de contrôle incorrecte)`,
};

/**
 * The check of one SIRET; `label` completes 'Le SIRET …' ("de l'organisme de formation"), `agoraCode` is the catalogue entry
 * of that SIRET (63 organisation, 69 funder, 272 employer). Nothing when the SIRET is absent: completeness says when it is required.
 */
export function checkSiret(
  value: string | null | undefined,
  where: { label: string; source: AgoraSource; field: string; agoraCode: number },
): QualityCheck[] {
  if (value === null || value === undefined || value === "") return [];
  const problem = siretProblem(value);
  if (!problem) return [];
  return [blocking({ code: `siret.${problem}`, agoraCode: where.agoraCode, message: SIRET_MESSAGES[problem](where.label), source: where.source, field: where.field })];
}
