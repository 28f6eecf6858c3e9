import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { access, mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertSafeStorageKey, StoredFileMissingError, type MediaStorage } from "./storage";

const isMissing = (error: unknown) => typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT";

/**
 * Media files as plain files of one directory (DATA_DIR/media), named by their key. A file is written under a temporary
 * name starting with '.' (never a valid key) and renamed once complete and flushed: rename is atomic on one file system.
 */
export function createLocalDiskStorage(directory: string): MediaStorage {
  const fileOf = (key: string) => {
    assertSafeStorageKey(key);
    return path.join(directory, key);
  };

  return {
    async put(key, content) {
      const file = fileOf(key);
      await mkdir(directory, { recursive: true });
      const partial = path.join(directory, `.part-${key}-${randomBytes(6).toString("hex")}`);
      const sink = createWriteStream(partial, { flags: "wx", mode: 0o600, flush: true });
      try {
        const source = Buffer.isBuffer(content) ? Readable.from([content]) : content;
        await pipeline(source, sink);
        await rename(partial, file);
      } catch (error) {
        // pipeline settles as soon as the source fails, possibly before the sink has opened (created) its file: removing it
        // then would leave the file to appear afterwards, for good. Wait until the sink is closed, then remove.
        if (!sink.closed) await once(sink, "close").catch(() => undefined);
        await rm(partial, { force: true });
        throw error;
      }
    },

    async open(key) {
      const file = fileOf(key);
      try {
        // Opened here so that a missing file rejects now, not later as a stream error in the middle of an answer.
        const handle = await open(file, "r");
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) throw new StoredFileMissingError(key);
        throw error;
      }
    },

    async remove(key) {
      await rm(fileOf(key), { force: true });
    },

    async exists(key) {
      try {
        await access(fileOf(key));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
