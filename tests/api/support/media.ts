/** Uploads and what they leave behind (rows, files), for the media tests and the sessions' tests that attach files. */
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { pdfUpload, SMALL_PDF } from "./multipart";
import type { TestApp, TestEmployee } from "./test-app";

export interface MediaTestKit {
  /** DATA_DIR/media of the test's app. */
  mediaDir: string;
  /** Files in the media directory, partial ones ('.part-…') included, sorted. */
  filesOnDisk(): Promise<string[]>;
  rowCount(): Promise<number>;
  upload(body: { payload: Buffer; headers: Record<string, string> }, employee?: TestEmployee): Promise<LightMyRequestResponse>;
  /** Uploads a PDF (201 expected) and answers its id. */
  uploadedId(content?: Buffer, fileName?: string): Promise<string>;
}

export function mediaTestKit(t: TestApp, uploader: TestEmployee): MediaTestKit {
  const mediaDir = path.join(t.config.dataDir, "media");
  const kit: MediaTestKit = {
    mediaDir,
    filesOnDisk: async () => (await readdir(mediaDir).catch(() => [] as string[])).sort(),
    rowCount: async () => (await t.query<{ n: number }>("select count(*)::int as n from medias"))[0]!.n,
    upload: async (body, employee = uploader) =>
      t.app.inject({ method: "POST", url: "/api/medias/temporary", payload: body.payload, headers: { ...body.headers, ...(await t.auth(employee)) } }),
    async uploadedId(content = SMALL_PDF, fileName) {
      const res = await kit.upload(pdfUpload(content, fileName));
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ data: { id: string } }>().data.id;
    },
  };
  return kit;
}
