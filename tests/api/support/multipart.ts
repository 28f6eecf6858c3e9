/** Multipart bodies for upload tests (POST /api/medias/temporary), built by hand so that every byte is the test's choice. */
import { randomBytes } from "node:crypto";

export interface Part {
  name: string;
  /** Present for a file part. */
  fileName?: string;
  contentType?: string;
  content: Buffer | string;
}

export function multipartBody(parts: Part[]): { payload: Buffer; headers: { "content-type": string } } {
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? "" : `; filename="${part.fileName}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.content), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal PDF (header, one empty page, trailer): what the server's signature check and a viewer need. */
export const SMALL_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n" +
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);

/** A PDF of exactly `size` bytes: the header, then padding in a comment line. */
export const pdfOfSize = (size: number) => Buffer.concat([Buffer.from("%PDF-1.4\n%"), Buffer.alloc(size - 10, 0x41)]);

/** The one-file body the upload route expects (field `file`, declared as a PDF). */
export const pdfUpload = (content: Buffer, fileName = "document.pdf") =>
  multipartBody([{ name: "file", fileName, contentType: "application/pdf", content }]);
