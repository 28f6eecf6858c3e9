/** resources/common/text.ts: the one accent-folding helper, and the characters no text field may hold (forms and API alike). */
import { describe, expect, it } from "vitest";
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacter, withoutAccents } from "../../resources/common/text";
import { organizationSchema } from "../../resources/organizations/schema";
import { recordInternshipSchema } from "../../resources/records/internship";
import { sessionResultSchema } from "../../resources/sessions/result";
import { traineeSchema } from "../../resources/trainees/schema";
import { trainingInformationBodySchema } from "../../resources/trainings/schema";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("withoutAccents", () => {
  it("drops the accents (combining marks), keeps the case and the other characters", () => {
    expect(withoutAccents("Hélène LEFÈVRE-Çà, l'Haÿ-les-Roses")).toBe("Helene LEFEVRE-Ca, l'Hay-les-Roses");
    expect(withoutAccents("Ωμέγα Дми́трий عربي")).toBe("Ωμεγα Дмитрии عربي");
  });
});

describe("characters no text field holds", () => {
  it.each([
    ["NUL", "Rose\u0000"],
    ["U+FFFF", "Rose\uFFFF"],
    ["U+FFFE", "\uFFFERose"],
    ["U+FDD0", "Ro\uFDD0se"],
    ["U+FDEF", "Ro\uFDEFse"],
    ["U+1FFFE (end of plane 1)", "Ro\u{1FFFE}se"],
    ["U+10FFFF (end of plane 16)", "Ro\u{10FFFF}se"],
    ["a bell (C0 control)", "Ro\u0007se"],
    ["a tab", "Ro\tse"],
    ["an escape", "Ro\u001Bse"],
    ["a lone surrogate", "Ro\ud800se"],
    ["a right-to-left override", "\u202Eesor"],
  ])("refuses %s, in single-line and multi-line texts", (_name, text) => {
    expect(hasForbiddenCharacter(text)).toBe(true);
    expect(hasForbiddenCharacter(text, { multiline: true })).toBe(true);
  });

  it("refuses line breaks in a single-line text only", () => {
    expect(hasForbiddenCharacter("ligne 1\nligne 2")).toBe(true);
    expect(hasForbiddenCharacter("ligne 1\r\nligne 2", { multiline: true })).toBe(false);
  });

  it("accepts letters of every script, emoji (paired surrogates) and the characters next to the refused ones", () => {
    for (const text of ["Hélène", "Ωμέγα", "Дмитрий", "محمد", "李小龙", "martin 😀", "\uFDCF\uFDF0\uFFFD", "\u{1FFFD}"]) {
      expect(hasForbiddenCharacter(text), text).toBe(false);
    }
  });

  it("the forms say it with the API's message: a trainee's name, an organisation's, a training's", () => {
    const trainee = { firstName: "Rose\uFFFF", lastName: "Dupont", birthName: "Dupont", email: "rose@exemple.fr", gender: "FEMALE", ssn: "2800175123456", birthDate: "1980-01-31", address: { streetName: "des Lilas", zipCode: "75020", city: "paris" } };
    expect(firstMessage(traineeSchema.safeParse(trainee))).toBe(FORBIDDEN_CHARACTER_MESSAGE);
    expect(firstMessage(organizationSchema.safeParse({ name: "organisme\u0007", siret: "12345678901234" }))).toBe(FORBIDDEN_CHARACTER_MESSAGE);
    const training = trainingInformationBodySchema.shape.name.safeParse("Soudure\u{1FFFF}");
    expect(firstMessage(training)).toBe(FORBIDDEN_CHARACTER_MESSAGE);
  });

  it("a single-line field refuses a line break; the bilans' multi-line texts keep theirs", () => {
    expect(firstMessage(organizationSchema.safeParse({ name: "organisme\ngarde", siret: "12345678901234" }))).toBe(FORBIDDEN_CHARACTER_MESSAGE);
    expect(sessionResultSchema.parse({ objective: "Former\r\ndes soudeurs" }).objective).toBe("Former\r\ndes soudeurs");
    const review = recordInternshipSchema.parse({ internshipStartDate: "2026-02-02", internshipEndDate: "2026-02-27", internshipProspects: "Embauche\nen CDI" });
    expect(review.internshipProspects).toBe("Embauche\nen CDI");
    expect(firstMessage(sessionResultSchema.safeParse({ objective: "Former\u0000" }))).toBe(FORBIDDEN_CHARACTER_MESSAGE);
  });
});
