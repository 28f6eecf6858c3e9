import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { PageSizes, PDFDocument, type PDFFont, type PDFPage } from "pdf-lib";
import { dayOfWeek } from "../calendar/calendar-dates";
import { drawCellText, drawRule, drawTextLine, SHADE, type CellText } from "./pdf-drawing";
import { frenchDate, monthLabel, sessionDaysInMonth } from "./session-days";

/**
 * The monthly attendance sheet of a session, ready to print and sign (issue 12, "Beyond the spec"): A4 landscape, one row
 * per trainee with a morning and an afternoon box for each day the session runs that month, the trainer's signature line
 * and a totals line. Pure: same input, same bytes.
 */

export interface AttendanceSheetInput {
  training: { number: string; name: string };
  session: { startDate: string; endDate: string };
  educationalOrganizationName: string;
  /** `YYYY-MM`. */
  month: string;
  trainees: readonly { lastName: string; firstName: string }[];
  generatedAt: Date;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * DejaVu Sans (free license, the npm package dejavu-fonts-ttf), embedded as a subset of the glyphs a sheet uses (about 10 kB):
 * names print as typed in Latin (extended: Łukasz, Nguyễn), Greek and Cyrillic. The other scripts print in Latin transliteration
 * (pdf-drawing.ts `printableText`): Arabic and Hebrew because pdf-lib neither joins letters nor orders right-to-left text (they
 * would print as isolated letters in reverse order), CJK because its fonts weigh 10 to 20 MB, parsed for every sheet (README,
 * Décisions). Noto Sans was tried first: pdf-lib's subsetting lost most of its glyphs.
 */
const FONT_FILES = {
  regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
} as const;
let fontBytes: Record<keyof typeof FONT_FILES, Uint8Array> | undefined;
const require = createRequire(import.meta.url);
const fontFiles = () =>
  (fontBytes ??= { regular: readFileSync(require.resolve(FONT_FILES.regular)), bold: readFileSync(require.resolve(FONT_FILES.bold)) });

// A4's long side across.
const [PAGE_HEIGHT, PAGE_WIDTH] = PageSizes.A4 as [number, number];
const MARGIN = 28;
const TABLE_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const NAME_WIDTH = 170;
const HALF_DAY_LABEL_WIDTH = 56;
const DAYS_WIDTH = TABLE_WIDTH - NAME_WIDTH - HALF_DAY_LABEL_WIDTH;
/** Twelve days to a page leaves boxes about 47 pt wide (16 mm), room for a signature; a month's 23 weekdays take two pages. */
const MAX_DAYS_PER_PAGE = 12;
const MAX_DAY_WIDTH = 80;
const HEADER_ROW_HEIGHT = 22;
/** One half-day line (6 mm); a person's row is two of them: 'Matin' and 'Après-midi'. */
const HALF_ROW_HEIGHT = 18;
const ROW_HEIGHT = 2 * HALF_ROW_HEIGHT;
const TITLE_BASELINE = PAGE_HEIGHT - MARGIN - 16;
const TABLE_TOP = TITLE_BASELINE - 53;
const FOOTER_BASELINE = 14;
/** The trainer's line and the totals line close every page, so each page can be signed and filed on its own. */
const CLOSING_ROWS = 2;
export const TRAINEES_PER_PAGE = Math.floor((TABLE_TOP - HEADER_ROW_HEIGHT - CLOSING_ROWS * ROW_HEIGHT - MARGIN) / ROW_HEIGHT);

const HALF_DAYS = ["Matin", "Après-midi"] as const;
const WEEKDAYS = ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."];

const dayHeading = (day: string) => `${WEEKDAYS[dayOfWeek(day)]} ${Number(day.slice(8, 10))}`;

const parisDate = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "2-digit", month: "2-digit", year: "numeric" });
const parisTime = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit" });

/** Items cut into the fewest pages of at most `max`, as even as possible (23 days: 12 and 11, not 12 and a lonely 11th). */
function balancedPages<T>(items: readonly T[], max: number): T[][] {
  const pageCount = Math.max(1, Math.ceil(items.length / max));
  const size = Math.ceil(items.length / pageCount);
  return Array.from({ length: pageCount }, (_, page) => items.slice(page * size, (page + 1) * size));
}

/** Names sorted as a French reader looks them up, then blank rows to the end of the last page (a latecomer, an empty list). */
function traineeRows(trainees: AttendanceSheetInput["trainees"]): string[][] {
  const names = [...trainees]
    .sort((a, b) => a.lastName.localeCompare(b.lastName, "fr") || a.firstName.localeCompare(b.firstName, "fr"))
    .map((trainee) => `${trainee.lastName} ${trainee.firstName}`);
  const pageCount = Math.max(1, Math.ceil(names.length / TRAINEES_PER_PAGE));
  const rows = [...names, ...Array<string>(pageCount * TRAINEES_PER_PAGE - names.length).fill("")];
  return Array.from({ length: pageCount }, (_, page) => rows.slice(page * TRAINEES_PER_PAGE, (page + 1) * TRAINEES_PER_PAGE));
}

function drawHeader(page: PDFPage, fonts: Fonts, input: AttendanceSheetInput, days: readonly string[]) {
  const half = TABLE_WIDTH / 2;
  const line = (text: string, column: 0 | 1, row: number, size = 10, maxWidth = half - 10) =>
    drawTextLine(page, text, { x: MARGIN + column * half, y: TITLE_BASELINE - 18 - row * 13, font: fonts.regular, size, maxWidth });
  drawTextLine(page, `Feuille d'émargement – ${monthLabel(input.month)}`, {
    x: MARGIN, y: TITLE_BASELINE, font: fonts.bold, size: 16, maxWidth: TABLE_WIDTH,
  });
  line(`Formation : ${input.training.number} – ${input.training.name}`, 0, 0);
  line(`Organisme de formation : ${input.educationalOrganizationName}`, 1, 0);
  line(`Session : du ${frenchDate(input.session.startDate)} au ${frenchDate(input.session.endDate)}`, 0, 1);
  line(
    days.length
      ? `Jours de cette feuille : du ${frenchDate(days[0]!)} au ${frenchDate(days.at(-1)!)} (${days.length} jour${days.length > 1 ? "s" : ""})`
      : "Aucune journée de session ce mois-ci",
    1,
    1,
  );
  line("Chaque personne signe la case de chaque demi-journée de présence. Les week-ends et jours fériés ne figurent pas sur la feuille.", 0, 2, 8, TABLE_WIDTH);
}

/**
 * The table as a grid: shaded header row and half-day column, then the rules, then the texts. A rule per line rather than a
 * bordered rectangle per box: a page has some 600 boxes, and pdf-lib's rectangles made the sheet ten times slower to draw.
 */
function drawTable(page: PDFPage, fonts: Fonts, days: readonly string[], names: readonly string[]) {
  const dayWidth = days.length ? Math.min(MAX_DAY_WIDTH, DAYS_WIDTH / days.length) : 0;
  const columns = [MARGIN, MARGIN + NAME_WIDTH, MARGIN + NAME_WIDTH + HALF_DAY_LABEL_WIDTH];
  days.forEach(() => columns.push(columns.at(-1)! + dayWidth));
  const [left, nameEnd, labelEnd, right] = [columns[0]!, columns[1]!, columns[2]!, columns.at(-1)!];
  const headerBottom = TABLE_TOP - HEADER_ROW_HEIGHT;
  const rows: CellText[] = [
    ...names.map((name) => ({ text: name, font: fonts.regular, size: 9 })),
    { text: "Signature du formateur", font: fonts.bold, size: 9 },
    { text: "Total", font: fonts.bold, size: 9 },
  ];
  const bottom = headerBottom - rows.length * ROW_HEIGHT;

  page.drawRectangle({ x: left, y: headerBottom, width: right - left, height: HEADER_ROW_HEIGHT, color: SHADE });
  page.drawRectangle({ x: nameEnd, y: bottom, width: HALF_DAY_LABEL_WIDTH, height: headerBottom - bottom, color: SHADE });
  for (const x of columns) drawRule(page, { x, y: bottom }, { x, y: TABLE_TOP });
  drawRule(page, { x: left, y: TABLE_TOP }, { x: right, y: TABLE_TOP });

  const heading = (text: string): CellText => ({ text, font: fonts.bold, size: 8, align: "center" });
  drawCellText(page, { x: left, y: headerBottom, width: NAME_WIDTH, height: HEADER_ROW_HEIGHT }, { ...heading("Stagiaire"), align: "left" });
  days.forEach((day, index) => {
    drawCellText(page, { x: columns[index + 2]!, y: headerBottom, width: dayWidth, height: HEADER_ROW_HEIGHT }, heading(dayHeading(day)));
  });
  rows.forEach((label, index) => {
    const top = headerBottom - index * ROW_HEIGHT;
    drawRule(page, { x: left, y: top - ROW_HEIGHT }, { x: right, y: top - ROW_HEIGHT });
    drawRule(page, { x: nameEnd, y: top - HALF_ROW_HEIGHT }, { x: right, y: top - HALF_ROW_HEIGHT });
    drawCellText(page, { x: left, y: top - ROW_HEIGHT, width: NAME_WIDTH, height: ROW_HEIGHT }, label);
    HALF_DAYS.forEach((halfDay, half) => {
      const box = { x: nameEnd, y: top - (half + 1) * HALF_ROW_HEIGHT, width: labelEnd - nameEnd, height: HALF_ROW_HEIGHT };
      drawCellText(page, box, { text: halfDay, font: fonts.regular, size: 7 });
    });
  });
  drawRule(page, { x: left, y: headerBottom }, { x: right, y: headerBottom });
}

function drawFooter(page: PDFPage, fonts: Fonts, generatedAt: Date, pageNumber: number, pageCount: number) {
  const place = { y: FOOTER_BASELINE, font: fonts.regular, size: 7, maxWidth: TABLE_WIDTH / 2 };
  drawTextLine(page, `Éditée le ${parisDate.format(generatedAt)} à ${parisTime.format(generatedAt)}`, { ...place, x: MARGIN });
  drawTextLine(page, `Page ${pageNumber} / ${pageCount}`, { ...place, x: PAGE_WIDTH - MARGIN, align: "right" });
}

/** The PDF: days split across pages when more than twelve, trainees across pages when more than fit, header on each. */
export async function renderAttendanceSheet(input: AttendanceSheetInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const files = fontFiles();
  const fonts: Fonts = { regular: await doc.embedFont(files.regular, { subset: true }), bold: await doc.embedFont(files.bold, { subset: true }) };
  const dayPages = balancedPages(sessionDaysInMonth(input.session.startDate, input.session.endDate, input.month), MAX_DAYS_PER_PAGE);
  const rowPages = traineeRows(input.trainees);
  const pageCount = dayPages.length * rowPages.length;
  let pageNumber = 0;
  // Days first: the first half of the month is signed and filed before the second half exists.
  for (const days of dayPages) {
    for (const names of rowPages) {
      const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
      drawHeader(page, fonts, input, days);
      drawTable(page, fonts, days, names);
      drawFooter(page, fonts, input.generatedAt, ++pageNumber, pageCount);
    }
  }
  doc.setTitle(`Feuille d'émargement – ${monthLabel(input.month)} – ${input.training.name}`);
  doc.setLanguage("fr-FR");
  doc.setCreator("Dossiers de formation");
  doc.setCreationDate(input.generatedAt);
  doc.setModificationDate(input.generatedAt);
  return doc.save();
}
