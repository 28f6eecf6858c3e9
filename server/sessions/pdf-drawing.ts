import anyAscii from "any-ascii";
import { rgb, type PDFFont, type PDFPage } from "pdf-lib";

/**
 * Drawing helpers for the server's PDF documents. A font throws on a character it has no glyph for (the standard fonts know
 * WinAnsi only; the attendance sheet's embedded Noto Sans knows Latin, Greek and Cyrillic): every text goes through
 * `printableText` first, so that nothing fails the whole document and every name prints as something a reader can tell apart.
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

/**
 * Right-to-left scripts: pdf-lib draws glyphs left to right, one by one, without joining them; such a name would print as
 * isolated letters in reverse order, misread by whoever reads the script. It prints transliterated instead.
 */
const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;

/**
 * The text as the font can print it: each character the font has is kept as typed (but right-to-left letters); any other is
 * replaced by its Latin transliteration when it is a letter ("Ł" → "L", "李" → "Li", "م" → "m", any-ascii), else '?' (a symbol
 * the font lacks). A name in Arabic, Hebrew or CJK thus prints in Latin letters, still told apart from the others.
 */
export function printableText(font: PDFFont, text: string): string {
  const supported = characterSet(font);
  const printable = (part: string) => part !== "" && [...part].every((c) => supported.has(c.codePointAt(0)!));
  let out = "";
  // Composed first: "E" followed by a combining acute is the "É" the font has.
  for (const char of text.normalize("NFC")) {
    if (supported.has(char.codePointAt(0)!) && !RIGHT_TO_LEFT.test(char)) out += char;
    else if (/\s/u.test(char)) out += " ";
    else if (/\p{M}/u.test(char)) continue; // a combining accent on its own: the base letter before it is kept
    else {
      const latin = /\p{L}/u.test(char) ? anyAscii(char) : "";
      out += printable(latin) ? latin : "?";
    }
  }
  return out;
}

const ELLIPSIS = "…";

/** The text (printable) cut with an ellipsis so that it fits `maxWidth` at `size`. */
export function fitText(font: PDFFont, text: string, size: number, maxWidth: number): string {
  const safe = printableText(font, text);
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

/** One line of text at a point, printable and cut to `maxWidth`. */
export function drawTextLine(page: PDFPage, text: string, at: LinePlace) {
  const line = fitText(at.font, text, at.size, at.maxWidth);
  const x = at.align === "right" ? at.x - at.font.widthOfTextAtSize(line, at.size) : at.x;
  page.drawText(line, { x, y: at.y, size: at.size, font: at.font, color: INK });
}

/** The text (printable) broken into lines of at most `maxWidth` at `size`, between words (a word too long is cut). */
export function wrapText(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of printableText(font, text).split(/\s+/).filter(Boolean)) {
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
