/** The civil-status alphabet of trainees' names (docs/decisions/0001-noms-alphabet-latin.md), with its message verbatim. */
import { describe, expect, it } from "vitest";
import { CIVIL_STATUS_NAME_MESSAGE, isCivilStatusName } from "../../resources/common/person-name";
import { traineeSchema } from "../../resources/trainees/schema";

describe("noms de l'état civil", () => {
  it("acceptent les lettres latines, les accents du français, æ, œ, l'espace, le trait d'union et les apostrophes", () => {
    for (const name of ["DUPONT", "Zoë-Ève", "D'ALEMBERT", "N’DIAYE", "ŒUVRARD", "Lætitia", "Ÿvonne", "ÇA VA", "E\u0301VRARD"]) {
      expect(isCivilStatusName(name), name).toBe(true);
    }
  });

  it("refusent les autres écritures, les lettres latines hors du français, les chiffres et les signes", () => {
    for (const name of ["محمد", "Дмитрий", "ΩΜΕΓΑ", "李", "NGUYỄN", "Łukasz", "NUÑEZ", "DUPONT2", "DUPONT.", "A_B"]) {
      expect(isCivilStatusName(name), name).toBe(false);
    }
  });

  it("le formulaire le dit sur le champ, par le message de la décision", () => {
    const checked = traineeSchema.shape.birthName.safeParse("محمد");
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((issue) => issue.message)).toEqual([CIVIL_STATUS_NAME_MESSAGE]);
    expect(CIVIL_STATUS_NAME_MESSAGE).toBe(
      "Ce champ n'accepte que les lettres de l'alphabet latin (avec les accents du français), l'espace, le trait d'union et l'apostrophe",
    );
  });
});
