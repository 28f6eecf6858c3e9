/**
 * Test SIRETs the data-quality gate accepts (resources/quality/siret.ts: 14 digits, the last a Luhn key), shared by the API tests'
 * and the Playwright specs' helpers: a test organisation with a wrong key would make the gate refuse its records' pushes.
 */
import { luhnValid } from "../../resources/quality/siret";

/** The 14-digit SIRET made of these 13 digits and the one key digit that makes it pass Luhn. */
export function withLuhnKey(body: string): string {
  if (!/^\d{13}$/.test(body)) throw new Error(`13 chiffres attendus : ${body}`);
  return body + [..."0123456789"].find((key) => luhnValid(body + key))!;
}
