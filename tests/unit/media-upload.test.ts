import { describe, expect, it } from "vitest";
import { MEDIA_MAX_BYTES, MEDIA_MSG } from "../../resources/medias/schema";
import { refusalOf } from "../../resources/sessions/edit/upload-pdf";
import { contentDisposition, safeFileName } from "../../server/media/file-names";
import { checkedPdfContent } from "../../server/media/pdf-upload";

async function drain(chunks: string[], maxBytes = 100) {
  const measured = { size: 0 };
  const out: Buffer[] = [];
  async function* source() {
    for (const chunk of chunks) yield Buffer.from(chunk, "latin1");
  }
  for await (const chunk of checkedPdfContent(source(), maxBytes, measured)) out.push(chunk);
  return { content: Buffer.concat(out).toString("latin1"), size: measured.size };
}

describe("checkedPdfContent", () => {
  it("passes a PDF through unchanged, even with its signature split over chunks, and counts its bytes", async () => {
    expect(await drain(["%P", "DF", "-1.7\n", "corps"])).toEqual({ content: "%PDF-1.7\ncorps", size: 14 });
  });

  it("refuses a content that does not start with %PDF- (415, the spec's message), an empty or a too short one", async () => {
    for (const chunks of [["\x89PNG\r\n\x1a\n"], [" %PDF-1.7"], ["%pdf-1.7"], [], ["%PDF"]]) {
      await expect(drain(chunks), JSON.stringify(chunks)).rejects.toMatchObject({ statusCode: 415, message: MEDIA_MSG.notPdf });
    }
    expect(MEDIA_MSG.notPdf).toBe("Le fichier n'est pas un PDF !");
  });

  it("accepts exactly the maximum and refuses one byte more (413)", async () => {
    expect((await drain(["%PDF-", "x".repeat(5)], 10)).size).toBe(10);
    await expect(drain(["%PDF-", "x".repeat(6)], 10)).rejects.toMatchObject({ statusCode: 413, message: MEDIA_MSG.tooLarge });
  });
});

describe("safeFileName", () => {
  it("keeps the last path segment, drops control, bidi and separator characters, collapses spaces", () => {
    expect(safeFileName("C:\\Users\\moi\\Relevé  de\tprésence.pdf")).toBe("Relevé de présence.pdf");
    expect(safeFileName("../../etc/passwd")).toBe("passwd.pdf");
    expect(safeFileName("fact\u202Eure\u0000.PDF")).toBe("facture.pdf");
    expect(safeFileName("e\u0301té.pdf")).toBe("été.pdf");
  });

  it("names a nameless or hidden file 'document.pdf' and always ends in .pdf", () => {
    for (const name of [undefined, "", "   ", ".pdf", "..", "/"]) expect(safeFileName(name), JSON.stringify(name)).toBe("document.pdf");
    expect(safeFileName(".bashrc")).toBe("bashrc.pdf");
    expect(safeFileName("scan")).toBe("scan.pdf");
  });

  it("cuts a long name to 255 characters (not UTF-16 units), extension kept", () => {
    const name = safeFileName(`${"é".repeat(300)}.pdf`);
    expect([...name]).toHaveLength(255);
    expect(name.endsWith("é.pdf")).toBe(true);
    expect([...safeFileName(`${"😀".repeat(300)}`)]).toHaveLength(255);
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the exact UTF-8 name", () => {
    expect(contentDisposition('Émargement "mars" 100%.pdf')).toBe(
      `inline; filename="Emargement _mars_ 100_.pdf"; filename*=UTF-8''%C3%89margement%20%22mars%22%20100%25.pdf`,
    );
    expect(contentDisposition("l'état (1).pdf", "attachment")).toBe(`attachment; filename="l'etat (1).pdf"; filename*=UTF-8''l%27%C3%A9tat%20%281%29.pdf`);
  });
});

describe("the page's check before sending (refusalOf)", () => {
  it("tells at once what the server would refuse: over 20 MB, or not starting with %PDF-; nothing for a PDF", async () => {
    expect(await refusalOf(new Blob([Buffer.from("%PDF-1.4\n"), Buffer.alloc(MEDIA_MAX_BYTES - 9)]))).toBeUndefined();
    expect(await refusalOf(new Blob([Buffer.from("%PDF-1.4\n"), Buffer.alloc(MEDIA_MAX_BYTES)]))).toBe(MEDIA_MSG.tooLarge);
    expect(await refusalOf(new Blob([Buffer.from("\x89PNG\r\n"), Buffer.alloc(100)]))).toBe(MEDIA_MSG.notPdf);
    expect(await refusalOf(new Blob([]))).toBe(MEDIA_MSG.notPdf);
  });
});
