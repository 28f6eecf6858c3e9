import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, addMonths } from "../../server/calendar/calendar-dates";
import { moreThanWorkingDaysAgoCutoff, workingDaysBetween } from "../../server/calendar/working-days";

describe("addMonths (questionnaire à six mois)", () => {
  it.each([
    ["2025-10-31", 6, "2026-04-30", "pas de 31 avril : le dernier jour du mois"],
    ["2026-07-31", -5, "2026-02-28", "février d'une année commune"],
    ["2028-03-31", -1, "2028-02-29", "février d'une année bissextile"],
    ["2025-12-31", 7, "2026-07-31", "par-dessus la fin d'année"],
    ["2026-05-21", -7, "2025-10-21", "en arrière par-dessus la fin d'année"],
  ])("%s %+d mois → %s (%s)", (day, count, expected) => {
    expect(addMonths(day, count)).toBe(expected);
  });
});

describe("moreThanWorkingDaysAgoCutoff (bilans : 10 jours ouvrés)", () => {
  it("rend « date <= cutoff » équivalent à « plus de 10 jours ouvrés écoulés » pour toute date proche", () => {
    const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays("2024-01-01", n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 40 }), (today, back) => {
        const date = addDays(today, -back);
        return (date <= moreThanWorkingDaysAgoCutoff(today, 10)) === workingDaysBetween(date, today) > 10;
      }),
    );
  });
});
