import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatEuros, formatHours, formatListTotal, NC } from "../../src/lib/format";

// fr-FR number formats group with a narrow no-break space and put a no-break space before "€".
const normalizeSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("formatDate", () => {
  it("affiche JJ/MM/AAAA", () => {
    expect(formatDate(new Date(2026, 0, 5, 15, 30))).toBe("05/01/2026");
    expect(formatDate("2026-03-31")).toBe("31/03/2026");
  });
  it("garde le jour calendaire d'une date AAAA-MM-JJ, même à l'ouest de Greenwich", () => {
    const zone = process.env.TZ;
    process.env.TZ = "America/Los_Angeles";
    try {
      expect(formatDate("2026-01-01")).toBe("01/01/2026");
    } finally {
      process.env.TZ = zone;
    }
  });
  it("NC. pour une valeur vide ou invalide", () => {
    for (const empty of [null, undefined, "", "  ", "pas une date"]) expect(formatDate(empty)).toBe(NC);
  });
});

describe("formatDateTime", () => {
  it("affiche JJ/MM/AAAA - HH:mm:ss", () => {
    expect(formatDateTime(new Date(2026, 6, 14, 9, 5, 7))).toBe("14/07/2026 - 09:05:07");
  });
  it("NC. pour une valeur vide", () => {
    for (const empty of [null, undefined, ""]) expect(formatDateTime(empty)).toBe(NC);
  });
});

describe("formatEuros", () => {
  it("affiche des euros au format français", () => {
    expect(normalizeSpaces(formatEuros(1234.5))).toBe("1 234,50 €");
    expect(normalizeSpaces(formatEuros(0))).toBe("0,00 €");
    expect(normalizeSpaces(formatEuros("99.9"))).toBe("99,90 €");
  });
  it("NC. pour une valeur vide ou non numérique", () => {
    for (const empty of [null, undefined, "", "abc"]) expect(formatEuros(empty)).toBe(NC);
  });
});

describe("formatHours", () => {
  it("affiche des heures", () => {
    expect(formatHours(35)).toBe("35 h");
    expect(formatHours(7.5)).toBe("7,5 h");
    expect(normalizeSpaces(formatHours(1607))).toBe("1 607 h");
    expect(formatHours(0)).toBe("0 h");
  });
  it("NC. pour une valeur vide", () => {
    for (const empty of [null, undefined, ""]) expect(formatHours(empty)).toBe(NC);
  });
});

it("NC vaut « NC. »", () => {
  expect(NC).toBe("NC.");
});

describe("formatListTotal", () => {
  it("affiche le total exact, ou « plus de 10 000 » (espace fine insécable) quand l'API l'a estimé", () => {
    expect(formatListTotal(9_999, false)).toBe("9999");
    expect(formatListTotal(523_417, true)).toBe("plus de 10\u202f000");
    expect(normalizeSpaces(formatListTotal(523_417, true))).toBe("plus de 10 000");
  });
});
