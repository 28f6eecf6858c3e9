import { MEDIA_MSG } from "../../resources/medias/schema";
import { ApiError } from "../http/errors";

/** Every PDF file starts with this header (ISO 32000-1, 7.5.2); the declared type and the name prove nothing. */
const PDF_SIGNATURE = Buffer.from("%PDF-", "latin1");

export const notPdf = () => new ApiError(415, MEDIA_MSG.notPdf);
export const tooLarge = () => new ApiError(413, MEDIA_MSG.tooLarge);

/**
 * The content passed through unchanged once its first bytes are the PDF signature, counting bytes into `measured.size`:
 * 415 as soon as the start is not a PDF's, 413 as soon as it exceeds `maxBytes` (before the excess is written anywhere).
 * Errors surface in whoever consumes the generator, which stops reading the source.
 */
export async function* checkedPdfContent(source: AsyncIterable<Buffer> | Iterable<Buffer>, maxBytes: number, measured: { size: number }): AsyncGenerator<Buffer> {
  let head: Buffer | undefined = Buffer.alloc(0);
  for await (const chunk of source) {
    measured.size += chunk.length;
    if (measured.size > maxBytes) throw tooLarge();
    if (!head) {
      yield chunk;
      continue;
    }
    // The signature may arrive split over chunks: hold them until there are enough bytes to judge.
    head = Buffer.concat([head, chunk]);
    if (head.length < PDF_SIGNATURE.length) continue;
    if (!head.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) throw notPdf();
    yield head;
    head = undefined;
  }
  // Empty, or shorter than the signature itself.
  if (head) throw notPdf();
}
