import { describe, expect, it } from "vitest";
import { formatListTotal } from "../../resources/common/list-count";
import { formatTodoCount } from "../../resources/todo/schema";
import { formatDate, formatDateTime, formatEuros, formatHours, formatPeriod, formatYesNo, NC } from "../../src/lib/format";

// fr-FR number formats group with a narrow no-break space and put a no-break space before "€".
const normalizeSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** Runs `check` with the process in another time zone (Node reads TZ again when it changes). */
function inZone(zone: string, check: () => void) {
  const previous = process.env.TZ;
  process.env.TZ = zone;
  try {
    check();
  } finally {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  }
}

describe("formatDate", () => {
  it("affiche JJ/MM/AAAA", () => {
    expect(formatDate("2026-03-31")).toBe("31/03/2026");
  });
  it("affiche le jour, dans le fuseau du navigateur, d'un instant ISO 8601 (createdDate, updatedDate)", () => {
    inZone("Europe/Paris", () => {
      expect(formatDate("2026-01-05T15:30:00.000Z")).toBe("05/01/2026");
      expect(formatDate("2026-01-05T23:30:00.000Z")).toBe("06/01/2026");
    });
  });
  it("garde le jour calendaire d'une date AAAA-MM-JJ, même à l'ouest de Greenwich", () => {
    inZone("America/Los_Angeles", () => expect(formatDate("2026-01-01")).toBe("01/01/2026"));
  });
  it("NC. pour une valeur vide ou invalide", () => {
    for (const empty of [null, undefined, "", "  ", "pas une date"]) expect(formatDate(empty)).toBe(NC);
  });
});

describe("formatDateTime", () => {
  it("affiche JJ/MM/AAAA - HH:mm:ss", () => {
    inZone("Europe/Paris", () => expect(formatDateTime("2026-07-14T07:05:07.000Z")).toBe("14/07/2026 - 09:05:07"));
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
    expect(formatListTotal(9_999, false)).toBe("9\u202f999");
    expect(formatListTotal(523_417, true)).toBe("plus de 10\u202f000");
    expect(normalizeSpaces(formatListTotal(523_417, true))).toBe("plus de 10 000");
    expect(normalizeSpaces(formatListTotal(10_000, false))).toBe("10 000");
    expect(normalizeSpaces(formatListTotal(10_001, true))).toBe("plus de 10 000");
  });

  it("dit « plus de 1 000 » au-delà de mille résultats d'une recherche (l'API répond 1 001, plafonné), « 1 000 » à mille", () => {
    expect(normalizeSpaces(formatListTotal(1_000, false))).toBe("1 000");
    expect(normalizeSpaces(formatListTotal(1_001, true))).toBe("plus de 1 000");
    expect(normalizeSpaces(formatListTotal(999, false))).toBe("999");
  });
});

describe("formatTodoCount", () => {
  it("écrit un compteur « À traiter » comme un total de liste : exact jusqu'à 10 000, « plus de 10 000 » à 10 001 (plafond de l'API)", () => {
    expect(normalizeSpaces(formatTodoCount(0))).toBe("0");
    expect(normalizeSpaces(formatTodoCount(1_234))).toBe("1 234");
    expect(normalizeSpaces(formatTodoCount(10_000))).toBe("10 000");
    expect(normalizeSpaces(formatTodoCount(10_001))).toBe("plus de 10 000");
  });
});

describe("formatYesNo", () => {
  it("reads true as 'Oui', false and an unanswered value as 'Non'", () => {
    expect([true, false, null, undefined].map(formatYesNo)).toEqual(["Oui", "Non", "Non", "Non"]);
  });
});

describe("formatPeriod", () => {
  it("says a period in a sentence, capitalised when it starts a line; an empty end shows NC.", () => {
    expect(formatPeriod("2025-01-02", "2025-02-03")).toBe("du 02/01/2025 au 03/02/2025");
    expect(formatPeriod("2025-01-02", null, { capitalized: true })).toBe(`Du 02/01/2025 au ${NC}`);
  });
});
