/**
 * The official communes (INSEE's Code officiel géographique with La Poste's postal codes, from @etalab/decoupage-administratif),
 * loaded once on first use into two small maps: the communes of each postal code, and every commune code the NIR may name
 * (current, delegated, associated, Paris/Lyon/Marseille arrondissements, and former codes such as Corsica's 20xxx before 2A/2B).
 * The 8.6 MB file is read asynchronously and dropped once indexed: about 7 MB of heap kept, a peak of about +80 MB RSS while
 * parsing (0.2–0.4 s), back to about +40 MB RSS a few seconds later (measured with process.memoryUsage, issue 15).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { PostalCommune } from "../../resources/quality/postal";

/** The fields we read of a row of communes.json (the package's README lists them). */
export interface CommuneRow {
  code: string;
  nom: string;
  departement: string;
  type: string;
  codesPostaux?: string[];
  anciensCodes?: string[];
  chefLieu?: string;
}

const isStrings = (value: unknown) => value === undefined || (Array.isArray(value) && value.every((v) => typeof v === "string"));

/**
 * Checked field by field rather than with a zod schema: zod would copy the 37,000 rows, and the copy doubled the load's peak
 * memory (170 MB RSS instead of about 135 MB).
 */
function isCommuneRow(value: unknown): value is CommuneRow {
  if (typeof value !== "object" || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row.code === "string" &&
    typeof row.nom === "string" &&
    typeof row.departement === "string" &&
    typeof row.type === "string" &&
    (row.chefLieu === undefined || typeof row.chefLieu === "string") &&
    isStrings(row.codesPostaux) &&
    isStrings(row.anciensCodes)
  );
}

export interface CommuneIndex {
  communesOf(postalCode: string): readonly PostalCommune[];
  /** Whether an INSEE commune code exists now or existed (a former code), e.g. from a NIR. */
  isKnownCommune(code: string): boolean;
}

export function buildCommuneIndex(rows: readonly CommuneRow[]): CommuneIndex {
  const formerNames = new Map<string, string[]>();
  const known = new Set<string>();
  for (const row of rows) {
    known.add(row.code);
    for (const old of row.anciensCodes ?? []) known.add(old);
    if (row.chefLieu && row.chefLieu !== row.code) formerNames.set(row.chefLieu, [...(formerNames.get(row.chefLieu) ?? []), row.nom]);
    // A delegated commune keeping its chief town's code (chefLieu = code) is still a name written on letters.
    if (row.type !== "commune-actuelle" && row.type !== "arrondissement-municipal" && row.chefLieu === row.code) {
      formerNames.set(row.code, [...(formerNames.get(row.code) ?? []), row.nom]);
    }
  }
  const byPostalCode = new Map<string, PostalCommune[]>();
  for (const row of rows) {
    for (const postalCode of row.codesPostaux ?? []) {
      const former = formerNames.get(row.code);
      const commune: PostalCommune = {
        code: row.code,
        name: row.nom,
        department: row.departement,
        ...(former ? { formerNames: former } : {}),
        ...(row.type === "arrondissement-municipal" ? { arrondissement: true } : {}),
      };
      byPostalCode.set(postalCode, [...(byPostalCode.get(postalCode) ?? []), commune]);
    }
  }
  return { communesOf: (postalCode) => byPostalCode.get(postalCode) ?? [], isKnownCommune: (code) => known.has(code.toUpperCase()) };
}

async function load(): Promise<CommuneIndex> {
  const file = createRequire(import.meta.url).resolve("@etalab/decoupage-administratif/data/communes.json");
  const rows: unknown = JSON.parse(await readFile(file, "utf8"));
  if (!Array.isArray(rows) || !rows.every(isCommuneRow)) throw new Error(`${file} : format inattendu des communes`);
  return buildCommuneIndex(rows);
}

let loading: Promise<CommuneIndex> | undefined;

/** The index, loaded on first call (a failed load is retried on the next). */
export function communeIndex(): Promise<CommuneIndex> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
