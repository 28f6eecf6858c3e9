import type { Readable } from "node:stream";

/**
 * Where media files live, by key (the media id): the local disk now, an S3-compatible bucket when one machine is not
 * enough (design.md "Media"). The database row is the truth about a media; the storage only holds bytes.
 */
export interface MediaStorage {
  /** Stores the whole content under the key, or nothing (a failed or aborted content leaves no file, and a reader never sees half of one). */
  put(key: string, content: Readable | Buffer): Promise<void>;
  /** The stored content; rejects with StoredFileMissingError when there is none. */
  open(key: string): Promise<Readable>;
  /** Removes the content; a missing key is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class StoredFileMissingError extends Error {
  constructor(key: string) {
    super(`Fichier absent du stockage : ${key}`);
  }
}

/** Lower-case letters, digits, '-' and '_', not starting with a separator: no path, no dot, one meaning on case-insensitive disks. */
const SAFE_KEY = /^[a-z0-9][a-z0-9_-]{0,127}$/;

export const isSafeStorageKey = (key: string) => SAFE_KEY.test(key);

/** Keys come from the server (media ids), never from a caller: an unsafe one is a defect, refused before any file access. */
export function assertSafeStorageKey(key: string): void {
  if (!isSafeStorageKey(key)) throw new Error(`Clé de stockage refusée : ${JSON.stringify(key.slice(0, 200))}`);
}
