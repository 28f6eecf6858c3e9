/**
 * POST /api/medias/temporary (design.md "Media"): PDF judged by its signature, 20 MB, French refusals that store nothing,
 * guards before the body is read. app.media itself (promote, purge, remove, open): media-lifecycle.test.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_MAX_BYTES, MEDIA_MSG } from "../../resources/medias/schema";
import { ROLE_IDS, type RoleId } from "../../resources/permissions";
import { fcOptions, frenchErrorProblems } from "./support/hostile-harness";
import { hostileString } from "./support/hostile-values";
import { mediaTestKit, type MediaTestKit } from "./support/media";
import { multipartBody, pdfOfSize, pdfUpload, SMALL_PDF } from "./support/multipart";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let uploader: TestEmployee;
let kit: MediaTestKit;

beforeAll(async () => {
  t = await createTestApp();
  uploader = await t.employee("rol_gest-of", [await t.organization()]);
  kit = mediaTestKit(t, uploader);
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(64, 7)]);
const upload = (body: { payload: Buffer; headers: Record<string, string> }, employee?: TestEmployee) => kit.upload(body, employee);

/** Refused uploads leave the database and the disk as they were. */
async function expectNothingStored(send: () => Promise<{ statusCode: number; json: () => unknown }>, status: number, message: string) {
  const [rows, files] = [await kit.rowCount(), await kit.filesOnDisk()];
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, message });
  expect(await kit.rowCount()).toBe(rows);
  expect(await kit.filesOnDisk()).toEqual(files);
}

describe("POST /api/medias/temporary", () => {
  it("stores a PDF as a temporary media: 201 {id, name, size}, the bytes on disk under the id, the uploader recorded", async () => {
    const res = await upload(pdfUpload(SMALL_PDF, "Émargement mars.pdf"));
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<{ data: { id: string; name: string; size: number } }>();
    expect(data).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), name: "Émargement mars.pdf", size: SMALL_PDF.length });
    expect(await readFile(path.join(kit.mediaDir, data.id))).toEqual(SMALL_PDF);
    const [row] = await t.query("select file_name, size::int, promoted_at, created_by from medias where id = $1", [data.id]);
    expect(row).toEqual({ file_name: "Émargement mars.pdf", size: SMALL_PDF.length, promoted_at: null, created_by: uploader.id });
  });

  it("is open to every role (all may edit sessions)", async () => {
    for (const role of ROLE_IDS as readonly RoleId[]) {
      const employee = await t.employee(role, [await t.organization()]);
      expect((await upload(pdfUpload(SMALL_PDF), employee)).statusCode, role).toBe(201);
    }
  });

  it("judges the content, not the name or declared type: a PNG renamed .pdf is refused (415, spec message)", async () => {
    await expectNothingStored(() => upload(multipartBody([{ name: "file", fileName: "photo.pdf", contentType: "application/pdf", content: PNG }])), 415, MEDIA_MSG.notPdf);
    expect(MEDIA_MSG.notPdf).toBe("Le fichier n'est pas un PDF !");
    // And a PDF declared as something else is a PDF.
    expect((await upload(multipartBody([{ name: "file", fileName: "scan", contentType: "image/png", content: SMALL_PDF }]))).json()).toMatchObject({ data: { name: "scan.pdf" } });
  });

  it("refuses 21 MB with 413 (declared length, before reading), leaving no row and no file", async () => {
    await expectNothingStored(() => upload(pdfUpload(pdfOfSize(21 * 1024 * 1024))), 413, MEDIA_MSG.tooLarge);
  });

  it("refuses one byte over 20 MB while streaming (413), partial file removed; accepts exactly 20 MB", async () => {
    await expectNothingStored(() => upload(pdfUpload(pdfOfSize(MEDIA_MAX_BYTES + 1))), 413, MEDIA_MSG.tooLarge);
    const id = await kit.uploadedId(pdfOfSize(MEDIA_MAX_BYTES));
    expect((await t.query("select size::int from medias where id = $1", [id]))[0]).toEqual({ size: MEDIA_MAX_BYTES });
  });

  it("refuses anonymous and forged callers (401) without storing anything", async () => {
    const body = pdfUpload(SMALL_PDF);
    await expectNothingStored(() => t.app.inject({ method: "POST", url: "/api/medias/temporary", payload: body.payload, headers: body.headers }), 401, "Authentification requise");
    await expectNothingStored(
      () => t.app.inject({ method: "POST", url: "/api/medias/temporary", payload: body.payload, headers: { ...body.headers, authorization: "Bearer faux" } }),
      401,
      "Authentification requise",
    );
  });

  it("answers 400 in French without a file in the field `file`, 415 for a body that is not multipart, 400 for a broken one", async () => {
    await expectNothingStored(() => upload(multipartBody([{ name: "title", content: "Relevé" }])), 400, MEDIA_MSG.missingFile);
    await expectNothingStored(() => upload({ payload: Buffer.from("{}"), headers: { "content-type": "application/json" } }), 415, MEDIA_MSG.notMultipart);
    const cut = pdfUpload(pdfOfSize(200_000));
    const truncated = { payload: cut.payload.subarray(0, 100_000), headers: cut.headers };
    await expectNothingStored(() => upload(truncated), 400, MEDIA_MSG.malformed);
    await expectNothingStored(() => upload({ payload: Buffer.from("x"), headers: { "content-type": "multipart/form-data" } }), 400, MEDIA_MSG.malformed);
  });

  it("takes one file among a few small fields: a second file is 400, more fields 413, and the first file is not kept", async () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `champ${i}`, content: "valeur" }));
    const file = (name: string) => ({ name, fileName: "a.pdf", content: pdfOfSize(300_000) });
    expect((await upload(multipartBody([...fields(2), file("file"), ...fields(3)]))).statusCode).toBe(201);
    await expectNothingStored(() => upload(multipartBody([file("file"), file("file")])), 400, MEDIA_MSG.oneFileOnly);
    await expectNothingStored(() => upload(multipartBody([file("annexe"), file("file")])), 400, MEDIA_MSG.oneFileOnly);
    await expectNothingStored(() => upload(multipartBody([file("file"), ...fields(6)])), 413, MEDIA_MSG.tooManyParts);
    await expectNothingStored(() => upload(multipartBody([...fields(6), file("file")])), 413, MEDIA_MSG.tooManyParts);
  });

  it("does not make other routes accept multipart bodies", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/organizations", ...pdfUpload(SMALL_PDF), headers: { ...pdfUpload(SMALL_PDF).headers, ...(await t.auth(await t.employee("rol_admin", []))) } });
    expect(res.statusCode).toBe(415);
  });
});

describe("hostile multipart bodies", () => {
  const bytes = fc.uint8Array({ maxLength: 2000 }).map((array) => Buffer.from(array));
  const part = fc.record({
    name: fc.oneof(fc.constant("file"), hostileString),
    fileName: fc.option(fc.oneof(fc.constant("a.pdf"), hostileString), { nil: undefined }),
    contentType: fc.option(fc.constantFrom("application/pdf", "image/png", "text/plain", "application/json"), { nil: undefined }),
    content: fc.oneof(bytes, bytes.map((rest) => Buffer.concat([Buffer.from("%PDF-"), rest])), fc.constant(PNG)),
  });
  const request = fc.record({ parts: fc.array(part, { maxLength: 8 }), cutAt: fc.option(fc.nat(), { nil: undefined }) });

  it("answer 201 with one stored media and a safe name, or a French 4xx that stores nothing; never a 5xx", async () => {
    const answers = new Set<number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ parts, cutAt }) => {
        const body = multipartBody(parts);
        const payload = cutAt === undefined ? body.payload : body.payload.subarray(0, cutAt % (body.payload.length + 1));
        const [rows, files] = [await kit.rowCount(), await kit.filesOnDisk()];
        const res = await upload({ payload, headers: body.headers });
        answers.add(res.statusCode);
        if (res.statusCode === 201) {
          const { data } = res.json<{ data: { id: string; name: string } }>();
          expect(data.name).toMatch(/^[^\p{Cc}\u202A-\u202E\u2066-\u2069/\\]{1,251}\.pdf$/u);
          expect(await kit.rowCount()).toBe(rows + 1);
          expect(await kit.filesOnDisk()).toEqual([...files, data.id].sort());
          return;
        }
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(frenchErrorProblems(res.statusCode, String(res.headers["content-type"]), res.body, "")).toEqual([]);
        expect(await kit.rowCount()).toBe(rows);
        expect(await kit.filesOnDisk()).toEqual(files);
      }),
      fcOptions(150, "POST /api/medias/temporary multipart"),
    );
    // The generators reach both sides: stored uploads, broken bodies and contents that are not PDFs.
    expect([...answers]).toEqual(expect.arrayContaining([201, 400, 415]));
  }, 120_000);
});

describe("over real HTTP: refusals before the body (anonymous, forbidden, declared oversize) close the connection; a refused body of acceptable size is read to its end first", () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /**
   * Sends `sent` (a body, or only its start when `declaredLength` says more) and resolves with the answer: a server waiting
   * for the rest would never answer.
   */
  const answerTo = (headers: Record<string, string>, sent: Buffer, declaredLength = sent.length) =>
    new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, method: "POST", path: "/api/medias/temporary", headers: { ...headers, "content-length": String(declaredLength) } });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection });
          request.destroy();
        });
      });
      request.on("error", reject);
      if (declaredLength > sent.length) request.write(sent);
      else request.end(sent);
    });
  const firstKilobyte = pdfUpload(SMALL_PDF).payload.subarray(0, 1024);

  it("anonymous: 401 with 5 MB announced and 1 kB sent", async () => {
    const answer = await answerTo(pdfUpload(SMALL_PDF).headers, firstKilobyte, 5 * 1024 * 1024);
    expect(answer).toMatchObject({ status: 401, connection: "close" });
  });

  it("signed in, 21 MB announced: 413 at once", async () => {
    const answer = await answerTo({ ...pdfUpload(SMALL_PDF).headers, ...(await t.auth(uploader)) }, firstKilobyte, 21 * 1024 * 1024);
    expect(answer).toMatchObject({ status: 413, connection: "close" });
    expect(JSON.parse(answer.body)).toMatchObject({ message: MEDIA_MSG.tooLarge });
  });

  it("a 5 MB PNG: 415, answered once the body is read (a client writing it whole, like node's fetch, sees the 415, not a broken pipe); the connection stays open", async () => {
    const body = pdfUpload(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    const answer = await answerTo({ ...body.headers, ...(await t.auth(uploader)) }, body.payload);
    expect(answer.status).toBe(415);
    expect(answer.connection).not.toBe("close");
    expect(JSON.parse(answer.body)).toMatchObject({ message: MEDIA_MSG.notPdf });
  });
});
