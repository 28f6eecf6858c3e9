import type { StreetType } from "../../../resources/common/address";
import type { Department } from "../../../resources/common/departments";
import type { Gender, Situation, TraineeAddress, TraineeValues } from "../../../resources/trainees/schema";
import type { Executor } from "../connection";
import { newId } from "../ids";
import { trainees } from "../schema/index";
import { withoutAccents } from "../../../resources/common/text";

/**
 * Demo trainees: the seeder inserts them and the AGORA simulator knows every one of them (server/agora/simulator/persons.ts reads
 * this same list), so an import of a demo trainee answers "already in the product". Their NIRs are derived from the data below.
 */

/**
 * Where the trainees live, and the INSEE codes of real communes of that département where they were born (the place itself first;
 * Paris, Lyon and Marseille by arrondissement, as birth certificates and NIRs name them). Taken from @etalab/decoupage-administratif
 * (communes.json) and checked against it by tests/api/record-demo.test.ts: the demo module stays a plain list, without loading the
 * 8.6 MB file whenever the demo or the simulator is imported.
 */
const PLACES: Record<string, { city: string; zipCode: string; department: Department; births: readonly string[] }> = {
  paris: { city: "Paris", zipCode: "75011", department: "D75", births: ["75111", "75112", "75120"] },
  lyon: { city: "Lyon", zipCode: "69003", department: "D69", births: ["69383", "69266", "69259"] },
  marseille: { city: "Marseille", zipCode: "13005", department: "D13", births: ["13205", "13001", "13004"] },
  lille: { city: "Lille", zipCode: "59000", department: "D59", births: ["59350", "59599", "59512"] },
  nantes: { city: "Nantes", zipCode: "44000", department: "D44", births: ["44109", "44184", "44162"] },
  bordeaux: { city: "Bordeaux", zipCode: "33000", department: "D33", births: ["33063", "33281", "33318"] },
  toulouse: { city: "Toulouse", zipCode: "31000", department: "D31", births: ["31555", "31149", "31557"] },
  strasbourg: { city: "Strasbourg", zipCode: "67000", department: "D67", births: ["67482", "67180", "67447"] },
  montpellier: { city: "Montpellier", zipCode: "34000", department: "D34", births: ["34172", "34032", "34301"] },
  rennes: { city: "Rennes", zipCode: "35000", department: "D35", births: ["35238", "35288", "35115"] },
  saintDenis: { city: "Saint-Denis", zipCode: "93200", department: "D93", births: ["93066", "93048", "93001"] },
  creteil: { city: "Créteil", zipCode: "94000", department: "D94", births: ["94028", "94081", "94017"] },
  versailles: { city: "Versailles", zipCode: "78000", department: "D78", births: ["78646", "78586", "78551"] },
  evry: { city: "Évry-Courcouronnes", zipCode: "91000", department: "D91", births: ["91228", "91174", "91377"] },
  nanterre: { city: "Nanterre", zipCode: "92000", department: "D92", births: ["92050", "92012", "92004"] },
  cergy: { city: "Cergy", zipCode: "95000", department: "D95", births: ["95127", "95018", "95585"] },
  grenoble: { city: "Grenoble", zipCode: "38000", department: "D38", births: ["38185", "38421", "38151"] },
  dijon: { city: "Dijon", zipCode: "21000", department: "D21", births: ["21231", "21054", "21166"] },
  brest: { city: "Brest", zipCode: "29200", department: "D29", births: ["29019", "29232", "29039"] },
  saintEtienne: { city: "Saint-Étienne", zipCode: "42000", department: "D42", births: ["42218", "42207", "42187"] },
  clermont: { city: "Clermont-Ferrand", zipCode: "63000", department: "D63", births: ["63113", "63124", "63300"] },
  rouen: { city: "Rouen", zipCode: "76000", department: "D76", births: ["76540", "76351", "76575"] },
  amiens: { city: "Amiens", zipCode: "80000", department: "D80", births: ["80021", "80001", "80016"] },
  orleans: { city: "Orléans", zipCode: "45000", department: "D45", births: ["45234", "45232", "45284"] },
  limoges: { city: "Limoges", zipCode: "87000", department: "D87", births: ["87085", "87154", "87114"] },
  nice: { city: "Nice", zipCode: "06000", department: "D06", births: ["06088", "06004", "06029"] },
  annecy: { city: "Annecy", zipCode: "74000", department: "D74", births: ["74010", "74281", "74012"] },
  metz: { city: "Metz", zipCode: "57000", department: "D57", births: ["57463", "57672", "57480"] },
  pointeAPitre: { city: "Pointe-à-Pitre", zipCode: "97110", department: "D971", births: ["97120", "97101", "97103"] },
  fortDeFrance: { city: "Fort-de-France", zipCode: "97200", department: "D972", births: ["97209", "97213", "97222"] },
  saintDenisReunion: { city: "Saint-Denis", zipCode: "97400", department: "D974", births: ["97411", "97415", "97416"] },
  ajaccio: { city: "Ajaccio", zipCode: "20000", department: "D2A", births: ["2A004", "2A247", "2A032"] },
  bastia: { city: "Bastia", zipCode: "20200", department: "D2B", births: ["2B033", "2B042", "2B096"] },
};
type Place = keyof typeof PLACES;

const STREETS: [StreetType, string][] = [
  ["RUE", "de la République"],
  ["AV", "Jean Jaurès"],
  ["BD", "Victor Hugo"],
  ["ALL", "des Tilleuls"],
  ["CHE", "du Moulin"],
  ["IMP", "des Lilas"],
  ["PL", "de l'Église"],
  ["RTE", "de Lyon"],
  ["QUAI", "des Chartrons"],
  ["CRS", "Lafayette"],
  ["RUE", "Émile Zola"],
  ["AV", "du Général Leclerc"],
];

const COMPLEMENTS: [string | null, string | null][] = [
  [null, null],
  ["Appartement 12, 3e étage", null],
  [null, "Résidence Les Tilleuls, bâtiment B"],
  ["Appartement 4", "Résidence du Parc"],
];

/** [gender, birth name, usage name, first name, birth date, place, situation, born in France] */
type Row = [Gender, string, string, string, string, Place, Situation, boolean];

const ROWS: Row[] = [
  ["FEMALE", "MARTIN", "MARTIN", "Léa", "1995-03-14", "paris", "SINGLE", true],
  ["MALE", "BERNARD", "BERNARD", "Lucas", "1990-07-02", "lyon", "MARRIED", true],
  ["FEMALE", "DUBOIS", "LEFÈVRE", "Chloé", "1987-11-23", "marseille", "MARRIED", true],
  ["MALE", "THOMAS", "THOMAS", "Hugo", "2001-01-09", "lille", "SINGLE", true],
  ["FEMALE", "ROBERT", "MOREAU-ROBERT", "Élodie", "1983-05-30", "nantes", "MARRIED", true],
  ["MALE", "RICHARD", "RICHARD", "Jean-Baptiste", "1979-09-17", "bordeaux", "DIVORCED", true],
  ["FEMALE", "PETIT", "GARNIER", "Manon", "1992-12-05", "toulouse", "CIVIL_UNION", true],
  ["MALE", "LEROUX", "LEROUX", "Théo", "1998-04-21", "strasbourg", "LIVING_WITH_PARTNER", true],
  ["FEMALE", "MOREL", "MOREL", "Inès", "2000-08-11", "montpellier", "SINGLE", true],
  ["MALE", "FOURNIER", "FOURNIER", "Maxime", "1988-02-27", "rennes", "SEPARATED", true],
  ["FEMALE", "GIRARD", "BONNET", "Anaïs", "1985-06-08", "saintDenis", "MARRIED", false],
  ["MALE", "ANDRÉ", "ANDRÉ", "François", "1972-10-03", "creteil", "WIDOWED", true],
  ["FEMALE", "MERCIER", "MERCIER", "Zoé", "2003-02-15", "versailles", "SINGLE", true],
  ["MALE", "BLANC", "BLANC", "Noël", "1969-12-25", "evry", "MARRIED", true],
  ["FEMALE", "GUÉRIN", "FAURE", "Cécile", "1976-03-19", "nanterre", "DIVORCED", true],
  ["MALE", "BOYER", "BOYER", "Rémi", "1994-09-29", "cergy", "NOT_DISCLOSED", true],
  ["FEMALE", "GARCIA", "GARCIA", "Mélanie", "1991-05-12", "grenoble", "LIVING_WITH_PARTNER", false],
  ["MALE", "MÜLLER", "MÜLLER", "Jérôme", "1981-08-06", "dijon", "CIVIL_UNION", false],
  ["FEMALE", "CHEVALIER", "DE LA FONTAINE", "Marie-Hélène", "1974-01-31", "brest", "MARRIED", true],
  ["MALE", "FRANÇOIS", "FRANÇOIS", "Gaëtan", "1997-07-07", "saintEtienne", "SINGLE", true],
  ["FEMALE", "LEGRAND", "LEGRAND", "Océane", "2002-11-18", "clermont", "SINGLE", true],
  ["MALE", "GAUTHIER", "GAUTHIER", "Loïc", "1986-04-04", "rouen", "NOT_SPECIFIED", true],
  ["FEMALE", "PERRIN", "ROUSSEL", "Sandrine", "1978-06-22", "amiens", "MARRIED", true],
  ["MALE", "ROBIN", "ROBIN", "Anthony", "1993-10-10", "orleans", "SEPARATED", true],
  ["FEMALE", "CLÉMENT", "CLÉMENT", "Maëlle", "1999-03-03", "limoges", "SINGLE", true],
  ["MALE", "MORIN", "MORIN", "Benoît", "1984-12-14", "nice", "MARRIED", true],
  ["FEMALE", "NICOLAS", "LAMBERT-NICOLAS", "Bérénice", "1980-02-09", "annecy", "MARRIED", true],
  ["MALE", "HENRY", "HENRY", "Étienne", "1975-05-27", "metz", "DIVORCED", true],
  ["FEMALE", "MATHIEU", "MATHIEU", "Agnès", "1968-09-01", "paris", "WIDOWED", true],
  ["MALE", "DA SILVA", "DA SILVA", "Tiago", "1996-01-20", "lyon", "LIVING_WITH_PARTNER", false],
  ["FEMALE", "NGUYEN", "NGUYEN", "Thi Lan", "1989-07-16", "marseille", "SINGLE", false],
  ["MALE", "BEN AHMED", "BEN AHMED", "Karim", "1991-11-02", "lille", "MARRIED", true],
  ["FEMALE", "DIALLO", "DIALLO", "Aïssatou", "1994-04-28", "saintDenis", "NOT_DISCLOSED", false],
  ["MALE", "LE GOFF", "LE GOFF", "Yann", "1982-08-19", "brest", "CIVIL_UNION", true],
  ["FEMALE", "LEMAÎTRE", "LEMAÎTRE", "Joëlle", "1971-10-24", "rouen", "SEPARATED", true],
  ["MALE", "COLIN", "COLIN", "Thibault", "2000-06-13", "nantes", "SINGLE", true],
  ["FEMALE", "VIDAL", "MARCHAND", "Laëtitia", "1986-02-01", "montpellier", "MARRIED", true],
  ["MALE", "BARBIER", "BARBIER", "Grégoire", "1977-03-08", "bordeaux", "NOT_SPECIFIED", true],
  ["FEMALE", "ARNAUD", "ARNAUD", "Clémence", "1998-12-30", "toulouse", "LIVING_WITH_PARTNER", true],
  ["MALE", "DUPUIS", "DUPUIS", "Mathéo", "2004-05-05", "creteil", "SINGLE", true],
  ["FEMALE", "SCHMITT", "KELLER", "Ève", "1983-09-09", "strasbourg", "MARRIED", true],
  ["MALE", "ROGER", "ROGER", "Valentin", "1995-11-27", "versailles", "SINGLE", true],
  ["FEMALE", "BRUNET", "BRUNET", "Héloïse", "1990-01-17", "grenoble", "CIVIL_UNION", true],
  ["MALE", "BOUCHER", "BOUCHER", "Raphaël", "1987-07-25", "amiens", "DIVORCED", true],
  ["FEMALE", "DENIS", "DENIS", "Solène", "1993-04-14", "dijon", "SINGLE", true],
  ["MALE", "PAYET", "PAYET", "Jean-Marc", "1980-10-06", "saintDenisReunion", "MARRIED", true],
  ["FEMALE", "JOSEPH", "JOSEPH", "Marie-Claire", "1976-08-15", "pointeAPitre", "WIDOWED", true],
  ["MALE", "SANTONI", "SANTONI", "Paul-Antoine", "1985-03-22", "ajaccio", "MARRIED", true],
  ["FEMALE", "CASANOVA", "ALBERTINI", "Laetitia", "1992-06-29", "bastia", "MARRIED", true],
  ["MALE", "TESSIER", "TESSIER", "Aurélien", "1989-12-08", "orleans", "LIVING_WITH_PARTNER", true],
  ["FEMALE", "BAILLY", "PERROT", "Françoise", "1966-02-19", "limoges", "MARRIED", true],
  ["MALE", "HOARAU", "HOARAU", "Cédric", "1997-09-11", "saintDenisReunion", "SINGLE", true],
  ["FEMALE", "TRAORÉ", "TRAORÉ", "Fatoumata", "2001-07-04", "cergy", "SINGLE", false],
  ["MALE", "KOWALSKI", "KOWALSKI", "Stéphane", "1973-11-30", "metz", "DIVORCED", true],
  ["FEMALE", "LE BRETON", "SIMON", "Gwenaëlle", "1988-05-18", "rennes", "MARRIED", true],
  ["MALE", "FERREIRA", "FERREIRA", "Adrien", "1994-08-23", "nanterre", "NOT_DISCLOSED", true],
  ["FEMALE", "CARON", "CARON", "Apolline", "2003-10-12", "lille", "SINGLE", true],
  ["MALE", "ÉVRARD", "ÉVRARD", "Baptiste", "1999-01-26", "evry", "SINGLE", true],
  ["FEMALE", "PICARD", "DE SAINT-EXUPÉRY", "Bénédicte", "1981-04-07", "fortDeFrance", "MARRIED", true],
  ["MALE", "MOULIN", "MOULIN", "Noé", "2002-03-16", "annecy", "SINGLE", true],
];

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/**
 * Trainees whose usage name is a fixture of the AGORA simulator (AGORA_RECORD_FIXTURES): their demo records carry the refusal
 * it gives (validation refused, exit refused, re-push refused) in their history.
 */
const FIXTURE_ROWS: Row[] = [
  ["FEMALE", "GIRARD", "REFUS", "Justine", "1996-02-11", "rouen", "SINGLE", true],
  ["MALE", "PONS", "REFUS", "Matthieu", "1984-09-03", "montpellier", "MARRIED", true],
  ["FEMALE", "VIDAL", "SANSDATE", "Margaux", "1991-12-19", "toulouse", "CIVIL_UNION", true],
  ["MALE", "LUCAS", "SANSDATE", "Théo", "2000-05-27", "brest", "SINGLE", true],
  ["FEMALE", "ROUX", "DESYNCHRO", "Agathe", "1989-03-08", "clermont", "DIVORCED", true],
  ["MALE", "BLANCHARD", "DESYNCHRO", "Jules", "1994-10-21", "nice", "SINGLE", true],
];

/** More trainees for the demo records (about 150, one record each at most, some left without one): every pair of these names. */
const MORE_FIRST_NAMES: [Gender, string][] = [
  ["FEMALE", "Inès"], ["MALE", "Gabriel"], ["FEMALE", "Jade"], ["MALE", "Louis"], ["FEMALE", "Manon"], ["MALE", "Arthur"],
  ["FEMALE", "Lina"], ["MALE", "Nathan"], ["FEMALE", "Rose"], ["MALE", "Maël"], ["FEMALE", "Anaïs"], ["MALE", "Victor"],
];
const MORE_LAST_NAMES = ["LECLERC", "FONTAINE", "CHEVALIER", "ROLLAND", "GUÉRIN", "BRETON", "MEUNIER", "AUBERT"];
const MORE_PLACES: Place[] = ["paris", "lyon", "lille", "nantes", "bordeaux", "saintDenis", "creteil", "grenoble", "rennes", "metz", "dijon"];
const MORE_SITUATIONS: Situation[] = ["SINGLE", "MARRIED", "CIVIL_UNION", "LIVING_WITH_PARTNER", "DIVORCED", "NOT_SPECIFIED"];
const GENERATED_ROWS: Row[] = MORE_LAST_NAMES.flatMap((lastName, l) =>
  MORE_FIRST_NAMES.map(([gender, firstName], f): Row => {
    const n = l * MORE_FIRST_NAMES.length + f;
    const birthDate = `${1970 + ((n * 7) % 35)}-${pad(1 + ((n * 5) % 12), 2)}-${pad(1 + ((n * 11) % 28), 2)}`;
    return [gender, lastName, lastName, firstName, birthDate, MORE_PLACES[n % MORE_PLACES.length]!, MORE_SITUATIONS[n % MORE_SITUATIONS.length]!, n % 13 !== 6];
  }),
);

/**
 * Realistic mistakes the data-quality gate catches (issue 15), on trainees who have a demo record, so that the record's page shows
 * its 'Contrôles avant envoi à AGORA' and a push is refused: a NIR typed with the wrong sex digit, a postal code with one wrong
 * digit (25000 is Besançon, in the Doubs, for a trainee of Dijon, in the Côte-d'Or). Keyed by the trainee's index in DEMO_TRAINEES.
 */
type Mistake = "sexDigit" | { zipCode: string };
export const DEMO_QUALITY_MISTAKES: Readonly<Record<number, Mistake>> = {
  [ROWS.length + FIXTURE_ROWS.length + 3]: "sexDigit",
  [ROWS.length + FIXTURE_ROWS.length + 10]: { zipCode: "25000" },
  [ROWS.length + FIXTURE_ROWS.length + 28]: "sexDigit",
};

const ascii = (s: string) =>
  withoutAccents(s)
    .toLowerCase()
    .replace(/['\s]+/g, "-");

/** INSEE codes of countries of birth (a NIR's "commune" when born abroad, after 99): Portugal, Morocco, Algeria, Viet Nam, Mali, Germany. */
const BIRTH_COUNTRIES = ["139", "350", "352", "243", "335", "109"] as const;

/**
 * A 13-character NIR consistent with gender, birth year and month (INSEE's structure, issue 15): sex, year, month, then the birth
 * commune's INSEE code (2 + 3 characters, or 3 + 2 overseas: 971xx) or 99 and the country, then an order number. Corsica's births
 * before 1976 carry 20, not 2A / 2B. A `mistake` makes the sex digit contradict the gender (demo of the data-quality gate).
 */
function nirOf(index: number, gender: Gender, birthDate: string, place: Place, bornInFrance: boolean, mistake?: Mistake): string {
  const [year, month] = birthDate.split("-");
  const births = PLACES[place].births;
  const commune = births[index % births.length]!;
  const corsicaBefore1976 = /^2[AB]/.test(commune) && Number(year) < 1976;
  const birthPlace = !bornInFrance ? `99${BIRTH_COUNTRIES[index % BIRTH_COUNTRIES.length]}` : corsicaBefore1976 ? `20${commune.slice(2)}` : commune;
  const male = (gender === "MALE") !== (mistake === "sexDigit");
  return `${male ? 1 : 2}${year!.slice(2)}${month}${birthPlace}${pad(11 + ((index * 53) % 980), 3)}`;
}

export const DEMO_TRAINEES: TraineeValues[] = [...ROWS, ...FIXTURE_ROWS, ...GENERATED_ROWS].map(
  ([gender, birthName, lastName, firstName, birthDate, place, situation, bornInFrance], index): TraineeValues => {
    const [streetType, streetName] = STREETS[index % STREETS.length]!;
    const [address1, address2] = COMPLEMENTS[index % COMPLEMENTS.length]!;
    const mistake = DEMO_QUALITY_MISTAKES[index];
    const { city, department } = PLACES[place];
    const zipCode = typeof mistake === "object" ? mistake.zipCode : PLACES[place].zipCode;
    const address: TraineeAddress = {
      address1,
      address2,
      address3: null,
      streetNumber: String(1 + ((index * 7) % 120)),
      streetNumberExtension: index % 11 === 5 ? "BIS" : null,
      streetType,
      streetName,
      zipCode,
      city,
    };
    return {
      firstName,
      lastName,
      birthName,
      email: `${ascii(firstName)}.${ascii(lastName)}@demo.test`,
      phoneNumber: index % 3 === 2 ? null : `06${pad((index * 7_654_321 + 12_345_678) % 100_000_000, 8)}`,
      gender,
      ssn: nirOf(index, gender, birthDate, place, bornInFrance, mistake),
      birthDate,
      address,
      department,
      situation,
      bornInFrance,
    };
  },
);

/** Inserted oldest first, one day apart, so the list's default order (most recently updated) is meaningful. */
export async function seedTrainees(db: Executor): Promise<void> {
  const now = Date.now();
  await db.insert(trainees).values(
    DEMO_TRAINEES.map((trainee, index) => {
      const at = new Date(now - (DEMO_TRAINEES.length - index) * 86_400_000);
      return { id: newId(), ...trainee, ssnVerified: true, createdAt: at, updatedAt: at };
    }),
  );
}
