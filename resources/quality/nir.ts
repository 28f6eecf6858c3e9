/**
 * NIR checks (the trainee's social security number, stored here as its 13 characters, without the 2-digit key).
 * Source: INSEE / Sécurité sociale, "Le numéro d'inscription au répertoire (NIR)"
 * (https://www.ameli.fr/assure/droits-demarches/principes/numero-securite-sociale and
 * https://fr.wikipedia.org/wiki/Num%C3%A9ro_de_s%C3%A9curit%C3%A9_sociale_en_France):
 *   sex (1 man, 2 woman; 3/4 foreign-born being registered; 7/8 provisional number, odd for men), year (2 digits), month (01–12;
 *   20, 30–42 or 50–99 when the civil status gives no month), département of birth (01–95 with 2A/2B for Corsica since 1976 and
 *   20 before; 97x/98x overseas, then a 2-digit commune; 99 born abroad, then the INSEE country code), commune (3 digits), order (3 digits).
 */
import type { Gender } from "../common/gender";
import { blocking, warning, type QualityCheck } from "./check";

export interface NirParts {
  sex: string;
  year: string;
  month: string;
  /** '75', '2A', '20', '971', '99' … */
  department: string;
  commune: string;
  order: string;
}

const SEX_DIGITS = new Set(["1", "2", "3", "4", "7", "8"]);
const isDigits = (value: string, length: number) => value.length === length && /^\d+$/.test(value);

/** A month 01–12, or one of the pseudo-months given when the civil status has none (20, 30–42, 50–99). */
function nirMonthValid(month: string): boolean {
  if (!isDigits(month, 2)) return false;
  const m = Number(month);
  return (m >= 1 && m <= 12) || m === 20 || (m >= 30 && m <= 42) || m >= 50;
}

const knownMonth = (month: string) => Number(month) >= 1 && Number(month) <= 12;

function departmentOf(rest: string): { department: string; commune: string } | null {
  const overseas = /^(97[1-8]|98[4-9])(\d{2})$/.exec(rest);
  if (overseas) return { department: overseas[1]!, commune: overseas[2]! };
  const metropolitan = /^(\d{2}|2A|2B)(\d{3})$/.exec(rest);
  if (!metropolitan) return null;
  const department = metropolitan[1]!;
  // 00 is no département, 97/98 need their third digit (handled above), 96 is not attributed.
  if (department === "00" || department === "96" || department === "97" || department === "98") return null;
  return { department, commune: metropolitan[2]! };
}

/** The NIR's parts, or null when its structure is wrong. */
export function parseNir(value: string): NirParts | null {
  const nir = value.trim().toUpperCase();
  if (nir.length !== 13) return null;
  const [sex, year, month, rest, order] = [nir.slice(0, 1), nir.slice(1, 3), nir.slice(3, 5), nir.slice(5, 10), nir.slice(10)];
  if (!SEX_DIGITS.has(sex) || !isDigits(year, 2) || !nirMonthValid(month) || !isDigits(order, 3) || order === "000") return null;
  const place = departmentOf(rest);
  if (!place || /^0+$/.test(place.commune)) return null;
  return { sex, year, month, ...place, order };
}

/** The INSEE code of the birth commune (département + commune), null for the born abroad (99: a country, not a commune). */
export const nirBirthCommune = (parts: NirParts): string | null => (parts.department === "99" ? null : parts.department + parts.commune);

export const NIR_MSG = {
  structure: "Le NIR du stagiaire est invalide : il doit comporter 13 caractères (sexe, année et mois de naissance, département, commune, numéro d'ordre)",
  sexGender: "Le premier chiffre du NIR ne correspond pas au genre du stagiaire",
  year: "L'année de naissance du NIR ne correspond pas à la date de naissance du stagiaire",
  month: "Le mois de naissance du NIR ne correspond pas à la date de naissance du stagiaire",
  bornAbroad: "Le NIR indique une naissance à l'étranger (département 99) alors que le stagiaire est déclaré né en France",
  bornInFrance: "Le NIR indique une naissance en France alors que le stagiaire n'est pas déclaré né en France",
  corsicaBefore1976: "Le NIR d'une personne née en Corse avant 1976 porte le département 20, pas 2A ni 2B",
  corsicaSince1976: "Le NIR d'une personne née en Corse depuis 1976 porte le département 2A ou 2B, pas 20",
  provisional: "Le NIR du stagiaire est provisoire : il doit être confirmé",
} as const;

export interface NirTrainee {
  ssn: string;
  gender: Gender | "" | null;
  /** YYYY-MM-DD, or empty while the form is being filled. */
  birthDate: string | null;
  bornInFrance: boolean;
}

/** The NIR's structure, then its consistency with the trainee's gender, birth date and birthplace. */
export function checkNir(trainee: NirTrainee): QualityCheck[] {
  const parts = parseNir(trainee.ssn);
  if (!parts) return [blocking({ code: "nir.structure", agoraCode: 4, message: NIR_MSG.structure, source: "trainee", field: "ssn" })];
  const checks: QualityCheck[] = [];
  const add = (make: typeof blocking, code: keyof typeof NIR_MSG, agoraCode: number, field: string) =>
    checks.push(make({ code: `nir.${code}`, agoraCode, message: NIR_MSG[code], source: "trainee", field }));

  if (trainee.gender) {
    const male = Number(parts.sex) % 2 === 1;
    if (male !== (trainee.gender === "MALE")) add(blocking, "sexGender", 4, "gender");
  }
  const birth = /^(\d{4})-(\d{2})-\d{2}$/.exec(trainee.birthDate ?? "");
  if (birth?.[1] && birth[2]) {
    const [birthYear, birthMonth] = [birth[1], birth[2]];
    if (birthYear.slice(2) !== parts.year) add(blocking, "year", 29, "birthDate");
    else if (knownMonth(parts.month) && birthMonth !== parts.month) add(blocking, "month", 29, "birthDate");
    const corsica = ["20", "2A", "2B"].includes(parts.department);
    if (corsica && Number(birthYear) < 1976 && parts.department !== "20") add(warning, "corsicaBefore1976", 4, "ssn");
    if (corsica && Number(birthYear) >= 1976 && parts.department === "20") add(warning, "corsicaSince1976", 4, "ssn");
  }
  // 'Born in France' is false until someone ticks it: a French NIR without it is only a warning, 99 with it a contradiction.
  if (parts.department === "99" && trainee.bornInFrance) add(blocking, "bornAbroad", 4, "bornInFrance");
  if (parts.department !== "99" && !trainee.bornInFrance) add(warning, "bornInFrance", 4, "bornInFrance");
  if (parts.sex === "7" || parts.sex === "8") add(warning, "provisional", 1055, "ssn");
  return checks;
}
