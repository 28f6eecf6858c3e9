import { describe, expect, it } from "vitest";
import { daysBetween, isWeekend } from "../../server/calendar/calendar-dates";
import { easterSunday, frenchPublicHolidays, isFrenchPublicHoliday, isWorkingDay } from "../../server/calendar/french-holidays";

describe("easterSunday", () => {
  it("donne le dimanche de Pâques des années connues, y compris les plus tôt et les plus tard possibles", () => {
    expect(easterSunday(2019)).toBe("2019-04-21");
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2038)).toBe("2038-04-25"); // le plus tard : 25 avril
    expect(easterSunday(2285)).toBe("2285-03-22"); // le plus tôt : 22 mars
  });

  it("tombe un dimanche chaque année de 1900 à 2200", () => {
    for (let year = 1900; year <= 2200; year++) expect(new Date(`${easterSunday(year)}T00:00:00Z`).getUTCDay()).toBe(0);
  });
});

describe("frenchPublicHolidays", () => {
  it("liste les onze jours fériés nationaux de 2026, dans l'ordre", () => {
    expect(frenchPublicHolidays(2026)).toEqual([
      { date: "2026-01-01", name: "Jour de l'an" },
      { date: "2026-04-06", name: "Lundi de Pâques" },
      { date: "2026-05-01", name: "Fête du Travail" },
      { date: "2026-05-08", name: "Victoire 1945" },
      { date: "2026-05-14", name: "Ascension" },
      { date: "2026-05-25", name: "Lundi de Pentecôte" },
      { date: "2026-07-14", name: "Fête nationale" },
      { date: "2026-08-15", name: "Assomption" },
      { date: "2026-11-01", name: "Toussaint" },
      { date: "2026-11-11", name: "Armistice 1918" },
      { date: "2026-12-25", name: "Noël" },
    ]);
  });

  it("place l'Ascension un jeudi et les lundis de Pâques et de Pentecôte un lundi", () => {
    for (let year = 2000; year <= 2100; year++) {
      const byName = new Map(frenchPublicHolidays(year).map((holiday) => [holiday.name, holiday.date]));
      const weekday = (name: string) => new Date(`${byName.get(name)}T00:00:00Z`).getUTCDay();
      expect([weekday("Lundi de Pâques"), weekday("Ascension"), weekday("Lundi de Pentecôte")]).toEqual([1, 4, 1]);
    }
  });

  it("ne compte pas les jours régionaux d'Alsace-Moselle (Vendredi saint, 26 décembre)", () => {
    expect(isFrenchPublicHoliday("2026-04-03")).toBe(false);
    expect(isFrenchPublicHoliday("2026-12-26")).toBe(false);
  });
});

describe("isWorkingDay", () => {
  it("exclut les week-ends et les jours fériés, garde les autres jours de semaine", () => {
    expect(isWorkingDay("2026-05-13")).toBe(true); // mercredi
    expect(isWorkingDay("2026-05-14")).toBe(false); // Ascension, un jeudi
    expect(isWorkingDay("2026-05-16")).toBe(false); // samedi
    expect(isWorkingDay("2026-05-17")).toBe(false); // dimanche
    expect(isWorkingDay("2025-12-25")).toBe(false); // Noël, un jeudi
  });

  it("compte 252 jours ouvrés en 2026 (261 jours de semaine moins 9 fériés ; le 15 août tombe un samedi, la Toussaint un dimanche)", () => {
    const year = daysBetween("2026-01-01", "2026-12-31");
    expect(year.filter((day) => !isWeekend(day))).toHaveLength(261);
    expect(year.filter(isWorkingDay)).toHaveLength(252);
  });
});
