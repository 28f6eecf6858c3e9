/** app.media, what the sessions' PATCH and the purge job call (design.md "Media"): promote, purge, remove, open. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MEDIA_MSG } from "../../resources/medias/schema";
import { mediaTestKit, type MediaTestKit } from "./support/media";
import { SMALL_PDF } from "./support/multipart";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: MediaTestKit;

beforeAll(async () => {
  t = await createTestApp();
  kit = mediaTestKit(t, await t.employee("rol_resp-cdc", [await t.organization()]));
});
afterAll(() => t.close());

const HOURS = 3600_000;
const uploadedId = () => kit.uploadedId();
const filesOnDisk = () => kit.filesOnDisk();

describe("app.media", () => {
  const ageBy = (id: string, hours: number) => t.query(`update medias set created_at = now() - make_interval(hours => $2) where id = $1`, [id, hours]);
  const isTemporary = async (id: string) => (await t.query<{ promoted_at: Date | null }>("select promoted_at from medias where id = $1", [id]))[0]?.promoted_at === null;

  it("promotes a temporary media: permanent, it survives the purge and can be opened", async () => {
    const id = await uploadedId();
    await t.app.media.promote([id, id]);
    expect(await isTemporary(id)).toBe(false);
    await ageBy(id, 48);
    await t.app.media.purgeExpired();
    const opened = await t.app.media.open(id);
    expect({ fileName: opened.fileName, size: opened.size }).toEqual({ fileName: "document.pdf", size: SMALL_PDF.length });
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(SMALL_PDF);
  });

  it("refuses to promote an unknown, expired or already promoted media (409 naming them) and then promotes none", async () => {
    const [fresh, expired, promoted] = [await uploadedId(), await uploadedId(), await uploadedId()];
    await ageBy(expired, 25);
    await t.app.media.promote([promoted]);
    const unknown = "0".repeat(32);
    await expect(t.app.media.promote([fresh, expired, promoted, unknown])).rejects.toMatchObject({
      statusCode: 409,
      message: MEDIA_MSG.unavailable,
      details: { medias: [expired, promoted, unknown] },
    });
    expect(await isTemporary(fresh)).toBe(true);
  });

  it("promotes inside the caller's transaction: rolled back with it", async () => {
    const id = await uploadedId();
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.media.promote([id], tx);
        throw new Error("la modification de la session échoue");
      }),
    ).rejects.toThrow("la modification de la session échoue");
    expect(await isTemporary(id)).toBe(true);
  });

  it("purges temporaries older than 24 h, row and file, and keeps younger ones", async () => {
    const [old, young] = [await uploadedId(), await uploadedId()];
    await ageBy(old, 25);
    await ageBy(young, 23);
    expect(await t.app.media.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.query("select id from medias where id = any($1)", [[old, young]])).toEqual([{ id: young }]);
    expect(await filesOnDisk()).not.toContain(old);
    expect(await filesOnDisk()).toContain(young);
    // The clock is the caller's: 2 h later the younger one is expired too.
    expect(await t.app.media.purgeExpired(new Date(Date.now() + 2 * HOURS))).toBeGreaterThanOrEqual(1);
    expect(await filesOnDisk()).not.toContain(young);
  });

  it("removes medias, row and file; unknown ids are ignored", async () => {
    const [temporary, permanent] = [await uploadedId(), await uploadedId()];
    await t.app.media.promote([permanent]);
    await t.app.media.remove([temporary, permanent, "0".repeat(32)]);
    expect(await t.query("select id from medias where id = any($1)", [[temporary, permanent]])).toEqual([]);
    expect(await filesOnDisk()).not.toContain(temporary);
    expect(await filesOnDisk()).not.toContain(permanent);
  });

  it("opens promoted medias only: a temporary or unknown one is 404", async () => {
    const id = await uploadedId();
    await expect(t.app.media.open(id)).rejects.toMatchObject({ statusCode: 404, message: MEDIA_MSG.notFound });
    await expect(t.app.media.open("0".repeat(32))).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("the purge timer", () => {
  it("runs every mediaPurgeIntervalMs once the app is ready (a periodic job of the queue)", async () => {
    const other = await createTestApp({ mediaPurgeIntervalMs: 50, queue: { autoStart: true } });
    try {
      const otherKit = mediaTestKit(other, await other.employee("rol_admin", []));
      const id = await otherKit.uploadedId();
      await other.query("update medias set created_at = now() - interval '25 hours' where id = $1", [id]);
      // The purge deletes the rows, then the files: wait for both.
      await vi.waitFor(
        async () => {
          expect(await other.query("select id from medias")).toEqual([]);
          expect(await otherKit.filesOnDisk()).toEqual([]);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await other.close();
    }
  });
});
