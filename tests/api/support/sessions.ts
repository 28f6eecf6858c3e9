import type { SessionCreateBodyInput, SessionInformationInput } from "../../../resources/sessions/schema";
import type { TestApp } from "./test-app";

/** A valid session information (January to March 2026); overrides are merged. */
export const sessionInformation = (info: Partial<SessionInformationInput> = {}): SessionInformationInput => ({
  startDate: "2026-01-12",
  endDate: "2026-03-20",
  capacity: 12,
  totalPricePerPersonIncludingTaxes: 4200,
  totalPricePerPersonTaxFree: 3500,
  purchasingUnit: "PACKAGE_COURSE",
  actualOrCalculatedEducationalCost: "ACTUAL_COST",
  ...info,
});

/** A valid POST /api/sessions body for the training. */
export const sessionBody = (trainingId: string, info: Partial<SessionInformationInput> = {}): SessionCreateBodyInput => ({
  trainingId,
  information: sessionInformation(info),
});

/** The smallest file the media checks accept as a PDF (they read the `%PDF-` signature). */
export const TINY_PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** A temporary media uploaded by the employee, as POST /api/medias/temporary stores it; answers its id. */
export async function temporaryMedia(t: TestApp, uploaderId: string, name = "document.pdf"): Promise<string> {
  return (await t.app.media.saveTemporary(TINY_PDF, name, uploaderId)).id;
}
