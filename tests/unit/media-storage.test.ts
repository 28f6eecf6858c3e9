import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "../../server/media/local-disk-storage";
import { isSafeStorageKey, StoredFileMissingError, type MediaStorage } from "../../server/media/storage";

let root: string;
let directory: string;
let storage: MediaStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "media-storage-"));
  directory = path.join(root, "media");
  storage = createLocalDiskStorage(directory);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const UNSAFE_KEYS = ["", "../secret", "..", ".", "a/b", "a\\b", "/etc/passwd", ".part-x", "-x", "_x", "A1", "abc.pdf", "a\u0000b", "é", "a b", "x".repeat(129)];

describe("local-disk storage keys", () => {
  it("accepts the server's ids only: lower-case letters, digits, '-' and '_'", () => {
    expect(isSafeStorageKey("0190f3a2b4c87d6e8f90a1b2c3d4e5f6")).toBe(true);
    expect(isSafeStorageKey("x".repeat(128))).toBe(true);
    for (const key of UNSAFE_KEYS) expect(isSafeStorageKey(key), JSON.stringify(key)).toBe(false);
  });

  it("refuses an unsafe key in every operation, before touching the disk", async () => {
    // A file one level up: a traversal would read, overwrite or delete it.
    await writeFile(path.join(root, "secret"), "ne pas toucher");
    for (const key of UNSAFE_KEYS) {
      await expect(storage.put(key, Buffer.from("%PDF-1.7")), `put ${JSON.stringify(key)}`).rejects.toThrow("Clé de stockage refusée");
      await expect(storage.open(key), `open ${JSON.stringify(key)}`).rejects.toThrow("Clé de stockage refusée");
      await expect(storage.remove(key), `remove ${JSON.stringify(key)}`).rejects.toThrow("Clé de stockage refusée");
      await expect(storage.exists(key), `exists ${JSON.stringify(key)}`).rejects.toThrow("Clé de stockage refusée");
    }
    expect(await readFile(path.join(root, "secret"), "utf8")).toBe("ne pas toucher");
    expect(await readdir(root)).toEqual(["secret"]);
  });
});

describe("local-disk storage", () => {
  const readAll = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it("stores a buffer or a stream under the key, reads it back, removes it (twice without error)", async () => {
    await storage.put("a1", Buffer.from("%PDF-1.7 tampon"));
    await storage.put("b2", Readable.from([Buffer.from("%PDF-"), Buffer.from("1.4 flux")]));
    expect(await readAll(await storage.open("a1"))).toEqual(Buffer.from("%PDF-1.7 tampon"));
    expect(await readAll(await storage.open("b2"))).toEqual(Buffer.from("%PDF-1.4 flux"));
    expect(await storage.exists("a1")).toBe(true);
    await storage.remove("a1");
    await storage.remove("a1");
    expect(await storage.exists("a1")).toBe(false);
    expect(await readdir(directory)).toEqual(["b2"]);
  });

  it("keeps nothing, not even a partial file, when the content fails midway", async () => {
    async function* brokenContent() {
      yield Buffer.from("%PDF-1.7 début");
      throw new Error("connexion coupée");
    }
    await expect(storage.put("c3", Readable.from(brokenContent()))).rejects.toThrow("connexion coupée");
    expect(await storage.exists("c3")).toBe(false);
    expect(await readdir(directory)).toEqual([]);
  });

  it("replaces a stored file whole", async () => {
    await storage.put("d4", Buffer.from("ancien contenu"));
    await storage.put("d4", Buffer.from("nouveau"));
    expect(await readAll(await storage.open("d4"))).toEqual(Buffer.from("nouveau"));
    expect(await readdir(directory)).toEqual(["d4"]);
  });

  it("rejects opening a missing file with StoredFileMissingError, at open rather than while streaming", async () => {
    await expect(storage.open("absent")).rejects.toBeInstanceOf(StoredFileMissingError);
  });
});
