/**
 * The SIRETs the tests make up pass the data-quality gate's key (issue 15): a wrong key made a test organisation's records
 * unpushable and its form warn, 9 times out of 10 for the Playwright helper.
 */
import { describe, expect, it } from "vitest";
import { isValidSiret } from "../../resources/quality/siret";
import { uniqueSiret as e2eSiret } from "../e2e/support/api-records";
import { withLuhnKey } from "../support/sirets";

describe("test SIRETs", () => {
  it("withLuhnKey appends the one key that passes Luhn", () => {
    expect(withLuhnKey("7328293200007")).toBe("73282932000074");
    expect(withLuhnKey("8240915360001")).toBe("82409153600014");
    expect(() => withLuhnKey("123")).toThrow();
  });

  it("the Playwright helper's SIRETs are 14 digits with a right key, and differ", () => {
    const sirets = Array.from({ length: 200 }, () => e2eSiret());
    for (const siret of sirets) {
      expect(siret).toMatch(/^\d{14}$/);
      expect(isValidSiret(siret), siret).toBe(true);
    }
    expect(new Set(sirets).size).toBeGreaterThan(190);
  });
});
