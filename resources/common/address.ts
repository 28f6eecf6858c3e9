import { z } from "zod";
import { enumOptions, enumValues } from "./enum";
import { MSG } from "./messages";
import { allowedCharacters, capitalizeCity, emptyToNull, optionalExact, optionalText, requiredText } from "./strings";

export const STREET_NUMBER_EXTENSIONS = { BIS: "Bis", TER: "Ter", QUATER: "Quater", QUINQUIES: "Quinquies" } as const;
export type StreetNumberExtension = keyof typeof STREET_NUMBER_EXTENSIONS;

/** French street-type codes (AFNOR / FANTOIR abbreviations) with their labels. */
export const STREET_TYPES = {
  ALL: "Allée",
  AV: "Avenue",
  BD: "Boulevard",
  CAR: "Carrefour",
  CHE: "Chemin",
  CHS: "Chaussée",
  CITE: "Cité",
  COR: "Corniche",
  CRS: "Cours",
  DOM: "Domaine",
  DSC: "Descente",
  ECA: "Écart",
  ESP: "Esplanade",
  FG: "Faubourg",
  GR: "Grande rue",
  HAM: "Hameau",
  HLE: "Halle",
  IMP: "Impasse",
  LD: "Lieu-dit",
  LOT: "Lotissement",
  MAR: "Marché",
  MTE: "Montée",
  PARC: "Parc",
  PAS: "Passage",
  PL: "Place",
  PLN: "Plaine",
  PLT: "Plateau",
  PRO: "Promenade",
  PRV: "Parvis",
  QUA: "Quartier",
  QUAI: "Quai",
  RES: "Résidence",
  RLE: "Ruelle",
  ROC: "Rocade",
  RPT: "Rond-point",
  RTE: "Route",
  RUE: "Rue",
  SEN: "Sentier",
  SQ: "Square",
  TPL: "Terre-plein",
  TRA: "Traverse",
  VLA: "Villa",
  VLGE: "Village",
  ZA: "Zone d'activité",
  ZAC: "Zone d'aménagement concerté",
  ZI: "Zone industrielle",
} as const;
export type StreetType = keyof typeof STREET_TYPES;

export const streetTypeOptions = enumOptions(STREET_TYPES);
export const streetNumberExtensionOptions = enumOptions(STREET_NUMBER_EXTENSIONS);

const optionalEnum = <T extends string>(values: [T, ...T[]]) =>
  z.preprocess(emptyToNull, z.enum(values, { error: MSG.required }).nullable().optional());

const city = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? capitalizeCity(v.trim()) : emptyToNull(v)),
  z.string().min(2, MSG.minLength(2)).max(64, MSG.maxLength(64)).refine(...allowedCharacters()).nullable().optional(),
);

const common = {
  address1: optionalText(70),
  address2: optionalText(70),
  address3: optionalText(70),
  streetNumber: optionalText(4),
  streetNumberExtension: optionalEnum(enumValues(STREET_NUMBER_EXTENSIONS)),
  streetType: optionalEnum(enumValues(STREET_TYPES)),
};

/** Organisation and training-location address: every part optional. */
export const addressSchema = z.object({
  ...common,
  streetName: optionalText(32),
  zipCode: optionalExact(5),
  city,
});

/** Trainee address: street name, zip code and city required. */
export const traineeAddressSchema = z.object({
  ...common,
  streetName: requiredText(1, 32),
  zipCode: z.string({ error: MSG.required }).trim().min(1, MSG.required).length(5, MSG.exactLength(5)).refine(...allowedCharacters()),
  city: z.preprocess(
    (v) => (typeof v === "string" ? capitalizeCity(v.trim()) : v),
    requiredText(2, 64),
  ),
});

export type Address = z.output<typeof addressSchema>;

/* ---------- Answers (resources/common/wire.ts): the stored address as the API answers it ---------- */

const optionalAnswer = <T extends z.ZodType>(schema: T) => schema.nullable().optional();
const commonAnswer = {
  address1: optionalAnswer(z.string()),
  address2: optionalAnswer(z.string()),
  address3: optionalAnswer(z.string()),
  streetNumber: optionalAnswer(z.string()),
  streetNumberExtension: optionalAnswer(z.enum(enumValues(STREET_NUMBER_EXTENSIONS))),
  streetType: optionalAnswer(z.enum(enumValues(STREET_TYPES))),
};

/** An organisation's or a training's address: every part may be missing. */
export const addressAnswer = z.strictObject({
  ...commonAnswer,
  streetName: optionalAnswer(z.string()),
  zipCode: optionalAnswer(z.string()),
  city: optionalAnswer(z.string()),
});

/** A trainee's address: street name, zip code and city always there. */
export const traineeAddressAnswer = z.strictObject({ ...commonAnswer, streetName: z.string(), zipCode: z.string(), city: z.string() });

export const emptyAddress = (): Address => ({
  address1: null,
  address2: null,
  address3: null,
  streetNumber: null,
  streetNumberExtension: null,
  streetType: null,
  streetName: null,
  zipCode: null,
  city: null,
});

/** Form values (not yet validated) as well as API records. */
export type AddressLike = Partial<Record<keyof Address, unknown>> | null | undefined;

/** The lines of an address for display: complements, "12 bis rue de la Paix", locality, "75002 Paris". */
export function addressLines(address: AddressLike): string[] {
  if (!address) return [];
  const part = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const type = part(address.streetType);
  const extension = part(address.streetNumberExtension);
  const street = [
    part(address.streetNumber),
    extension ? (STREET_NUMBER_EXTENSIONS[extension as StreetNumberExtension] ?? extension).toLowerCase() : "",
    type ? (STREET_TYPES[type as StreetType] ?? type).toLowerCase() : "",
    part(address.streetName),
  ]
    .filter(Boolean)
    .join(" ");
  const town = [part(address.zipCode), part(address.city)].filter(Boolean).join(" ");
  return [part(address.address1), part(address.address2), street, part(address.address3), town].filter(Boolean);
}

/** One line for display: "12 bis rue de la Paix, Bâtiment B, 75002 Paris"; null when empty (shown "NC."). */
export function formatAddress(address: AddressLike): string | null {
  return addressLines(address).join(", ") || null;
}
