/**
 * What the export benches share (scripts/bench/fse-export.ts, list-export.ts): an export downloaded over HTTP from a fresh app
 * process (scripts/bench/app-process.ts), so that its peak resident memory (VmHWM) is the export's own, with its size, time,
 * first byte and the CSV lines received.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { connect } from "../../server/db/connection";
import { startEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { runMigrations } from "../../server/db/migrate";
import { memoryOf, startServerProcess } from "./ipc";
import { BENCH_PASSWORD, BENCH_USERS } from "./users";

/**
 * A throwaway embedded database for an export bench: migrated, with a client for the seeding (commits not waited for), stopped
 * and removed once `work` is done. `work` ends the client when its seeding is over.
 */
export async function withScratchDatabase(name: string, work: (url: string, client: pg.Client) => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const database = await startEmbeddedPostgres({ dataDir, database: name.replaceAll("-", "_"), log: () => undefined });
  try {
    const { pool } = connect(database.url);
    await runMigrations(pool);
    await pool.end();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query("set synchronous_commit = off");
    await work(database.url, client);
  } finally {
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function download(url: string, token: string) {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) throw new Error(`${url} : ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  const reader = res.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.value.byteLength;
    for (const byte of chunk.value) if (byte === 0x0a) lines += 1;
  }
  // A CSV's lines (heading included) check that every row came; an XLSX is compressed, its count is not read here.
  return { bytes, lines, ms: performance.now() - started, firstByteMs };
}

export interface Measure {
  label: string;
  rows: number;
  /** The export's path under /api, with its query. */
  path: string;
  /** A tiny export of the same kind, downloaded first (modules, first query plan). */
  warmUpPath: string;
  /** V8's old space capped, to tell rows kept (the export would fail) from garbage collected late (it completes). */
  heapMiB?: number;
}

/** The export downloaded as sup-admin by a fresh server process: its peak RSS before and after. */
export async function measure(databaseUrl: string, { label, rows, path, warmUpPath, heapMiB }: Measure) {
  const nodeOptions: Record<string, string> = heapMiB ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=${heapMiB}`.trim() } : {};
  const server = await startServerProcess("app-process.ts", { BENCH_DATABASE_URL: databaseUrl, ...nodeOptions });
  try {
    const base = `http://127.0.0.1:${server.port}/api`;
    const signIn = await fetch(`${base}/auth-sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: BENCH_USERS[0]!.email, password: BENCH_PASSWORD, longTTL: false }),
    });
    const { data } = (await signIn.json()) as { data: { token: string } };
    await download(`${base}${warmUpPath}`, data.token);
    const before = memoryOf(server.child.pid);
    const result = await download(`${base}${path}`, data.token);
    const after = memoryOf(server.child.pid);
    return { label, rows, ...result, peakBeforeMiB: before?.peakRssMiB, peakAfterMiB: after?.peakRssMiB };
  } finally {
    await server.close();
  }
}

/** The results as a Markdown table (the README's « Performances » quotes it). */
export function printTable(results: Awaited<ReturnType<typeof measure>>[]) {
  console.log("| export | lignes | lignes CSV reçues | taille | durée | 1er octet | pic RSS avant | pic RSS après |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    const csvLines = r.label.includes("CSV") ? String(r.lines - 1) : "";
    console.log(`| ${r.label} | ${r.rows} | ${csvLines} | ${(r.bytes / 1_048_576).toFixed(1)} Mio | ${(r.ms / 1000).toFixed(1)} s | ${r.firstByteMs.toFixed(0)} ms | ${r.peakBeforeMiB} Mio | ${r.peakAfterMiB} Mio |`);
  }
}
