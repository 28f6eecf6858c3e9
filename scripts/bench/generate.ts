/**
 * Row generators for the bench data set: plain objects keyed by column name, consistent with each other (a NIR agrees with
 * gender and birth date, a postal code with its département, SIRETs are Luhn-valid). Pure apart from the seeded random source.
 */
import { FORCED_CPF_CODE, FORCED_CPF_COVERAGE, HEALTHCARE_SOCIAL_DEVICE } from "../../resources/trainings/schema";
import type { RoleId } from "../../resources/permissions";
import {
  CONTRACTING_PREFIXES, FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, PLACES, RARE_EVERY, RARE_LAST_NAME,
  RARE_ORGANIZATION_NAME, RARE_TRAINING_NAME, STREETS, TRAINING_ORGANIZATION_PREFIXES, TRAINING_TITLES, nirPlaceOf,
} from "./french-data";
import { nir13, siretFor, uuidV7At } from "./identifiers";
import { intBetween, pick, pickSkewed, type Random } from "./random";
import { withoutAccents } from "../../resources/common/text";

export type Row = Record<string, string | number | boolean | null>;

/** A day in milliseconds, for every generator of the bench. */
export const DAY = 86_400_000;
/** Rows were last updated over the three years before the seed; created up to a year before that. */
const SPAN = 3 * 365 * DAY;

const pad = (n: number, width: number) => String(n).padStart(width, "0");
export const asciiSlug = (s: string) =>
  withoutAccents(s).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

export function timestamps(random: Random, now: number) {
  const updated = now - Math.floor(random() ** 1.5 * SPAN);
  const created = updated - Math.floor(random() * 365 * DAY * (random() < 0.5 ? 0 : 1));
  return { created, createdAt: new Date(created).toISOString(), updatedAt: new Date(updated).toISOString() };
}

function address(random: Random, place: (typeof PLACES)[number], everyPart: boolean) {
  const [streetType, streetName] = pick(random, STREETS);
  return {
    address1: random() < 0.15 ? `Appartement ${intBetween(random, 1, 60)}` : null,
    address2: random() < 0.1 ? "Résidence du Parc" : null,
    address3: null,
    streetNumber: everyPart || random() < 0.9 ? String(intBetween(random, 1, 250)) : null,
    streetNumberExtension: random() < 0.05 ? "BIS" : null,
    streetType,
    streetName,
    zipCode: place[2],
    city: place[1],
  };
}

/** Organisations: the first 60 % are training organisations (OF), the rest contracting bodies (CDC). */
export const trainingOrganizationCount = (organizations: number) => Math.max(1, Math.ceil(organizations * 0.6));

export function organizationRow(i: number, total: number, random: Random, now: number): Row {
  const isTraining = i < trainingOrganizationCount(total);
  const place = pickSkewed(random, PLACES);
  const town = place[1].toUpperCase();
  let name = `${pick(random, isTraining ? TRAINING_ORGANIZATION_PREFIXES : CONTRACTING_PREFIXES)} ${town}`;
  if (i === 0) name = "AFPA GRAND CAMPUS NATIONAL";
  else if (i === trainingOrganizationCount(total)) name = "RÉGION OCCITANIE – DIRECTION DE LA FORMATION";
  else if (i % RARE_EVERY.organizations === RARE_EVERY.organizations / 2) name = `${RARE_ORGANIZATION_NAME} ${town}`;
  const t = timestamps(random, now);
  return {
    id: uuidV7At(t.created, random),
    name,
    siret: siretFor(i),
    email: random() < 0.8 ? `contact@${asciiSlug(name).slice(0, 40)}-${i}.bench.test` : null,
    phone_number: random() < 0.7 ? `0${intBetween(random, 1, 5)}${pad(intBetween(random, 0, 99_999_999), 8)}` : null,
    address: JSON.stringify(address(random, place, false)),
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}

/** Large organisations first: the first gets `shares[0]` of the rows, and so on; the rest share what remains evenly. */
export function skewedPick<T>(random: Random, items: readonly T[], shares: readonly number[]): T {
  let u = random();
  for (let k = 0; k < shares.length && k < items.length - 1; k++) {
    if (u < shares[k]!) return items[k]!;
    u -= shares[k]!;
  }
  const rest = Math.min(shares.length, items.length - 1);
  return items[rest + Math.floor(random() * (items.length - rest))]!;
}

/** The largest training organisation holds 40 % of the trainings (20,000 at full size), the largest contracting body 30 %. */
export const EDUCATIONAL_SHARES = [0.4, 0.1, 0.05] as const;
export const CONTRACTING_SHARES = [0.3, 0.15] as const;

const OF_ROLE_MIX: [RoleId, number][] = [["rol_resp-of", 0.2], ["rol_gest-of", 1]];
const CDC_ROLE_MIX: [RoleId, number][] = [["rol_resp-cdc", 0.15], ["rol_gest-cdc", 0.75], ["rol_gest-cdcss", 1]];
const roleOf = (random: Random, mix: [RoleId, number][]) => {
  const u = random();
  return mix.find(([, upTo]) => u < upTo)![0];
};

export function employeeRow(i: number, random: Random, now: number, orgs: { training: string[]; contracting: string[] }) {
  const gender = random() < 0.55 ? "FEMALE" : "MALE";
  const firstName = pickSkewed(random, gender === "FEMALE" ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  const lastName = i % RARE_EVERY.people === 4242 ? RARE_LAST_NAME : pickSkewed(random, LAST_NAMES);
  const inTraining = random() < 0.6;
  const pool = inTraining ? orgs.training : orgs.contracting;
  const first = skewedPick(random, pool, [0.05]);
  const second = random() < 0.1 ? pick(random, pool) : first;
  const roleId: RoleId = random() < 0.005 ? "rol_admin" : roleOf(random, inTraining ? OF_ROLE_MIX : CDC_ROLE_MIX);
  const t = timestamps(random, now);
  const row: Row = {
    id: uuidV7At(t.created, random),
    first_name: firstName,
    last_name: lastName,
    email: `${asciiSlug(firstName)}.${asciiSlug(lastName)}.${i}@bench.test`,
    phone_number: random() < 0.6 ? `0${pick(random, [1, 6, 7])}${pad(intBetween(random, 0, 99_999_999), 8)}` : null,
    gender,
    role_id: roleId,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
  return { row, organizationIds: second === first ? [first] : [first, second] };
}

const SITUATION_KEYS = ["SINGLE", "MARRIED", "DIVORCED", "CIVIL_UNION", "SEPARATED", "LIVING_WITH_PARTNER", "WIDOWED", "NOT_DISCLOSED", "NOT_SPECIFIED"];

export function traineeRow(i: number, random: Random, now: number): Row {
  const gender = random() < 0.52 ? "FEMALE" : "MALE";
  const firstName = pickSkewed(random, gender === "FEMALE" ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  const birthName = i % RARE_EVERY.people === 4242 ? RARE_LAST_NAME : pickSkewed(random, LAST_NAMES);
  const lastName = gender === "FEMALE" && random() < 0.25 ? pickSkewed(random, LAST_NAMES) : birthName;
  const year = intBetween(random, 1960, 2007);
  const birthDate = `${year}-${pad(intBetween(random, 1, 12), 2)}-${pad(intBetween(random, 1, 28), 2)}`;
  const home = pickSkewed(random, PLACES);
  const bornInFrance = random() < 0.88;
  const birthDepartment = random() < 0.6 ? home[0] : pick(random, PLACES)[0];
  // Commune (or country) and order numbers walk through their ranges with the row number, so that NIRs do not repeat.
  const step = Math.floor(i / 999);
  const birthPlace = bornInFrance ? nirPlaceOf(birthDepartment) : "99";
  const overseas = bornInFrance && birthDepartment.length === 4;
  const ssn = nir13({
    gender,
    birthDate,
    birthPlace,
    // Abroad: an INSEE country code (100–499); overseas: the commune code starts with the département's third digit.
    commune: !bornInFrance ? 100 + (step % 400) : overseas ? Number(birthDepartment[3]) * 100 + (step % 100) : 1 + (step % 999),
    order: 1 + (i % 999),
  });
  const t = timestamps(random, now);
  return {
    id: uuidV7At(t.created, random),
    first_name: firstName,
    last_name: lastName,
    birth_name: birthName,
    email: `${asciiSlug(firstName)}.${asciiSlug(lastName)}.${i}@bench.test`,
    phone_number: random() < 0.7 ? `0${pick(random, [6, 7])}${pad(intBetween(random, 0, 99_999_999), 8)}` : null,
    gender,
    ssn,
    ssn_verified: random() < 0.9,
    birth_date: birthDate,
    address: JSON.stringify(address(random, home, true)),
    department: home[0],
    situation: random() < 0.9 ? pick(random, SITUATION_KEYS) : null,
    born_in_france: bornInFrance,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}

const OTHER_DEVICES = [
  "CPF", "POEI", "POEC", "AFPR", "AIF", "APPRENTICESHIP_CONTRACT", "PROFESSIONALIZATION_CONTRACT", "PRO_A", "SKILLS_DEVELOPMENT_PLAN",
  "TRANSITION_PROJECT", "REGIONAL_TRAINING_PROGRAM", "INDIVIDUAL_REGIONAL_AID", "SELF_FINANCING", "OTHER",
];
const OBJECTIVES = ["ProjectSupport", "BasicSkills", "PreEmploymentSkills", "QualificationPreparation", "CertifiedTraining", "JobRetention",
  "ProfessionalDevelopment", "CareerChange", "BusinessSupport", "Other"];
const TYPES = ["PRE_QUALIFYING", "CERTIFYING", "INSERTION_ORIENTED", "PROFESSIONALIZATION"];
const METHODS = ["FULLY_IN_PERSON_TRAINING", "BLENDED_TRAINING", "FULLY_REMOTE_TRAINING", null];
const FUNDINGS: [string, string][] = [
  ["REGION", "REGIONAL_OWN_FUNDS"], ["EUROPEAN_UNION", "ESF"], ["STATE", "PRIC"], ["FRANCE_TRAVAIL", "UNEMPLOYMENT_INSURANCE"],
  ["OPCO", "OPCO_MUTUALISED_FUNDS"], ["DEPARTMENT", "DEPARTMENT_FUNDS"], ["AGEFIPH", "AGEFIPH_FUNDS"], ["COMPANY", "COMPANY_FUNDS"],
];

export function trainingRow(i: number, random: Random, now: number, orgs: { training: string[]; contracting: string[] }) {
  const [title, healthcareSocial] = i % RARE_EVERY.trainings === 777 ? [RARE_TRAINING_NAME, false] : pick(random, TRAINING_TITLES);
  const place = pickSkewed(random, PLACES);
  const t = timestamps(random, now);
  const year = new Date(t.created).getUTCFullYear();
  const hours = intBetween(random, 35, 900);
  const ran = random() < 0.5;
  const row: Row = {
    id: uuidV7At(t.created, random),
    name: random() < 0.3 ? `${title} – ${place[1]}` : title,
    number: `F${year}${pad(i, 7)}`,
    market_number: random() < 0.5 ? `M${year}-${place[0].slice(1)}-${pad(intBetween(random, 1, 999), 3)}` : null,
    action_number: `A${pad(intBetween(random, 1, 4), 2)}`,
    address: random() < 0.9 ? JSON.stringify(address(random, place, false)) : null,
    objective: pick(random, OBJECTIVES),
    device: healthcareSocial ? HEALTHCARE_SOCIAL_DEVICE : pick(random, OTHER_DEVICES),
    type: pick(random, TYPES),
    teaching_methods: pick(random, METHODS),
    healthcare_social: healthcareSocial,
    skills_assessment: random() < 0.3,
    skills_validation: random() < 0.2,
    fse: random() < 0.25,
    forecasted_center_hour_duration: hours,
    forecasted_company_hour_duration: intBetween(random, 0, Math.floor(hours / 2)),
    actual_center_hour_duration: ran ? hours - intBetween(random, 0, 20) : null,
    actual_company_hour_duration: ran ? intBetween(random, 0, Math.floor(hours / 2)) : null,
    cpf_code: FORCED_CPF_CODE,
    funding_organization_for_cpf_hours: null,
    coverage_of_educational_costs_for_cpf_hours: FORCED_CPF_COVERAGE,
    educational_organization_id: skewedPick(random, orgs.training, EDUCATIONAL_SHARES),
    contracting_organization_id: skewedPick(random, orgs.contracting, CONTRACTING_SHARES),
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
  const funders: Row[] = [];
  const funderCount = intBetween(random, 1, 3);
  for (let position = 0; position < funderCount; position++) {
    const [fundingType, fundingSource] = position === 0 ? FUNDINGS[0]! : pick(random, FUNDINGS);
    const vat = random() < 0.5;
    const estimated = intBetween(random, 500, 12_000);
    const actual = ran ? Math.round(estimated * (0.9 + random() * 0.1) * 100) / 100 : null;
    const withTax = (n: number | null) => (n === null ? null : vat ? Math.round(n * 120) / 100 : n);
    funders.push({
      id: uuidV7At(t.created, random),
      training_id: row.id as string,
      position,
      siret: random() < 0.3 ? siretFor(intBetween(random, 0, 999_999)) : null,
      vat,
      funding_type: fundingType,
      funding_source: fundingSource,
      estimated_amount_covered_tax_free: healthcareSocial ? null : estimated,
      estimated_amount_covered_including_taxes: healthcareSocial ? null : withTax(estimated),
      actual_amount_covered_tax_free: healthcareSocial ? null : actual,
      actual_amount_covered_including_taxes: healthcareSocial ? null : withTax(actual),
      estimated_amount_of_subsidy: healthcareSocial ? estimated : null,
      actual_amount_of_subsidy: healthcareSocial ? actual : null,
    });
  }
  return { row, funders };
}
