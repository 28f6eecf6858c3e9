/**
 * The text a PDF shows, page by page, for tests: pdf-lib writes PDFs but does not read their text. Each page's content
 * streams are decoded (pdf-lib's own FlateDecode support), then the strings of the text-showing operators (Tj, TJ, ' and ")
 * are collected in drawing order. A string in an embedded font (the attendance sheet's Noto Sans: two-byte glyph codes) is
 * decoded through that font's ToUnicode map; one in a standard font as WinAnsi. Enough for the documents the server draws,
 * not a general PDF text extractor.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject, type PDFPage } from "pdf-lib";

export interface PdfPageText {
  width: number;
  height: number;
  /** One entry per text-showing operator (one drawn line), in drawing order. */
  lines: string[];
}

/**
 * WinAnsi's 0x80-0x9F (Windows-1252; the rest is Latin-1). Written out because Node's TextDecoder("windows-1252") decodes
 * that range as Latin-1 control characters.
 */
const WIN_ANSI_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const winAnsi = (bytes: number[]) =>
  String.fromCharCode(...bytes.map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH.charCodeAt(byte - 0x80) : byte)));
const TEXT_SHOWING = new Set(["Tj", "TJ", "'", '"']);
const LITERAL_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };

/** A literal string `( … )` from its opening parenthesis: its bytes and the index after its closing one. */
function readLiteral(content: string, start: number): [number[], number] {
  const bytes: number[] = [];
  let depth = 0;
  let i = start + 1;
  for (; i < content.length; i++) {
    const char = content[i]!;
    if (char === "\\") {
      const next = content[++i]!;
      const octal = /^[0-7]{1,3}/.exec(content.slice(i, i + 3));
      if (octal) {
        bytes.push(parseInt(octal[0], 8));
        i += octal[0].length - 1;
      } else if (next !== "\n") bytes.push(LITERAL_ESCAPES[next] ?? next.charCodeAt(0));
    } else if (char === ")" && depth === 0) break;
    else {
      if (char === "(") depth++;
      if (char === ")") depth--;
      bytes.push(char.charCodeAt(0));
    }
  }
  return [bytes, i + 1];
}

function readHex(content: string, start: number): [number[], number] {
  const end = content.indexOf(">", start);
  const digits = content.slice(start + 1, end).replace(/\s/g, "");
  const padded = digits.length % 2 ? `${digits}0` : digits;
  const bytes = padded.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? [];
  return [bytes, end + 1];
}

/** A font's ToUnicode map: glyph code (two bytes) → text, from its `bfchar` and `bfrange` entries. */
type UnicodeMap = Map<number, string>;

const hexText = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));

function parseToUnicode(cmap: string): UnicodeMap {
  const map: UnicodeMap = new Map();
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(code!, 16), hexText(text!));
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, first] of block!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const start = hexText(first!).codePointAt(0)!;
      for (let code = parseInt(low!, 16); code <= parseInt(high!, 16); code++) map.set(code, String.fromCodePoint(start + code - parseInt(low!, 16)));
    }
  }
  return map;
}

/** The ToUnicode maps of the page's fonts, by resource name (F1…); standard fonts have none. */
function unicodeMapsOf(page: PDFPage, doc: PDFDocument): Map<string, UnicodeMap> {
  const maps = new Map<string, UnicodeMap>();
  const fonts = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
  for (const [name, ref] of fonts?.entries() ?? []) {
    const font = doc.context.lookup(ref as PDFRef, PDFDict);
    const toUnicode = font.get(PDFName.of("ToUnicode"));
    const stream = toUnicode ? doc.context.lookup(toUnicode) : undefined;
    if (stream instanceof PDFRawStream) maps.set(name.decodeText(), parseToUnicode(Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1")));
  }
  return maps;
}

const decodeWith = (map: UnicodeMap, bytes: number[]) =>
  Array.from({ length: bytes.length / 2 }, (_, i) => map.get((bytes[2 * i]! << 8) | bytes[2 * i + 1]!) ?? "?").join("");

/** The strings shown by a content stream (given as one byte per char), in order, each in the font selected by `Tf`. */
export function shownStrings(content: string, unicodeMaps: Map<string, UnicodeMap> = new Map()): string[] {
  const lines: string[] = [];
  let operands: number[][] = [];
  let lastName = "";
  let font: UnicodeMap | undefined;
  let i = 0;
  while (i < content.length) {
    const char = content[i]!;
    let read: [number[], number] | undefined;
    if (char === "(") read = readLiteral(content, i);
    else if (char === "<" && content[i + 1] !== "<") read = readHex(content, i);
    if (read) {
      operands.push(read[0]);
      i = read[1];
    } else if (char === "/") {
      // A name (/F1): its letters are not an operator.
      const length = content.slice(i + 1).search(/[\s/[\]()<>{}%]/);
      lastName = content.slice(i + 1, length < 0 ? content.length : i + 1 + length);
      i = length < 0 ? content.length : i + 1 + length;
    } else if (/[A-Za-z'"*]/.test(char)) {
      const word = /^[A-Za-z'"*]+/.exec(content.slice(i, i + 8))![0];
      if (word === "Tf") font = unicodeMaps.get(lastName);
      if (TEXT_SHOWING.has(word)) lines.push(font ? decodeWith(font, operands.flat()) : winAnsi(operands.flat()));
      operands = [];
      i += word.length;
    } else i++;
  }
  return lines;
}

function streamsOf(contents: PDFObject | undefined, doc: PDFDocument): PDFRawStream[] {
  if (contents instanceof PDFRawStream) return [contents];
  if (contents instanceof PDFArray) return contents.asArray().flatMap((item) => streamsOf(doc.context.lookup(item), doc));
  return [];
}

export async function pdfText(bytes: Uint8Array): Promise<PdfPageText[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const content = streamsOf(page.node.Contents(), doc)
      .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1"))
      .join("\n");
    return { ...page.getSize(), lines: shownStrings(content, unicodeMapsOf(page, doc)) };
  });
}
