/** What a push needs (resources/quality/completeness.ts): each missing or malformed item, with its source and field. */
import { describe, expect, it } from "vitest";
import { textLength } from "../../resources/common/text";
import { checkPushSubject, type PushSubject } from "../../resources/quality/completeness";
import { trainingInformationBodySchema } from "../../resources/trainings/schema";

const subject = (): PushSubject => ({
  trainee: {
    ssn: "2850669123045",
    gender: "FEMALE",
    birthDate: "1985-06-02",
    bornInFrance: true,
    firstName: "Léa",
    birthName: "MARTIN",
    address: { streetName: "Pasteur", zipCode: "69007", city: "Lyon" },
  },
  session: { startDate: "2026-01-12", endDate: "2026-03-20" },
  training: {
    name: "Titre professionnel secrétaire assistant",
    number: "F2026-001",
    actionNumber: "A01",
    address: { zipCode: "69002", city: "Lyon" },
    educationalOrganizationSiret: "13000548100010",
    contractingOrganizationSiret: "23750007900312",
    funders: [{ siret: "73282932000074" }, { siret: null }],
  },
  record: { realStartDate: "2026-01-12", realEndDate: null, employerSiret: "35600000049837" },
});
const codes = (s: PushSubject) => checkPushSubject(s).map((c) => `${c.level}:${c.code}:${c.source}:${c.field}`);

describe("checkPushSubject", () => {
  it("a complete, consistent record passes; so do the limits themselves (38-character lines, a 255-character name)", () => {
    expect(checkPushSubject(subject())).toEqual([]);
    const limits = subject();
    limits.trainee.address.address1 = "x".repeat(38);
    limits.training.name = "x".repeat(255);
    expect(checkPushSubject(limits)).toEqual([]);
  });

  it.each<[string, (s: PushSubject) => void, string[]]>([
    ["no first name", (s) => (s.trainee.firstName = " "), ["blocking:trainee.firstName:trainee:firstName"]],
    ["an address line AGORA cannot hold", (s) => (s.trainee.address.address2 = "x".repeat(39)), ["blocking:trainee.address.address2:trainee:address.address2"]],
    ["a 4-digit postal code", (s) => (s.trainee.address.zipCode = "6907"), ["blocking:trainee.address.zipCode:trainee:address.zipCode"]],
    ["a NIR against the gender", (s) => (s.trainee.gender = "MALE"), ["blocking:nir.sexGender:trainee:gender"]],
    ["no training location", (s) => (s.training.address = null), ["blocking:training.address:training:address"]],
    ["a location without its city", (s) => (s.training.address = { zipCode: "69002", city: "" }), ["blocking:training.address:training:address"]],
    ["a location's 4-digit postal code", (s) => (s.training.address = { zipCode: "6900", city: "Lyon" }), ["blocking:training.address.zipCode:training:address.zipCode"]],
    ["no action number", (s) => (s.training.actionNumber = ""), ["blocking:training.actionNumber:training:actionNumber"]],
    ["an organisation's SIRET key", (s) => (s.training.educationalOrganizationSiret = "13000548100011"), ["blocking:siret.key:training:educationalOrganizationId"]],
    ["no funder", (s) => (s.training.funders = []), ["blocking:funders.none:training_funding:funders"]],
    ["the second funder's SIRET", (s) => (s.training.funders[1]!.siret = "12345678901234"), ["blocking:siret.key:training_funding:funders.1.siret"]],
    ["the employer's SIRET", (s) => (s.record!.employerSiret = "1234567890123"), ["blocking:siret.format:record:employerSiret"]],
    ["real dates reversed", (s) => (s.record!.realEndDate = "2026-01-11"), ["blocking:record.realDates:record:realEndDate"]],
    ["no birth name", (s) => (s.trainee.birthName = ""), ["blocking:trainee.birthName:trainee:birthName"]],
    ["no birth date", (s) => (s.trainee.birthDate = ""), ["blocking:trainee.birthDate:trainee:birthDate"]],
    ["the first address line too long", (s) => (s.trainee.address.address1 = "x".repeat(39)), ["blocking:trainee.address.address1:trainee:address.address1"]],
    ["the third address line too long", (s) => (s.trainee.address.address3 = "x".repeat(39)), ["blocking:trainee.address.address3:trainee:address.address3"]],
    ["no training number", (s) => (s.training.number = " "), ["blocking:training.number:training:number"]],
    ["a training name over 255 characters", (s) => (s.training.name = "x".repeat(256)), ["blocking:training.name:training:name"]],
    ["the contracting organisation's SIRET", (s) => (s.training.contractingOrganizationSiret = "23750007900313"), ["blocking:siret.key:training:contractingOrganizationId"]],
    ["session dates reversed", (s) => (s.session.endDate = "2026-01-11"), ["blocking:session.dates:session:startDate"]],
    ["no session start date", (s) => (s.session.startDate = null), ["blocking:session.dates:session:startDate"]],
  ])("%s", (_name, spoil, expected) => {
    const s = subject();
    spoil(s);
    expect(codes(s)).toEqual(expected);
  });

  it("a record still to be created has no record checks", () => {
    expect(checkPushSubject({ ...subject(), record: null })).toEqual([]);
  });
});

describe("lengths are counted the same way by the form, the request schema and the gate: in characters (code points)", () => {
  // 200 emoji (two UTF-16 units each) and 55 letters: 255 characters, 455 UTF-16 units.
  const emojiName = "😀".repeat(200) + "x".repeat(55);

  it("a 255-character training name with emoji passes the schema and the gate; one more character fails both", () => {
    const nameSchema = trainingInformationBodySchema.shape.name;
    expect(nameSchema.safeParse(emojiName).success).toBe(true);
    const accepted = subject();
    accepted.training.name = emojiName;
    expect(codes(accepted)).toEqual([]);

    expect(nameSchema.safeParse(`${emojiName}x`).error?.issues[0]?.message).toBe("Le nombre de caractères est limité à 255");
    const refused = subject();
    refused.training.name = `${emojiName}x`;
    expect(codes(refused)).toEqual(["blocking:training.name:training:name"]);
  });

  it("a 38-character address line with accents and emoji is one AGORA holds", () => {
    const line = "🏠".repeat(10) + "é".repeat(28);
    expect(textLength(line)).toBe(38);
    const s = subject();
    s.trainee.address.address1 = line;
    expect(codes(s)).toEqual([]);
    s.trainee.address.address1 = `${line}x`;
    expect(codes(s)).toEqual(["blocking:trainee.address.address1:trainee:address.address1"]);
  });
});
