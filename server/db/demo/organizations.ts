import type { Address } from "../../../resources/common/address";
import type { Executor } from "../connection";
import { newId } from "../ids";
import { organizations } from "../schema/index";

type DemoAddress = Partial<Address> & Pick<Address, "streetName" | "zipCode" | "city">;

/**
 * Demo organisations; `key` lets other demo modules refer to them, `kind` says whether it is a training organisation (OF)
 * or a contracting body (CDC). The first five carry the SIRETs of the logo map (resources/organizations/schema.ts).
 */
export const DEMO_ORGANIZATIONS = [
  { key: "of-main", kind: "OF", name: "AFPA ÎLE-DE-FRANCE", siret: "82409153600014", email: "contact@afpa-idf.demo.test", phoneNumber: "0145678901",
    address: { streetNumber: "12", streetType: "RUE", streetName: "de la Formation", zipCode: "75011", city: "Paris" } },
  { key: "cdc-main", kind: "CDC", name: "RÉGION ÎLE-DE-FRANCE", siret: "23750007900312", email: "formation@region-idf.demo.test", phoneNumber: "0153854200",
    address: { streetNumber: "2", streetType: "RUE", streetName: "Simone Veil", zipCode: "93400", city: "Saint-Ouen-sur-Seine" } },
  { key: "cdc-france-travail", kind: "CDC", name: "FRANCE TRAVAIL ÎLE-DE-FRANCE", siret: "13000548100010", email: "achats-formation@francetravail.demo.test", phoneNumber: "0140306000",
    address: { streetNumber: "3", streetType: "AV", streetName: "du Stade de France", zipCode: "93200", city: "Saint-Denis" } },
  { key: "of-cnam", kind: "OF", name: "CNAM PARIS", siret: "19750003700019", email: "formation-continue@cnam.demo.test", phoneNumber: "0140272000",
    address: { streetNumber: "292", streetType: "RUE", streetName: "Saint-Martin", zipCode: "75003", city: "Paris" } },
  { key: "cdc-opco-sante", kind: "CDC", name: "OPCO SANTÉ", siret: "85332164800026", email: "contact@opco-sante.demo.test", phoneNumber: "0144838400",
    address: { streetNumber: "31", streetType: "RUE", streetName: "Anatole France", zipCode: "92300", city: "Levallois-Perret" } },
  { key: "of-greta-lyon", kind: "OF", name: "GRETA LYON MÉTROPOLE", siret: "19690001200028", email: "accueil@greta-lyon.demo.test", phoneNumber: "0478621010",
    address: { streetNumber: "41", streetType: "RUE", streetName: "Pasteur", zipCode: "69007", city: "Lyon", address2: "Bâtiment B" } },
  { key: "of-cfa-nantes", kind: "OF", name: "CFA DES MÉTIERS DE NANTES", siret: "44019383500038", email: "cfa@metiers-nantes.demo.test", phoneNumber: "0240891234",
    address: { streetNumber: "8", streetType: "BD", streetName: "Gustave Roch", zipCode: "44200", city: "Nantes" } },
  { key: "of-ifsi-lille", kind: "OF", name: "IFSI DU CHU DE LILLE", siret: "26590092100049", email: "ifsi@chu-lille.demo.test", phoneNumber: "0320444455",
    address: { streetNumber: "2", streetType: "AV", streetName: "Oscar Lambret", zipCode: "59000", city: "Lille" } },
  { key: "of-cci-bordeaux", kind: "OF", name: "CCI FORMATION BORDEAUX GIRONDE", siret: "18330001600056", email: "formation@cci-bordeaux.demo.test", phoneNumber: "0556799050",
    address: { streetNumber: "10", streetType: "PL", streetName: "de la Bourse", zipCode: "33000", city: "Bordeaux" } },
  { key: "of-batiment-rouen", kind: "OF", name: "ÉCOLE DU BÂTIMENT DE NORMANDIE", siret: "77560127900067", email: "contact@btp-normandie.demo.test", phoneNumber: "0235601122",
    address: { streetNumber: "14", streetNumberExtension: "BIS", streetType: "CHE", streetName: "des Compagnons", zipCode: "76000", city: "Rouen" } },
  { key: "of-numerique-toulouse", kind: "OF", name: "ACADÉMIE DU NUMÉRIQUE D'OCCITANIE", siret: "83154261700079", email: "bonjour@numerique-occitanie.demo.test", phoneNumber: "0561223344",
    address: { streetNumber: "5", streetType: "ALL", streetName: "Jean Jaurès", zipCode: "31000", city: "Toulouse", address1: "3e étage" } },
  { key: "cdc-region-hdf", kind: "CDC", name: "RÉGION HAUTS-DE-FRANCE", siret: "20005376700089", email: "formation@hautsdefrance.demo.test", phoneNumber: "0374275000",
    address: { streetNumber: "151", streetType: "AV", streetName: "du Président Hoover", zipCode: "59555", city: "Lille" } },
  { key: "cdc-region-ara", kind: "CDC", name: "RÉGION AUVERGNE-RHÔNE-ALPES", siret: "20005372200092", email: "formation@auvergnerhonealpes.demo.test", phoneNumber: "0426734000",
    address: { streetNumber: "1", streetType: "ESP", streetName: "François Mitterrand", zipCode: "69002", city: "Lyon" } },
  { key: "cdc-agefiph", kind: "CDC", name: "AGEFIPH", siret: "32451872600108", email: "partenaires@agefiph.demo.test", phoneNumber: "0800111009",
    address: { streetNumber: "192", streetType: "AV", streetName: "Aristide Briand", zipCode: "92220", city: "Bagneux" } },
  { key: "cdc-departement-gironde", kind: "CDC", name: "DÉPARTEMENT DE LA GIRONDE", siret: "22330001300115", email: "insertion@gironde.demo.test", phoneNumber: "0556993333",
    address: { streetNumber: "1", streetType: "ESP", streetName: "Charles de Gaulle", zipCode: "33000", city: "Bordeaux" } },
] as const satisfies readonly { key: string; kind: "OF" | "CDC"; name: string; siret: string; email: string; phoneNumber: string; address: DemoAddress }[];

export type DemoOrganizationKey = (typeof DEMO_ORGANIZATIONS)[number]["key"];

export async function seedOrganizations(db: Executor): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const { key, kind: _kind, address, ...org } of DEMO_ORGANIZATIONS) {
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
