import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { renderAttendanceSheet, TRAINEES_PER_PAGE, type AttendanceSheetInput } from "../../server/sessions/attendance-sheet";
import { fitText, printableText, wrapText } from "../../server/sessions/pdf-drawing";
import { isMonthOfSession, monthLabel, sessionDaysInMonth } from "../../server/sessions/session-days";
import { pdfText } from "../api/support/pdf-text";

const A4_LANDSCAPE = { width: 841.89, height: 595.28 };

const input = (overrides: Partial<AttendanceSheetInput> = {}): AttendanceSheetInput => ({
  training: { number: "F-2026-017", name: "Restauration de vitraux anciens" },
  session: { startDate: "2026-01-07", endDate: "2026-03-20" },
  educationalOrganizationName: "Ateliers Saint-Éloi",
  month: "2026-01",
  trainees: [
    { lastName: "MARTIN", firstName: "Zoé" },
    { lastName: "ÉMERY", firstName: "François" },
    { lastName: "DUPONT", firstName: "Jérôme" },
  ],
  generatedAt: new Date("2026-01-12T09:05:00Z"),
  ...overrides,
});

const dayNumbers = (days: string[]) => days.map((day) => Number(day.slice(8)));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("sessionDaysInMonth", () => {
  it("part du jour de début en cours de mois et saute les week-ends", () => {
    expect(dayNumbers(sessionDaysInMonth("2026-01-07", "2026-03-20", "2026-01"))).toEqual([
      7, 8, 9, ...range(12, 16), ...range(19, 23), ...range(26, 30),
    ]);
  });

  it("couvre tout un mois intermédiaire et s'arrête au jour de fin en cours de mois", () => {
    expect(dayNumbers(sessionDaysInMonth("2026-01-07", "2026-03-20", "2026-02"))).toEqual([
      ...range(2, 6), ...range(9, 13), ...range(16, 20), ...range(23, 27),
    ]);
    expect(dayNumbers(sessionDaysInMonth("2026-01-07", "2026-03-20", "2026-03"))).toEqual([...range(2, 6), ...range(9, 13), ...range(16, 20)]);
  });

  it("laisse de côté les jours fériés (1er et 8 mai, Ascension, lundi de Pentecôte)", () => {
    expect(dayNumbers(sessionDaysInMonth("2026-04-27", "2026-06-05", "2026-05"))).toEqual([
      4, 5, 6, 7, 11, 12, 13, 15, 18, 19, 20, 21, 22, 26, 27, 28, 29,
    ]);
  });

  it("n'a aucun jour pour un mois hors de la session ou sans jour de semaine dans la période", () => {
    expect(sessionDaysInMonth("2026-01-07", "2026-03-20", "2026-04")).toEqual([]);
    expect(sessionDaysInMonth("2026-01-31", "2026-02-03", "2026-01")).toEqual([]); // un samedi seulement
    expect(sessionDaysInMonth("2026-03-20", "2026-03-20", "2026-03")).toEqual(["2026-03-20"]);
  });

  it("sait si un mois appartient à la période de la session", () => {
    expect(["2025-12", "2026-01", "2026-03", "2026-04"].map((month) => isMonthOfSession(month, "2026-01-07", "2026-03-20"))).toEqual([
      false, true, true, false,
    ]);
  });
});

describe("monthLabel", () => {
  it("écrit le mois en toutes lettres, comme les emplacements de l'onglet Documents", () => {
    expect(["2026-01", "2026-02", "2026-08", "2026-12"].map(monthLabel)).toEqual(["janvier 2026", "février 2026", "août 2026", "décembre 2026"]);
  });
});

describe("printableText / fitText / wrapText", () => {
  it("garde les accents français et remplace ce que Helvetica ne sait pas écrire au lieu d'échouer", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(printableText(font, "Éloïse Cœur-Bérangère À l’œil")).toBe("Éloïse Cœur-Bérangère À l’œil");
    expect(printableText(font, "Nguyễn Thị Łukasz Dvořák")).toBe("Nguyen Thi Lukasz Dvorák");
    expect(printableText(font, "王 😀\ttab")).toBe("Wang ? tab");
    expect(printableText(font, "E\u0301lodie")).toBe("Élodie"); // lettre et accent combinant (saisie décomposée)
    expect(printableText(font, "q\u0301")).toBe("q"); // accent sans forme composée : la lettre reste
  });

  it("coupe un texte trop long avec des points de suspension", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const cut = fitText(font, "DE LA TOUR D'AUVERGNE-LAURAGUAIS Marie-Charlotte Éléonore", 9, 120);
    expect(cut.endsWith("…")).toBe(true);
    expect(font.widthOfTextAtSize(cut, 9)).toBeLessThanOrEqual(120);
  });

  it("coupe un paragraphe entre les mots, chaque ligne tenant dans la largeur", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const text = "Les stagiaires ont passé les tests de positionnement à l'entrée en formation, puis ont suivi leur parcours.";
    const lines = wrapText(font, text, 11, 200);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(" ")).toBe(text);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(200);
  });
});

describe("renderAttendanceSheet", () => {
  it("produit un PDF A4 paysage avec la formation, la session, l'organisme, le mois, les stagiaires et les jours", async () => {
    const bytes = await renderAttendanceSheet(input());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const pages = await pdfText(bytes);
    expect(pages).toHaveLength(2); // 18 jours : deux pages de 9
    for (const page of pages) {
      expect({ width: page.width, height: page.height }).toEqual(A4_LANDSCAPE);
      expect(page.lines).toEqual(
        expect.arrayContaining([
          "Feuille d'émargement – janvier 2026",
          "Formation : F-2026-017 – Restauration de vitraux anciens",
          "Organisme de formation : Ateliers Saint-Éloi",
          "Session : du 07/01/2026 au 20/03/2026",
          "Signature du formateur",
          "Total",
          "Éditée le 12/01/2026 à 10:05",
        ]),
      );
      // Trainees sorted by last name, French collation (É with the E).
      expect(page.lines.filter((line) => /^(DUPONT|ÉMERY|MARTIN) /.test(line))).toEqual(["DUPONT Jérôme", "ÉMERY François", "MARTIN Zoé"]);
    }
    const [first, second] = pages as [(typeof pages)[0], (typeof pages)[0]];
    const headings = (lines: string[]) => lines.filter((line) => /^(lun|mar|mer|jeu|ven)\. \d+$/.test(line));
    expect(headings(first.lines)).toEqual(["mer. 7", "jeu. 8", "ven. 9", "lun. 12", "mar. 13", "mer. 14", "jeu. 15", "ven. 16", "lun. 19"]);
    expect(headings(second.lines)).toEqual(["mar. 20", "mer. 21", "jeu. 22", "ven. 23", "lun. 26", "mar. 27", "mer. 28", "jeu. 29", "ven. 30"]);
    expect(first.lines).toContain("Jours de cette feuille : du 07/01/2026 au 19/01/2026 (9 jours)");
    expect(first.lines).toContain("Page 1 / 2");
    expect(second.lines).toContain("Page 2 / 2");
  });

  it("donne à chaque personne une case Matin et une case Après-midi, plus le formateur et la ligne de total", async () => {
    const [page] = await pdfText(await renderAttendanceSheet(input()));
    // Three trainees, then blank rows to the end of the page, then the trainer and the totals.
    expect(page!.lines.filter((line) => line === "Matin")).toHaveLength(TRAINEES_PER_PAGE + 2);
    expect(page!.lines.filter((line) => line === "Après-midi")).toHaveLength(TRAINEES_PER_PAGE + 2);
  });

  it("tient un mois de 23 jours de semaine sur deux pages de colonnes (12 puis 11)", async () => {
    const pages = await pdfText(await renderAttendanceSheet(input({ session: { startDate: "2025-09-01", endDate: "2025-11-28" }, month: "2025-10" })));
    const dayCount = (lines: string[]) => lines.filter((line) => /^(lun|mar|mer|jeu|ven)\. \d+$/.test(line)).length;
    expect(pages.map((page) => dayCount(page.lines))).toEqual([12, 11]);
    expect(pages[0]!.lines).toContain("Feuille d'émargement – octobre 2025");
  });

  it("répartit de nombreux stagiaires sur plusieurs pages, en-tête répété", async () => {
    const trainees = Array.from({ length: 2 * TRAINEES_PER_PAGE + 1 }, (_, i) => ({ lastName: `NOM${String(i).padStart(2, "0")}`, firstName: "Inès" }));
    const pages = await pdfText(await renderAttendanceSheet(input({ trainees, month: "2026-03" })));
    expect(pages).toHaveLength(6); // 15 jours : deux pages de colonnes, 21 stagiaires : trois pages de lignes
    const names = pages.slice(0, 3).flatMap((page) => page.lines.filter((line) => line.startsWith("NOM")));
    expect(names).toEqual(trainees.map((trainee) => `${trainee.lastName} Inès`));
    pages.forEach((page, index) => {
      expect(page.lines).toContain("Feuille d'émargement – mars 2026");
      expect(page.lines).toContain("Organisme de formation : Ateliers Saint-Éloi");
      expect(page.lines).toContain(`Page ${index + 1} / 6`);
    });
  });

  it("reste une feuille utilisable sans stagiaire : une page de lignes vierges", async () => {
    const pages = await pdfText(await renderAttendanceSheet(input({ trainees: [], month: "2026-03" })));
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page.lines.filter((line) => line === "Matin")).toHaveLength(TRAINEES_PER_PAGE + 2);
      expect(page.lines).toContain("Signature du formateur");
    }
  });

  it("signale un mois sans jour de session", async () => {
    const [page] = await pdfText(await renderAttendanceSheet(input({ session: { startDate: "2026-01-31", endDate: "2026-02-03" } })));
    expect(page!.lines).toContain("Aucune journée de session ce mois-ci");
  });

  it("écrit chaque nom : tel que saisi en latin étendu, grec et cyrillique, translittéré en latin pour l'arabe, l'hébreu et le CJK", async () => {
    const trainees = [
      { lastName: "NGUYỄN", firstName: "Łukasz" },
      { lastName: "ΠΑΠΑΔΟΠΟΥΛΟΣ", firstName: "Ωμέγα" },
      { lastName: "ИВАНОВ", firstName: "Дмитрий" },
      { lastName: "علي", firstName: "محمد" },
      { lastName: "علي", firstName: "أحمد" },
      { lastName: "李", firstName: "小龙" },
      { lastName: "佐藤", firstName: "さくら" },
      { lastName: "כהן", firstName: "שרה" },
      { lastName: "MARTIN", firstName: "Zoé" },
    ];
    const [page] = await pdfText(await renderAttendanceSheet(input({ trainees })));
    const printed = ["NGUYỄN Łukasz", "ΠΑΠΑΔΟΠΟΥΛΟΣ Ωμέγα", "ИВАНОВ Дмитрий", "`ly mhmd", "`ly 'hmd", "Li XiaoLong", "ZuoTeng sakura", "khhn srh", "MARTIN Zoé"];
    for (const name of printed) expect(page!.lines).toContain(name);
    // No two trainees print alike (before, « ?????? ???? » for any Arabic name).
    expect(new Set(printed).size).toBe(trainees.length);
  });

  it("date l'édition à l'heure de Paris, été comme hiver, et rend les mêmes octets pour les mêmes données", async () => {
    const summer = await pdfText(await renderAttendanceSheet(input({ generatedAt: new Date("2026-07-01T08:00:00Z") })));
    expect(summer[0]!.lines).toContain("Éditée le 01/07/2026 à 10:00");
    expect(Buffer.from(await renderAttendanceSheet(input())).equals(Buffer.from(await renderAttendanceSheet(input())))).toBe(true);
  });
});
