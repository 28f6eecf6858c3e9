import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dayInFrance, daysBetween } from "../../server/calendar/calendar-dates";
import { addWorkingDays, blockingCutoff, isWorkingDay, workingDaysBetween } from "../../server/calendar/working-days";

describe("isWorkingDay", () => {
  it("exclut chaque jour férié national tombant en semaine, garde les jours régionaux d'Alsace-Moselle", () => {
    const holidays2026 = ["2026-01-01", "2026-04-06", "2026-05-01", "2026-05-08", "2026-05-14", "2026-05-25", "2026-07-14", "2026-11-11", "2026-12-25"];
    expect(holidays2026.filter(isWorkingDay)).toEqual([]);
    expect(isWorkingDay("2026-04-03")).toBe(true); // Vendredi saint
    expect(isWorkingDay("2025-12-26")).toBe(true); // Saint-Étienne, un vendredi
  });
});

describe("addWorkingDays", () => {
  it.each([
    ["2026-04-02", 1, "2026-04-03", "jeudi → vendredi saint, ouvré"],
    ["2026-04-02", 2, "2026-04-07", "saute le week-end et le lundi de Pâques"],
    ["2026-04-07", -1, "2026-04-03", "recule par-dessus le lundi de Pâques"],
    ["2026-05-13", 1, "2026-05-15", "saute l'Ascension"],
    ["2026-05-22", 1, "2026-05-26", "saute le lundi de Pentecôte"],
    ["2026-04-30", 1, "2026-05-04", "1er mai un vendredi"],
    ["2026-05-07", 1, "2026-05-11", "8 mai un vendredi"],
    ["2026-07-13", 1, "2026-07-15", "14 juillet un mardi"],
    ["2025-08-14", 1, "2025-08-18", "15 août 2025 un vendredi"],
    ["2026-08-14", 1, "2026-08-17", "15 août 2026 un samedi : rien de plus"],
    ["2026-10-30", 1, "2026-11-02", "Toussaint 2026 un dimanche : rien de plus"],
    ["2026-11-10", 1, "2026-11-12", "11 novembre un mercredi"],
    ["2026-12-24", 1, "2026-12-28", "Noël un vendredi"],
    ["2026-12-31", 1, "2027-01-04", "changement d'année, 1er janvier un vendredi"],
    ["2027-01-04", -1, "2026-12-31", "changement d'année à rebours"],
    ["2027-12-24", 1, "2027-12-27", "Noël 2027 un samedi"],
    ["2027-12-31", 1, "2028-01-03", "1er janvier 2028 un samedi"],
    ["2026-06-06", 1, "2026-06-08", "d'un samedi au lundi"],
    ["2026-06-06", -1, "2026-06-05", "d'un samedi au vendredi"],
    ["2026-06-06", 0, "2026-06-06", "zéro : le jour même, même chômé"],
  ])("%s %+d → %s (%s)", (day, count, expected) => {
    expect(addWorkingDays(day, count)).toBe(expected);
  });
});

describe("workingDaysBetween", () => {
  it("compte les jours ouvrés après le premier jour, jusqu'au second inclus", () => {
    expect(workingDaysBetween("2026-06-01", "2026-06-01")).toBe(0);
    expect(workingDaysBetween("2026-06-01", "2026-06-04")).toBe(3); // lundi → jeudi
    expect(workingDaysBetween("2026-06-05", "2026-06-08")).toBe(1); // vendredi → lundi
    expect(workingDaysBetween("2026-06-08", "2026-06-05")).toBe(-1);
    expect(workingDaysBetween("2026-04-03", "2026-04-07")).toBe(1); // lundi de Pâques entre les deux
    expect(workingDaysBetween("2026-05-13", "2026-05-26")).toBe(7); // Ascension et lundi de Pentecôte
    expect(workingDaysBetween("2025-12-31", "2026-12-31")).toBe(252); // toute l'année 2026
  });
});

describe("blockingCutoff", () => {
  // today → the latest start (or end) day that is more than 3 working days ago; the counted days are listed after it.
  it.each([
    ["2026-06-04", "2026-05-31", "jeudi : lun., mar., mer., jeu. — une session du lundi 1er juin n'en a que 3"],
    ["2026-06-05", "2026-06-01", "vendredi : mar., mer., jeu., ven."],
    ["2026-06-06", "2026-06-01", "samedi : comme le vendredi"],
    ["2026-06-07", "2026-06-01", "dimanche : comme le vendredi"],
    ["2026-06-08", "2026-06-02", "lundi : mer., jeu., ven., lun."],
    ["2026-04-09", "2026-04-02", "après le lundi de Pâques : ven. 3, mar., mer., jeu."],
    ["2026-05-05", "2026-04-28", "1er mai un vendredi : mer. 29, jeu. 30, lun. 4, mar. 5"],
    ["2026-05-14", "2026-05-06", "le jour de l'Ascension, 8 mai un vendredi : jeu. 7, lun. 11, mar., mer."],
    ["2026-05-18", "2026-05-11", "après l'Ascension : mar. 12, mer. 13, ven. 15, lun. 18"],
    ["2026-05-28", "2026-05-21", "après le lundi de Pentecôte : ven. 22, mar., mer., jeu."],
    ["2026-07-17", "2026-07-12", "14 juillet un mardi : lun. 13, mer., jeu., ven."],
    ["2025-08-20", "2025-08-13", "15 août un vendredi : jeu. 14, lun., mar., mer."],
    ["2026-08-19", "2026-08-13", "15 août un samedi, rien de plus : ven. 14, lun., mar., mer."],
    ["2025-11-05", "2025-10-30", "Toussaint un samedi, rien de plus : ven. 31, lun., mar., mer."],
    ["2026-11-16", "2026-11-09", "11 novembre un mercredi : mar. 10, jeu., ven., lun."],
    ["2025-12-30", "2025-12-23", "Noël un jeudi, 26 décembre ouvré : mer. 24, ven. 26, lun., mar."],
    ["2026-01-02", "2025-12-28", "changement d'année, 1er janvier un jeudi : lun. 29, mar., mer. 31, ven. 2"],
    ["2027-01-04", "2026-12-28", "changement d'année, 1er janvier un vendredi : mar. 29, mer., jeu. 31, lun. 4"],
  ])("aujourd'hui %s → %s (%s)", (today, cutoff) => {
    expect(blockingCutoff(today)).toBe(cutoff);
    expect(workingDaysBetween(cutoff, today)).toBe(4);
    expect(workingDaysBetween(addDays(cutoff, 1), today)).toBe(3);
  });

  const days2020To2035 = daysBetween("2020-01-01", "2035-12-31");
  const dayIn2020To2035 = fc.integer({ min: 0, max: days2020To2035.length - 1 }).map((index) => days2020To2035[index]);

  it("est le dernier jour à plus de 3 jours ouvrés d'aujourd'hui, par comptage direct (2020–2035)", () => {
    fc.assert(
      fc.property(dayIn2020To2035, (today) => {
        let latest = today;
        while (workingDaysBetween(latest, today) <= 3) latest = addDays(latest, -1);
        expect(blockingCutoff(today)).toBe(latest);
      }),
      { numRuns: 2000 },
    );
  });

  it("rend « date <= cutoff » équivalent à « plus de 3 jours ouvrés écoulés » pour toute date proche", () => {
    fc.assert(
      fc.property(dayIn2020To2035, fc.integer({ min: -40, max: 10 }), (today, offset) => {
        const day = addDays(today, offset);
        expect(day <= blockingCutoff(today)).toBe(workingDaysBetween(day, today) > 3);
      }),
      { numRuns: 3000 },
    );
  });

  it("fait de addWorkingDays et workingDaysBetween deux opérations réciproques", () => {
    fc.assert(
      fc.property(dayIn2020To2035, fc.integer({ min: -20, max: 20 }), (day, count) => {
        const moved = addWorkingDays(day, count);
        if (count !== 0) expect(isWorkingDay(moved)).toBe(true);
        if (count >= 0 || isWorkingDay(day)) expect(workingDaysBetween(day, moved)).toBe(count);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("dayInFrance", () => {
  it("donne le jour à Paris, pas celui d'UTC ni du serveur", () => {
    expect(dayInFrance(new Date("2026-03-28T23:30:00Z"))).toBe("2026-03-29"); // 00:30 à Paris (UTC+1)
    expect(dayInFrance(new Date("2026-07-13T22:30:00Z"))).toBe("2026-07-14"); // 00:30 à Paris (UTC+2)
    expect(dayInFrance(new Date("2026-07-14T21:59:00Z"))).toBe("2026-07-14"); // 23:59 à Paris
    expect(dayInFrance(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });
});
