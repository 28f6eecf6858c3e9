/** NIR checks (resources/quality/nir.ts): structure, then consistency with the trainee; real-world shaped numbers (13 characters, no key). */
import { describe, expect, it } from "vitest";
import { checkNir, nirBirthCommune, parseNir, type NirTrainee } from "../../resources/quality/nir";

const trainee = (ssn: string, fields: Partial<NirTrainee> = {}): NirTrainee => ({ ssn, gender: "MALE", birthDate: "1980-01-15", bornInFrance: true, ...fields });
const codes = (t: NirTrainee) => checkNir(t).map((c) => `${c.level}:${c.code}`);

describe("structure", () => {
  it.each([
    ["1800175056001", { sex: "1", year: "80", month: "01", department: "75", commune: "056", order: "001" }],
    ["2850669123045", { sex: "2", year: "85", month: "06", department: "69", commune: "123", order: "045" }],
    // Corsica: 20 before 1976, 2A / 2B since (letters are stored upper-case, typed either way).
    ["1650320004017", { department: "20", commune: "004" }],
    ["292032A004017", { department: "2A", commune: "004" }],
    ["199052b096021", { department: "2B", commune: "096" }],
    // Overseas: a 3-digit département, a 2-digit commune (Les Abymes 97101, Mamoudzou 97611, Nouméa 98818).
    ["1920397101123", { department: "971", commune: "01" }],
    ["2010597611004", { department: "976", commune: "11" }],
    ["1781298818007", { department: "988", commune: "18" }],
    // Born abroad: 99 then the INSEE country code (350 Morocco).
    ["1750599350123", { department: "99", commune: "350" }],
    // Unknown month (20, 30–42, 50–99), provisional (7/8) and foreign-born being registered (3/4) numbers.
    ["1802075056001", { month: "20" }],
    ["2804299350001", { month: "42" }],
    ["1805599350001", { month: "55" }],
    ["7900199350001", { sex: "7" }],
    ["4900199350001", { sex: "4" }],
  ])("%s is well-formed", (ssn, parts) => {
    expect(parseNir(ssn)).toMatchObject(parts);
  });

  it.each([
    ["", "empty"],
    ["18001750560", "too short (11)"],
    ["180017505600123", "with its key (15)"],
    ["5800175056001", "sex digit 5"],
    ["0800175056001", "sex digit 0"],
    ["1800075056001", "month 00"],
    ["1801375056001", "month 13"],
    ["1801975056001", "month 19"],
    ["1804375056001", "month 43"],
    ["1800100056001", "département 00"],
    ["1800196056001", "département 96"],
    ["1800197956001", "overseas 979"],
    ["1800198356001", "overseas 983"],
    ["18001752C0001", "2C is no département"],
    ["1800175000001", "commune 000"],
    ["1800175056000", "order 000"],
    ["18A0175056001", "letters in the year"],
  ])("%s is refused (%s)", (ssn) => {
    expect(parseNir(ssn)).toBeNull();
    expect(codes(trainee(ssn))).toEqual(["blocking:nir.structure"]);
  });

  it("gives the birth commune's INSEE code, none for the born abroad", () => {
    expect(nirBirthCommune(parseNir("1800175105001")!)).toBe("75105");
    expect(nirBirthCommune(parseNir("1920397101123")!)).toBe("97101");
    expect(nirBirthCommune(parseNir("1650320004017")!)).toBe("20004");
    expect(nirBirthCommune(parseNir("1750599350123")!)).toBeNull();
  });
});

describe("consistency with the trainee", () => {
  it.each<[string, Partial<NirTrainee>, string[]]>([
    ["1800175056001", {}, []],
    ["2800175056001", {}, ["blocking:nir.sexGender"]],
    ["1800175056001", { gender: "FEMALE" }, ["blocking:nir.sexGender"]],
    ["2800175056001", { gender: "FEMALE" }, []],
    ["7800175056001", { gender: "MALE" }, ["warning:nir.provisional"]],
    ["8800175056001", { gender: "MALE" }, ["blocking:nir.sexGender", "warning:nir.provisional"]],
    ["3800199350001", { bornInFrance: false }, []],
    // Year and month against the birth date; an unknown month (20, 30–42, 50+) is not compared.
    ["1810175056001", {}, ["blocking:nir.year"]],
    ["1800275056001", {}, ["blocking:nir.month"]],
    ["1802075056001", {}, []],
    ["1805575056001", {}, []],
    // Same two last digits a century apart: the NIR cannot tell, so it passes.
    ["1800175056001", { birthDate: "1880-01-15" }, []],
    // Born abroad (99) against 'born in France'.
    ["1800199350001", { bornInFrance: true }, ["blocking:nir.bornAbroad"]],
    ["1800199350001", { bornInFrance: false }, []],
    ["1800175056001", { bornInFrance: false }, ["warning:nir.bornInFrance"]],
    ["1800197101001", { bornInFrance: true }, []],
    // Corsica: 20 before 1976, 2A/2B since.
    ["1650320004017", { birthDate: "1965-03-02" }, []],
    ["165032A004017", { birthDate: "1965-03-02" }, ["warning:nir.corsicaBefore1976"]],
    ["2920320004017", { gender: "FEMALE", birthDate: "1992-03-02" }, ["warning:nir.corsicaSince1976"]],
    ["292032B033017", { gender: "FEMALE", birthDate: "1992-03-02" }, []],
    // While the form is being filled: no gender nor birth date yet, nothing to compare.
    ["1800175056001", { gender: "", birthDate: "" }, []],
  ])("%s with %o: %o", (ssn, fields, expected) => {
    expect(codes(trainee(ssn, fields))).toEqual(expected);
  });

  it("says which field to fix, in French, for the trainee page", () => {
    expect(checkNir(trainee("2800175056001"))).toEqual([
      { level: "blocking", code: "nir.sexGender", agoraCode: 4, message: "Le premier chiffre du NIR ne correspond pas au genre du stagiaire", source: "trainee", field: "gender" },
    ]);
    expect(checkNir(trainee("1810175056001"))[0]).toMatchObject({ agoraCode: 29, field: "birthDate" });
  });
});
