import { rgb, type PDFFont, type PDFPage } from "pdf-lib";

/**
 * Drawing helpers for the server's PDF documents, on pdf-lib's standard fonts. Those fonts encode text in WinAnsi and
 * throw on any other character: every text goes through `toWinAnsi` first, so a trainee named "Łukasz Nőtár" prints as
 * "Lukasz Notar" instead of failing the whole document.
 */

const charactersOf = new WeakMap<PDFFont, ReadonlySet<number>>();

function characterSet(font: PDFFont): ReadonlySet<number> {
  let set = charactersOf.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charactersOf.set(font, set);
  }
  return set;
}

/** Latin letters that Unicode does not decompose into a base letter and an accent. */
const UNDECOMPOSABLE: Readonly<Record<string, string>> = { ł: "l", Ł: "L", đ: "d", Đ: "D", ø: "o", Ø: "O", ı: "i", ħ: "h", Ħ: "H" };

/** The text with each character the font cannot encode replaced: its unaccented letter when it has one, else '?'. */
export function toWinAnsi(font: PDFFont, text: string): string {
  const supported = characterSet(font);
  let out = "";
  // Composed first: "E" followed by a combining acute is the "É" WinAnsi has.
  for (const char of text.normalize("NFC")) {
    if (supported.has(char.codePointAt(0)!)) out += char;
    else if (/\s/u.test(char)) out += " ";
    else if (/\p{M}/u.test(char)) continue; // a combining accent on its own: the base letter before it is kept
    else {
      const base = (UNDECOMPOSABLE[char] ?? char.normalize("NFD")).replace(/\p{M}/gu, "");
      out += [...base].every((c) => supported.has(c.codePointAt(0)!)) && base ? base : "?";
    }
  }
  return out;
}

const ELLIPSIS = "…";

/** The text (WinAnsi-safe) cut with an ellipsis so that it fits `maxWidth` at `size`. */
export function fitText(font: PDFFont, text: string, size: number, maxWidth: number): string {
  const safe = toWinAnsi(font, text);
  if (font.widthOfTextAtSize(safe, size) <= maxWidth) return safe;
  const chars = [...safe];
  while (chars.length && font.widthOfTextAtSize(chars.join("") + ELLIPSIS, size) > maxWidth) chars.pop();
  return chars.join("").trimEnd() + ELLIPSIS;
}

export const BORDER = rgb(0.45, 0.45, 0.45);
export const SHADE = rgb(0.92, 0.92, 0.92);
export const INK = rgb(0, 0, 0);

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CellText {
  text: string;
  font: PDFFont;
  size: number;
  align?: "left" | "center";
}

const PADDING = 3;

/** One line of text in a box, vertically centred, cut to fit its width (the box's borders are drawn apart, as a grid). */
export function drawCellText(page: PDFPage, box: Box, content: CellText) {
  const { font, size } = content;
  const text = fitText(font, content.text, size, box.width - 2 * PADDING);
  if (!text) return;
  const width = font.widthOfTextAtSize(text, size);
  const x = content.align === "center" ? box.x + (box.width - width) / 2 : box.x + PADDING;
  const y = box.y + (box.height - font.heightAtSize(size, { descender: false })) / 2;
  page.drawText(text, { x, y, size, font, color: INK });
}

/** A thin grid line. */
export function drawRule(page: PDFPage, from: { x: number; y: number }, to: { x: number; y: number }) {
  page.drawLine({ start: from, end: to, thickness: 0.5, color: BORDER });
}

export interface LinePlace {
  x: number;
  y: number;
  font: PDFFont;
  size: number;
  maxWidth: number;
  /** "right": the line ends at x. */
  align?: "left" | "right";
}

/** One line of text at a point, WinAnsi-safe and cut to `maxWidth`. */
export function drawTextLine(page: PDFPage, text: string, at: LinePlace) {
  const line = fitText(at.font, text, at.size, at.maxWidth);
  const x = at.align === "right" ? at.x - at.font.widthOfTextAtSize(line, at.size) : at.x;
  page.drawText(line, { x, y: at.y, size: at.size, font: at.font, color: INK });
}

/** The text (WinAnsi-safe) broken into lines of at most `maxWidth` at `size`, between words (a word too long is cut). */
export function wrapText(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of toWinAnsi(font, text).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || font.widthOfTextAtSize(candidate, size) <= maxWidth) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.map((each) => fitText(font, each, size, maxWidth));
}
