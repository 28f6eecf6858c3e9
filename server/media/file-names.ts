import { MEDIA_FILE_NAME_MAX } from "../../resources/medias/schema";
import { withoutAccents } from "../../resources/common/text";

/** Control characters, lone surrogates, bidirectional overrides/isolates (a name displaying as another) and path separators. */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069/\\]/gu;
const PDF_EXTENSION = /\.pdf$/i;

/**
 * The uploader's file name as stored and shown: its last path segment, spaces (tabs, line breaks) collapsed, without unsafe characters,
 * ending in '.pdf' (the content is a PDF whatever the name said) and at most 255 characters, extension kept.
 */
export function safeFileName(declared: string | undefined): string {
  const lastSegment = (declared ?? "").split(/[/\\]/).pop() ?? "";
  const cleaned = lastSegment.normalize("NFC").replace(/\s+/g, " ").replace(UNSAFE_CHARACTERS, "").trim();
  const stem = cleaned.replace(PDF_EXTENSION, "").replace(/^[.\s]+/, "") || "document";
  const characters = [...stem];
  const room = MEDIA_FILE_NAME_MAX - ".pdf".length;
  const kept = characters.length > room ? characters.slice(0, room).join("").trimEnd() : stem;
  return `${kept}.pdf`;
}

/** RFC 5987 value: what encodeURIComponent leaves that the header's grammar does not allow. */
const encodeExtValue = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `inline` Content-Disposition for a stored name: an ASCII fallback (accents dropped) and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string, type: "inline" | "attachment" = "inline"): string {
  const ascii = withoutAccents(fileName).replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
