/**
 * MEDIA_STORAGE=s3 against a real S3-protocol server (s3rver): the MediaStorage contract, uploads through the API, and the
 * purge deleting each expired temporary's object and row together.
 */
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMPORARY_MEDIA_TTL_MS } from "../../resources/medias/schema";
import { createMediaService } from "../../server/media/service";
import { createS3Storage } from "../../server/media/s3-storage";
import { StoredFileMissingError, type MediaStorage } from "../../server/media/storage";
import { startTestS3, type TestS3 } from "../support/s3";
import { mediaTestKit } from "./support/media";
import { createTestApp, type TestApp } from "./support/test-app";

let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ mediaStorage: s3.storage, mediaPurgeIntervalMs: 0 });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const PDF = Buffer.from("%PDF-1.4\n% test\n");

describe("the S3 storage", () => {
  it("stores, reads, tells and removes an object by key", async () => {
    const storage = createS3Storage(s3.storage);
    await storage.put("abc123", PDF);
    expect(await storage.exists("abc123")).toBe(true);
    expect(await text(await storage.open("abc123"))).toBe(PDF.toString());
    await storage.put("streamed", Readable.from([PDF.subarray(0, 4), PDF.subarray(4)]));
    expect(await text(await storage.open("streamed"))).toBe(PDF.toString());
    await storage.remove("abc123");
    expect(await storage.exists("abc123")).toBe(false);
    await expect(storage.open("abc123")).rejects.toBeInstanceOf(StoredFileMissingError);
    await storage.remove("abc123"); // a missing key is not an error
  });

  it("writes nothing when the content fails while read, and refuses unsafe keys before any call", async () => {
    const storage = createS3Storage(s3.storage);
    const failing = Readable.from(
      (async function* () {
        yield PDF;
        throw new Error("coupure");
      })(),
    );
    await expect(storage.put("broken", failing)).rejects.toThrow("coupure");
    expect(await storage.exists("broken")).toBe(false);
    await expect(storage.put("../etc/passwd", PDF)).rejects.toThrow("Clé de stockage refusée");
  });
});

describe("medias on S3", () => {
  it("an upload through the API becomes an object of the bucket, named by the media id", async () => {
    const kit = mediaTestKit(t, await t.employee("rol_admin", []));
    const id = await kit.uploadedId();
    expect(s3.keys()).toContain(id);
    expect(await kit.filesOnDisk()).toEqual([]);
  });

  it("the purge deletes an expired temporary's object and row together", async () => {
    const kit = mediaTestKit(t, await t.employee("rol_admin", []));
    const id = await kit.uploadedId();
    const later = new Date(Date.now() + TEMPORARY_MEDIA_TTL_MS + 60_000);
    expect(await t.app.media.purgeExpired(later)).toBeGreaterThanOrEqual(1);
    expect(s3.keys()).not.toContain(id);
    expect(await t.query("select id from medias where id = $1", [id])).toEqual([]);
  });

  it("keeps the row when the object cannot be deleted, so that the next purge deletes both", async () => {
    const kit = mediaTestKit(t, await t.employee("rol_admin", []));
    const id = await kit.uploadedId();
    const real = createS3Storage(s3.storage);
    const unreachable: MediaStorage = { ...real, remove: () => Promise.reject(new Error("S3 injoignable")) };
    const later = new Date(Date.now() + TEMPORARY_MEDIA_TTL_MS + 60_000);
    await expect(createMediaService(t.app.db, unreachable).purgeExpired(later)).rejects.toThrow("S3 injoignable");
    expect(await t.query("select id from medias where id = $1", [id])).toHaveLength(1);
    expect(s3.keys()).toContain(id);
    expect(await createMediaService(t.app.db, real).purgeExpired(later)).toBeGreaterThanOrEqual(1);
    expect(await t.query("select id from medias where id = $1", [id])).toEqual([]);
    expect(s3.keys()).not.toContain(id);
  });

  it("answers 404, not 500, for a media whose object is missing (a database restored without its media store)", async () => {
    const kit = mediaTestKit(t, await t.employee("rol_admin", []));
    const id = await kit.uploadedId();
    await t.query("update medias set promoted_at = now() where id = $1", [id]);
    await createS3Storage(s3.storage).remove(id);
    await expect(t.app.media.open(id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
