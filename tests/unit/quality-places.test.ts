/**
 * Postal code ↔ commune ↔ département and the NIR's birth commune, on the official data (@etalab/decoupage-administratif):
 * resources/quality/postal.ts with server/quality/communes.ts and places.ts. Corsica and overseas follow from the data.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Department } from "../../resources/common/departments";
import { normalizeCity } from "../../resources/quality/postal";
import { communeIndex, type CommuneIndex } from "../../server/quality/communes";
import { checkPlaces } from "../../server/quality/places";

let communes: CommuneIndex;
beforeAll(async () => {
  communes = await communeIndex();
});

const trainee = (zipCode: string, city: string, department: Department | null, ssn = "1800175056001") => ({
  trainee: { ssn, department, address: { zipCode, city } },
  trainingAddress: null,
});
const codes = (subject: Parameters<typeof checkPlaces>[0]) => checkPlaces(subject, communes).map((c) => `${c.level}:${c.code}`);

describe("normalizeCity", () => {
  it.each([
    ["Saint-Ouen-sur-Seine", "SAINT OUEN SUR SEINE"],
    ["ST OUEN SUR SEINE", "SAINT OUEN SUR SEINE"],
    ["Sainte-Foy-lès-Lyon", "SAINTE FOY LES LYON"],
    ["STE FOY LES LYON", "SAINTE FOY LES LYON"],
    ["L'Haÿ-les-Roses", "L HAY LES ROSES"],
    ["PARIS CEDEX 07", "PARIS"],
    ["  évry   courcouronnes ", "EVRY COURCOURONNES"],
  ])("%s → %s", (name, normalized) => {
    expect(normalizeCity(name)).toBe(normalized);
  });
});

describe("the communes of a postal code", () => {
  it("are spelled as INSEE spells them, Paris with its arrondissement, Corsica in 2A/2B, overseas in 97x", () => {
    expect(communes.communesOf("75005").map((c) => c.name)).toEqual(["Paris", "Paris 5e Arrondissement"]);
    expect(communes.communesOf("20000")).toEqual([{ code: "2A004", name: "Ajaccio", department: "2A" }]);
    expect(communes.communesOf("20200").every((c) => c.department === "2B")).toBe(true);
    expect(communes.communesOf("97139").map((c) => c.name)).toContain("Les Abymes");
    expect(communes.communesOf("00000")).toEqual([]);
  });
});

describe("the trainee's address", () => {
  it.each<[string, string, Department | null, string[]]>([
    ["75005", "Paris", "D75", []],
    ["75005", "PARIS CEDEX 05", "D75", []],
    ["93400", "ST OUEN SUR SEINE", "D93", []],
    ["69110", "STE FOY LES LYON", "D69", []],
    // A former commune still written on letters (Cherbourg-Octeville, delegated commune of Cherbourg-en-Cotentin since 2016).
    ["50100", "Cherbourg-Octeville", "D50", []],
    ["20000", "Ajaccio", "D2A", []],
    ["97139", "Les Abymes", "D971", []],
    ["97600", "Mamoudzou", "D976", []],
    ["75005", "Paris", null, []],
    // The postal code exists, the city is not one of its communes: a warning.
    ["75005", "Lyon", "D75", ["warning:postal.city"]],
    // Another département than the trainee's: blocking.
    ["75005", "Paris", "D92", ["blocking:postal.department"]],
    ["20000", "Ajaccio", "D2B", ["blocking:postal.department"]],
    ["97139", "Les Abymes", "D972", ["blocking:postal.department"]],
    // No such postal code: blocking.
    ["75099", "Paris", "D75", ["blocking:postal.unknown"]],
  ])("%s %s (%s): %o", (zipCode, city, department, expected) => {
    expect(codes(trainee(zipCode, city, department))).toEqual(expected);
  });

  it("says which communes the postal code serves", () => {
    const [check] = checkPlaces(trainee("69110", "Lyon", "D69"), communes);
    expect(check).toMatchObject({ level: "warning", source: "trainee", field: "address.city", agoraCode: 1022 });
    expect(check!.message).toBe("La commune « Lyon » ne correspond pas au code postal 69110 (Sainte-Foy-lès-Lyon)");
  });
});

describe("the NIR's birth commune", () => {
  it.each([
    ["1800175105001", "Paris 5e arrondissement"],
    ["1650320004017", "Ajaccio before 1976 (former code 20004)"],
    ["1920397101123", "Les Abymes, Guadeloupe"],
    ["1800175010001", "Bondy, in the Seine (75) until 1968"],
    ["1750599350123", "born abroad: a country, not checked"],
    ["1800169381001", "Lyon 1er arrondissement"],
  ])("%s exists (%s)", (ssn) => {
    expect(codes(trainee("75005", "Paris", "D75", ssn))).toEqual([]);
  });

  it("an unknown commune is a warning naming it", () => {
    expect(checkPlaces(trainee("75005", "Paris", "D75", "1800175999001"), communes)).toEqual([
      {
        level: "warning",
        code: "nir.birthCommune",
        agoraCode: 4,
        message: "La commune de naissance du NIR (75999) n'existe pas dans le département 75",
        source: "trainee",
        field: "ssn",
      },
    ]);
  });
});

describe("the training location", () => {
  it("checks its postal code and commune, without a département to compare", () => {
    const subject = (zipCode: string, city: string) => ({ ...trainee("75005", "Paris", "D75"), trainingAddress: { zipCode, city } });
    expect(codes(subject("33000", "Bordeaux"))).toEqual([]);
    expect(codes(subject("33099", "Bordeaux"))).toEqual(["blocking:postal.unknown"]);
    expect(checkPlaces(subject("33000", "Mérignac"), communes)[0]).toMatchObject({ level: "warning", source: "training", field: "address.city", agoraCode: 47 });
  });
});
