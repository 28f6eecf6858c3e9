import { afterEach, describe, expect, it, vi } from "vitest";
import { daysBetween, isWeekend } from "../../server/calendar/calendar-dates";
import { frenchPublicHolidays, isFrenchPublicHoliday, isWorkingDay } from "../../server/calendar/french-holidays";

const HOLIDAYS_2026 = [
  { date: "2026-01-01", name: "Jour de l'an" },
  { date: "2026-04-06", name: "Lundi de Pâques" },
  { date: "2026-05-01", name: "Fête du travail" },
  { date: "2026-05-08", name: "Victoire des alliés" },
  { date: "2026-05-14", name: "Ascension" },
  { date: "2026-05-25", name: "Lundi de Pentecôte" },
  { date: "2026-07-14", name: "Fête Nationale" },
  { date: "2026-08-15", name: "Assomption" },
  { date: "2026-11-01", name: "Toussaint" },
  { date: "2026-11-11", name: "Armistice" },
  { date: "2026-12-25", name: "Noël" },
];

const weekday = (day: string | undefined) => new Date(`${day}T00:00:00Z`).getUTCDay();

const easterBasedWeekdays = (holidays: typeof frenchPublicHolidays, from: number, to: number) => {
  const weekdays = new Set<string>();
  for (let year = from; year <= to; year++) {
    const byName = new Map(holidays(year).map((holiday) => [holiday.name, holiday.date]));
    weekdays.add([byName.get("Lundi de Pâques"), byName.get("Ascension"), byName.get("Lundi de Pentecôte")].map(weekday).join());
  }
  return [...weekdays];
};

describe("frenchPublicHolidays", () => {
  it("liste les onze jours fériés nationaux de 2026, dans l'ordre", () => {
    expect(frenchPublicHolidays(2026)).toEqual(HOLIDAYS_2026);
  });

  it("place le lundi de Pâques des années connues, y compris aux dates les plus tôt et les plus tard possibles", () => {
    const easterMonday = (year: number) => frenchPublicHolidays(year).find((holiday) => holiday.name === "Lundi de Pâques")?.date;
    expect([2019, 2024, 2025, 2026, 2027, 2038, 2285].map(easterMonday)).toEqual([
      "2019-04-22", "2024-04-01", "2025-04-21", "2026-04-06", "2027-03-29",
      "2038-04-26", // le plus tard : Pâques le 25 avril
      "2285-03-23", // le plus tôt : Pâques le 22 mars
    ]);
  });

  it("place l'Ascension un jeudi et les lundis de Pâques et de Pentecôte un lundi, de 1990 à 2100", () => {
    expect(easterBasedWeekdays(frenchPublicHolidays, 1990, 2100)).toEqual(["1,4,1"]);
  });

  it("garde les deux fêtes d'un même jour (Ascension le 1er mai 2008)", () => {
    const firstOfMay = frenchPublicHolidays(2008).filter((holiday) => holiday.date === "2008-05-01");
    expect(firstOfMay.map((holiday) => holiday.name)).toEqual(["Fête du travail", "Ascension"]);
    expect(frenchPublicHolidays(2008)).toHaveLength(11);
  });

  it("ne compte pas les jours régionaux d'Alsace-Moselle (Vendredi saint, 26 décembre)", () => {
    expect(isFrenchPublicHoliday("2026-04-03")).toBe(false);
    expect(isFrenchPublicHoliday("2026-12-26")).toBe(false);
    expect(frenchPublicHolidays(2026).map((holiday) => holiday.name)).not.toContain("Vendredi Saint");
  });
});

describe("frenchPublicHolidays, quel que soit le fuseau horaire du serveur", () => {
  const initialZone = process.env.TZ;
  afterEach(() => {
    if (initialZone === undefined) delete process.env.TZ;
    else process.env.TZ = initialZone;
    vi.resetModules();
  });

  // Auckland: the end of daylight saving time fell on Easter Sunday 2026, so Easter + 24 h is still Sunday there;
  // Paris and Kiritimati (UTC+14): a UTC reading would be a day early; Los Angeles and Pago Pago (UTC-11): west of Greenwich.
  it.each(["Pacific/Auckland", "Europe/Paris", "Pacific/Kiritimati", "America/Los_Angeles", "Pacific/Pago_Pago", "UTC"])(
    "donne les mêmes jours en %s",
    async (zone) => {
      process.env.TZ = zone;
      vi.resetModules();
      const inZone = await import("../../server/calendar/french-holidays");
      expect(inZone.frenchPublicHolidays(2026)).toEqual(HOLIDAYS_2026);
      expect(easterBasedWeekdays(inZone.frenchPublicHolidays, 1990, 2100)).toEqual(["1,4,1"]);
    },
  );
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
