import { DEMO_ORGANIZATIONS, type DemoOrganizationKey } from "../../db/demo/organizations";
import { DEMO_TRAININGS, fullAddress } from "../../db/demo/trainings";
import type { AgoraOrganization, AgoraTraining } from "../types";

const demoOrganization = (key: DemoOrganizationKey): AgoraOrganization => {
  const org = DEMO_ORGANIZATIONS.find((o) => o.key === key);
  if (!org) throw new Error(`Organisme de démonstration inconnu : ${key}`);
  return { name: org.name, siret: org.siret, address: fullAddress(org.address) };
};

/** An organisation the product does not hold: the import offers 'Créer l'organisme'. */
export const UNKNOWN_CONTRACTING_ORGANIZATION: AgoraOrganization = {
  name: "RÉGION NORMANDIE",
  siret: "20005375900011",
  address: fullAddress({ streetNumber: "5", streetType: "RUE", streetName: "Robert Schuman", zipCode: "14000", city: "Caen" }),
};

export const UNKNOWN_EDUCATIONAL_ORGANIZATION: AgoraOrganization = {
  name: "INSTITUT DES MÉTIERS DE LA MER",
  siret: "51234987600019",
  address: fullAddress({ streetNumber: "17", streetType: "QUAI", streetName: "de la Fosse", zipCode: "44000", city: "Nantes" }),
};

/** Trainings only the external system knows (README lists them): to try an import that creates a training. */
export const NEW_AGORA_TRAININGS: AgoraTraining[] = [
  {
    // Educational organisation in the demo data, contracting organisation missing.
    name: "Titre professionnel Agent de restauration",
    number: "F2026001",
    actionNumber: "A01",
    address: fullAddress({ streetNumber: "12", streetType: "RUE", streetName: "de la Formation", zipCode: "75011", city: "Paris" }),
    educationalOrganization: demoOrganization("of-main"),
    contractingOrganization: UNKNOWN_CONTRACTING_ORGANIZATION,
  },
  {
    // Both organisations in the demo data, contracted by cdc-main: resp-cdc can import it without creating anything.
    name: "Titre professionnel Secrétaire assistant médico-administratif",
    number: "F2026002",
    actionNumber: "A01",
    address: fullAddress({ streetNumber: "292", streetType: "RUE", streetName: "Saint-Martin", zipCode: "75003", city: "Paris" }),
    educationalOrganization: demoOrganization("of-cnam"),
    contractingOrganization: demoOrganization("cdc-main"),
  },
  {
    // Neither organisation in the demo data.
    name: "Matelot de la marine marchande",
    number: "F2026003",
    actionNumber: "A02",
    address: null,
    educationalOrganization: UNKNOWN_EDUCATIONAL_ORGANIZATION,
    contractingOrganization: UNKNOWN_CONTRACTING_ORGANIZATION,
  },
  {
    // A number holding hyphens: the lookup reads "{number}-{actionNumber}" up to the last hyphen.
    name: "Habilitation électrique B1V-B2V",
    number: "F-2026-004",
    actionNumber: "A01",
    address: null,
    educationalOrganization: demoOrganization("of-cnam"),
    contractingOrganization: demoOrganization("cdc-main"),
  },
];

/** Trainings the simulator knows: every demo training (derived from the seeder's data, so they cannot drift) and the new ones above. */
export const SIMULATED_TRAININGS: AgoraTraining[] = [
  ...DEMO_TRAININGS.map((t) => ({
    name: t.name,
    number: t.number,
    actionNumber: t.actionNumber,
    address: fullAddress(t.address),
    educationalOrganization: demoOrganization(t.educational),
    contractingOrganization: demoOrganization(t.contracting),
  })),
  ...NEW_AGORA_TRAININGS,
];
