import type { Executor } from "../connection";
import { newId } from "../ids";
import { organizations } from "../schema/index";

/** Demo organisations; `key` lets other demo modules refer to them. */
export const DEMO_ORGANIZATIONS = [
  {
    key: "of-main",
    name: "AFPA ÎLE-DE-FRANCE",
    siret: "82409153600017",
    email: "contact@afpa-idf.demo.test",
    phoneNumber: "0145678901",
    address: { streetNumber: "12", streetType: "RUE", streetName: "de la Formation", zipCode: "75011", city: "Paris" },
  },
  {
    key: "cdc-main",
    name: "RÉGION ÎLE-DE-FRANCE",
    siret: "23750007900312",
    email: "formation@region-idf.demo.test",
    phoneNumber: "0153854200",
    address: { streetNumber: "2", streetType: "RUE", streetName: "Simone Veil", zipCode: "93400", city: "Saint-Ouen-sur-Seine" },
  },
] as const;

export type DemoOrganizationKey = (typeof DEMO_ORGANIZATIONS)[number]["key"];

export async function seedOrganizations(db: Executor): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const { key, address, ...org } of DEMO_ORGANIZATIONS) {
    const id = newId();
    ids[key] = id;
    await db.insert(organizations).values({
      id,
      ...org,
      address: { address1: null, address2: null, address3: null, streetNumberExtension: null, ...address },
    });
  }
  return ids;
}
