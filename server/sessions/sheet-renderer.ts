/**
 * Attendance sheets drawn off the event loop (design.md "Background work"): pdf-lib runs in worker threads (piscina), so that one
 * user printing sheets never slows another user's lists; each sheet is cached by what it prints (the same input draws the same
 * bytes: session, month, trainees, dates…), and a user may have only a few drawn at once (429 beyond).
 */
import { createHash } from "node:crypto";
import os from "node:os";
import { Piscina } from "piscina";
import { ApiError } from "../http/errors";
import type { AttendanceSheetInput } from "./attendance-sheet";

export const SHEET_MSG = {
  tooMany: "Trop de feuilles d'émargement sont en cours de préparation pour vous : patientez quelques secondes avant d'en demander d'autres.",
} as const;

export interface SheetOptions {
  /** Worker threads; one less than the cores (one at least) when unset. */
  threads?: number;
  /** Sheets one user may have drawn at once; 3 when unset. */
  perUser?: number;
  /** Bytes of drawn sheets kept in memory; 32 MiB when unset. */
  cacheBytes?: number;
}

export interface SheetRenderer {
  /**
   * A sheet request of `userId` begins: 429 when they already have `perUser` under way (checked first, before any work for it).
   * Answers the function that ends it.
   */
  admit(userId: string): () => void;
  /** The sheet's PDF: from the cache, or drawn in a worker thread (the same sheet asked twice at once is drawn once). */
  render(input: AttendanceSheetInput): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * The worker's module beside this one: compiled (dist/server/sheet-worker.js, scripts/build-server.mjs) or, from the sources,
 * TypeScript run through tsx's hook like the server (the server's own process has it; a test runner's may not).
 */
const compiled = import.meta.url.endsWith(".js");
const workerFile = () => new URL(compiled ? "./sheet-worker.js" : "./sheet-worker.ts", import.meta.url).href;
const workerExecArgv = () =>
  compiled || process.execArgv.some((arg) => arg.includes("tsx")) ? process.execArgv : [...process.execArgv, "--import", "tsx"];

/** What the sheet prints decides its bytes, but for the moment it was drawn (kept: a cached sheet shows when it was first drawn). */
const cacheKeyOf = ({ generatedAt: _at, ...printed }: AttendanceSheetInput) => createHash("sha256").update(JSON.stringify(printed)).digest("hex");

export function createSheetRenderer(options: SheetOptions = {}): SheetRenderer {
  const threads = options.threads ?? Math.max(1, os.availableParallelism() - 1);
  const perUser = options.perUser ?? 3;
  const cacheBytes = options.cacheBytes ?? 32 * 1024 * 1024;
  let pool: Piscina | undefined;
  const cache = new Map<string, Uint8Array>();
  let cached = 0;
  const drawing = new Map<string, Promise<Uint8Array>>();
  const perUserNow = new Map<string, number>();

  const workers = () =>
    (pool ??= new Piscina({
      filename: workerFile(),
      execArgv: workerExecArgv(),
      minThreads: 0,
      maxThreads: threads,
      // pdf-lib weighs about 20 MiB per thread: a thread idle for a minute is let go.
      idleTimeout: 60_000,
    }));

  /** Least recently used first out (a Map iterates in insertion order; a hit re-inserts). */
  function keep(key: string, pdf: Uint8Array) {
    if (pdf.byteLength > cacheBytes) return;
    cache.set(key, pdf);
    cached += pdf.byteLength;
    for (const [oldest, bytes] of cache) {
      if (cached <= cacheBytes) break;
      cache.delete(oldest);
      cached -= bytes.byteLength;
    }
  }

  return {
    admit(userId) {
      const count = perUserNow.get(userId) ?? 0;
      if (count >= perUser) throw new ApiError(429, SHEET_MSG.tooMany);
      perUserNow.set(userId, count + 1);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        const left = (perUserNow.get(userId) ?? 1) - 1;
        if (left > 0) perUserNow.set(userId, left);
        else perUserNow.delete(userId);
      };
    },
    async render(input) {
      const key = cacheKeyOf(input);
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      let pending = drawing.get(key);
      if (!pending) {
        pending = (workers().run(input) as Promise<Uint8Array>).finally(() => drawing.delete(key));
        drawing.set(key, pending);
        keep(key, await pending);
      }
      return pending;
    },
    async close() {
      await pool?.destroy();
    },
  };
}
