/**
 * French identifiers for generated data: NIR (social security number) and SIRET, with their check keys, and UUID v7 ids
 * dated at a given instant (the app's ids are UUID v7 without hyphens: server/db/ids.ts).
 */

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** Luhn check on a digit string (SIREN and SIRET are Luhn-valid). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digit that makes `digits + d` Luhn-valid. */
export function luhnCheckDigit(digits: string): number {
  for (let d = 0; d < 10; d++) if (luhnValid(digits + d)) return d;
  throw new Error("unreachable");
}

/**
 * A Luhn-valid SIRET (SIREN of 9 digits, itself Luhn-valid, then a 5-digit establishment number) for the n-th generated
 * organisation. SIRENs starting with 9 are not used by the demo data, so generated ones never collide with it.
 */
export function siretFor(n: number): string {
  const sirenBase = pad(90_000_000 + (n % 10_000_000), 8);
  const siren = sirenBase + luhnCheckDigit(sirenBase);
  const nicBase = siren + pad(1 + Math.floor(n / 10_000_000), 4);
  return nicBase + luhnCheckDigit(nicBase);
}

export interface NirParts {
  gender: "MALE" | "FEMALE";
  /** YYYY-MM-DD */
  birthDate: string;
  /** Département of birth as the NIR writes it ("01"…"95", "2A", "2B", "97"), or "99" for a birth abroad. */
  birthPlace: string;
  /** Commune (or country, when born abroad) code, 1–999. */
  commune: number;
  /** Order number within the commune and month, 1–999. */
  order: number;
}

/** The 13-character NIR the product stores (without its key): sex, year, month, place of birth, commune, order. */
export function nir13({ gender, birthDate, birthPlace, commune, order }: NirParts): string {
  const [year, month] = birthDate.split("-");
  return `${gender === "MALE" ? 1 : 2}${year!.slice(2)}${month}${birthPlace}${pad(commune, 3)}${pad(order, 3)}`;
}

/** The NIR's 2-digit key: 97 − (NIR mod 97), Corsica's 2A/2B counted as 19/18. */
export function nirKey(nir: string): string {
  const numeric = nir.replace(/^(.{5})2A/, "$119").replace(/^(.{5})2B/, "$118");
  return pad(97 - Number(BigInt(numeric) % 97n), 2);
}

/** Whether a 15-character NIR (13 + key) carries the right key. */
export const nirKeyValid = (nir15: string) => /^[12]\d{4}(\d{2}|2A|2B)\d{6}\d{2}$/.test(nir15) && nirKey(nir15.slice(0, 13)) === nir15.slice(13);

/** A UUID v7 (32 hex characters) whose timestamp is `ms`, the rest from `random` (0 ≤ x < 1). */
export function uuidV7At(ms: number, random: () => number): string {
  const hex = (n: number, width: number) => Math.floor(n).toString(16).padStart(width, "0");
  const r = () => hex(random() * 0x10000, 4);
  const variant = (8 + Math.floor(random() * 4)).toString(16);
  return `${hex(ms, 12)}7${r().slice(1)}${variant}${r().slice(1)}${r()}${r()}${r()}`;
}
