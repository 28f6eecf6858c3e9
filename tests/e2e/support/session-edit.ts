/**
 * The session edit page (resources/sessions/edit) as its specs drive it: its tabs, its file slots, and files to upload.
 */
import { expect, type Locator, type Page, type Response } from "@playwright/test";

export const editPath = (id: string, tab?: "informations" | "bilan" | "documents") => `/sessions/${id}/edit${tab ? `?tab=${tab}` : ""}`;

export const sessionTab = (page: Page, name: "Informations" | "Bilan" | "Documents") =>
  page.getByRole("tablist", { name: "Sections de la session" }).getByRole("tab", { name });

/** A small file the server takes for a PDF: it judges by the `%PDF-` signature. */
export const pdfFile = (name = "document.pdf") => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
});

/** A PNG named and typed as a PDF: the server refuses it by its content. */
export const pngNamedPdf = (name = "image.pdf") => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"),
});

/** The region of one slot or list of the Documents tab ('janvier 2026', 'Comptes rendus de positionnement'…). */
export const documentRegion = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** Clicks an upload button and gives it `file`, for a file the page refuses before any upload (a PNG named .pdf). */
export async function chooseFile(button: Locator, file: ReturnType<typeof pdfFile>): Promise<void> {
  const chooser = button.page().waitForEvent("filechooser");
  await button.click();
  await (await chooser).setFiles(file);
}

/** Clicks an upload button, gives it `file` and waits for the upload's answer (returned). */
export async function uploadThrough(page: Page, button: Locator, file: ReturnType<typeof pdfFile>): Promise<Response> {
  const chooser = page.waitForEvent("filechooser");
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/medias/temporary") && response.request().method() === "POST");
  await button.click();
  await (await chooser).setFiles(file);
  return answer;
}

/** Clicks `button` (opening a PDF in a new tab) and checks the API answered a PDF and the tab shows it from a blob: address. */
export async function expectPdfTab(page: Page, button: Locator, apiPath: string): Promise<void> {
  const popup = page.waitForEvent("popup");
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === apiPath);
  await button.click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/pdf/);
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
}

/** Sauvegarder, and the PATCH's answer once back on the list. */
export async function saveSession(page: Page, sessionId: string): Promise<Response> {
  const answer = page.waitForResponse((response) => response.url().endsWith(`/api/sessions/${sessionId}`) && response.request().method() === "PATCH");
  await page.getByRole("button", { name: "Sauvegarder" }).click();
  const response = await answer;
  await expect(page).toHaveURL(/\/sessions$/);
  return response;
}
