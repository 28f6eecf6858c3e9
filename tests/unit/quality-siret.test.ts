/** SIRET checks (resources/quality/siret.ts): 14 digits, the Luhn key, La Poste's exception; a property on single-digit errors. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkSiret, isValidSiret, luhnValid, siretProblem } from "../../resources/quality/siret";

describe("SIRET", () => {
  it.each([
    // Public establishments' SIRETs as published in the SIRENE directory (shapes of real numbers).
    "23750007900312",
    "13000548100010",
    "73282932000074",
    "55208131766522",
    "44306184100047",
    // La Poste: SIREN 356000000, the digit sum a multiple of 5 (not Luhn) …
    "35600000049837",
    "35600000052135",
    // … and its head office, which passes Luhn only.
    "35600000000048",
  ])("%s is valid", (siret) => {
    expect(siretProblem(siret)).toBeNull();
  });

  it.each([
    ["12345678901234", "key"],
    ["82409153600017", "key"],
    ["35600000049838", "key"],
    ["35600000000049", "key"],
    ["2375000790031", "format"],
    ["237500079003120", "format"],
    ["2375000790031A", "format"],
    ["2375 000790031", "format"],
    ["", "format"],
  ])("%s is refused (%s)", (siret, problem) => {
    expect(siretProblem(siret)).toBe(problem);
  });

  it("Luhn on a reference number (ISO/IEC 7812 example 7992739871 + key 3)", () => {
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
  });

  it("any valid SIRET with one digit changed fails (outside La Poste, whose key is weaker)", () => {
    const body = fc.stringMatching(/^\d{13}$/).filter((s) => !s.startsWith("356000000"));
    const valid = body.map((b) => [...Array(10).keys()].map((d) => b + d).find(luhnValid)!);
    fc.assert(
      fc.property(valid, fc.nat(13), fc.integer({ min: 1, max: 9 }), (siret, position, shift) => {
        expect(isValidSiret(siret)).toBe(true);
        const changed = siret.slice(0, position) + ((Number(siret[position]) + shift) % 10) + siret.slice(position + 1);
        expect(isValidSiret(changed)).toBe(false);
      }),
    );
  });

  it("a check names the SIRET, its source and field; an absent SIRET is completeness's business", () => {
    const where = { label: "du financeur n° 1", source: "training_funding" as const, field: "funders.0.siret", agoraCode: 69 };
    expect(checkSiret("12345678901234", where)).toEqual([
      {
        level: "blocking",
        code: "siret.key",
        agoraCode: 69,
        message: "Le SIRET du financeur n° 1 est invalide (clé de contrôle incorrecte)",
        source: "training_funding",
        field: "funders.0.siret",
      },
    ]);
    expect(checkSiret(null, where)).toEqual([]);
    expect(checkSiret("13000548100010", where)).toEqual([]);
  });
});
