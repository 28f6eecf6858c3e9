/**
 * Postal code ↔ commune ↔ département, given the communes of the postal code from the official data (INSEE's Code officiel
 * géographique with La Poste's postal codes, as @etalab/decoupage-administratif publishes them; the server holds it, see
 * server/quality/communes.ts). Pure, so a form can run it on the communes GET /api/communes answered.
 */
import type { AgoraSource } from "../records/agora-errors";
import { blocking, warning, type QualityCheck } from "./check";
import { withoutAccents } from "../common/text";

/** A commune a postal code serves, as INSEE spells it; `formerNames`: its delegated or associated communes (still written on letters). */
export interface PostalCommune {
  code: string;
  name: string;
  /** '75', '2A', '971' … */
  department: string;
  formerNames?: readonly string[];
  /** A municipal arrondissement of Paris, Lyon or Marseille: matched, but the postal city is the commune's name. */
  arrondissement?: boolean;
}

/**
 * A city name reduced to compare as La Poste does: no accents nor case, punctuation as spaces, 'ST'/'STE' as 'SAINT'/'SAINTE',
 * without a trailing 'CEDEX 07' (La Poste's address standard, NF Z10-011, abbreviates and upper-cases the locality line).
 */
export function normalizeCity(name: string): string {
  return withoutAccents(name)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .replace(/\bCEDEX\b(\s+\d+)?/g, " ")
    .trim()
    .split(/\s+/)
    .map((word) => (word === "ST" ? "SAINT" : word === "STE" ? "SAINTE" : word))
    .join(" ");
}

/** The commune of `communes` whose name (or a former commune's) is `city`. */
function communeNamed(communes: readonly PostalCommune[], city: string): PostalCommune | undefined {
  const wanted = normalizeCity(city);
  return communes.find((c) => normalizeCity(c.name) === wanted || (c.formerNames ?? []).some((n) => normalizeCity(n) === wanted));
}

export const POSTAL_MSG = {
  unknownPostalCode: (zip: string) => `Le code postal ${zip} n'existe pas`,
  cityNotOfPostalCode: (city: string, zip: string, names: string[]) =>
    `La commune « ${city} » ne correspond pas au code postal ${zip} (${names.join(", ")})`,
  otherDepartment: (zip: string, department: string) => `Le code postal ${zip} n'est pas dans le département ${department} du stagiaire`,
} as const;

export interface PostalWhere {
  source: AgoraSource;
  /** 'address' → 'address.zipCode', 'address.city'. */
  field: string;
  /** The catalogue entry of an unknown commune or postal code for this source (1022 trainee, 47 training location). */
  agoraCode: number;
}

/**
 * The postal code exists (blocking), the city is one of its communes (a warning: La Poste still delivers to former names and
 * spellings the data lacks), and when a département is expected, the commune is in it (blocking).
 */
export function checkPostalAddress(
  address: { zipCode: string; city: string },
  communes: readonly PostalCommune[],
  where: PostalWhere,
  expectedDepartment: string | null = null,
): QualityCheck[] {
  const at = (part: string) => ({ source: where.source, field: `${where.field}.${part}`, agoraCode: where.agoraCode });
  if (communes.length === 0) {
    return [blocking({ ...at("zipCode"), code: "postal.unknown", message: POSTAL_MSG.unknownPostalCode(address.zipCode) })];
  }
  const named = communeNamed(communes, address.city);
  const checks: QualityCheck[] = named
    ? []
    : [
        warning({
          ...at("city"),
          code: "postal.city",
          message: POSTAL_MSG.cityNotOfPostalCode(address.city, address.zipCode, [...new Set(communes.map((c) => c.name))]),
        }),
      ];
  const candidates = named ? [named] : communes;
  if (expectedDepartment && !candidates.some((c) => c.department === expectedDepartment)) {
    checks.push(blocking({ ...at("zipCode"), code: "postal.department", message: POSTAL_MSG.otherDepartment(address.zipCode, expectedDepartment) }));
  }
  return checks;
}
