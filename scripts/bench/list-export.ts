/**
 * `npx tsx scripts/bench/list-export.ts [--records 100000]`: the lists' « Exporter » at size (issue 25), on the records list, the
 * largest. In a scratch embedded PostgreSQL (a temporary directory, removed at the end): the migrations, organisations, trainings,
 * sessions, then trainees with one record each — first a tenth of `--records`, exported, then the rest, exported again — each
 * export downloaded by a fresh app process (scripts/bench/export-download.ts) so that its peak resident memory is the export's
 * own: XLSX and CSV at both sizes, and at full size with V8's heap capped (an export that kept its rows would fail there).
 * The peak RSS at 100,000 records should be that at 10,000: memory stays flat.
 */
import type pg from "pg";
import { insertRows, type Table } from "./bulk-insert";
import { measure, printTable, withScratchDatabase } from "./export-download";
import { organizationRow, traineeRow, trainingRow, type Row } from "./generate";
import { benchSessionOf, recordRow } from "./generate-records";
import { sessionRow } from "./generate-sessions";
import { pick, seededRandom } from "./random";
import { ensureBenchUsers } from "./users";

const argRecords = process.argv.indexOf("--records");
const RECORDS = argRecords > 0 ? Number(process.argv[argRecords + 1]) : 100_000;
const BATCH = 5_000;
const LIMITED_HEAP_MIB = 80;
const WARM_UP = "/records/export?format=csv&search=aucun-dossier-ne-porte-ce-nom";

async function insertAll(client: pg.ClientBase, table: Table, rows: Row[]) {
  for (let from = 0; from < rows.length; from += BATCH) await insertRows(client, table, rows.slice(from, from + BATCH));
}

async function seedCatalogue(client: pg.ClientBase) {
  const random = seededRandom(25);
  const now = Date.now();
  const organizations = [0, 1, 2, 3].map((i) => organizationRow(i, 4, random, now));
  await insertAll(client, "organizations", organizations);
  const orgs = { training: [organizations[0]!.id as string, organizations[1]!.id as string], contracting: [organizations[2]!.id as string, organizations[3]!.id as string] };
  const trainings: Row[] = Array.from({ length: 40 }, (_, i): Row => trainingRow(i, random, now, orgs).row);
  await insertAll(client, "trainings", trainings);
  const sessions = Array.from({ length: 400 }, () => sessionRow(random, now, trainings.map((t) => t.id as string)));
  await insertAll(client, "sessions", sessions);
  return { random, now, sessions: sessions.map(benchSessionOf) };
}

/** Trainees numbered from `from`, each with one record. */
async function seedRecords(client: pg.ClientBase, seed: Awaited<ReturnType<typeof seedCatalogue>>, from: number, count: number) {
  const trainees = Array.from({ length: count }, (_, i) => traineeRow(from + i, seed.random, seed.now));
  await insertAll(client, "trainees", trainees);
  await insertAll(client, "records", trainees.map((t, i) => recordRow(from + i, seed.random, seed.now, t.id as string, pick(seed.random, seed.sessions))));
  await client.query("vacuum (analyze) trainees, records, sessions, trainings, organizations");
}

async function main() {
  await withScratchDatabase("list-export-bench", async (url, client) => {
    const seed = await seedCatalogue(client);
    await ensureBenchUsers(client);
    const small = Math.round(RECORDS / 10);
    const records = (label: string, rows: number, format: "xlsx" | "csv", heapMiB?: number) =>
      measure(url, { label, rows, path: `/records/export?format=${format}`, warmUpPath: WARM_UP, ...(heapMiB ? { heapMiB } : {}) });
    await seedRecords(client, seed, 0, small);
    const results = [await records(`XLSX, ${small} dossiers`, small, "xlsx"), await records(`CSV, ${small} dossiers`, small, "csv")];
    await seedRecords(client, seed, small, RECORDS - small);
    await client.end();
    results.push(
      await records(`XLSX, ${RECORDS} dossiers`, RECORDS, "xlsx"),
      await records(`CSV, ${RECORDS} dossiers`, RECORDS, "csv"),
      await records(`XLSX, ${RECORDS} dossiers, tas limité à ${LIMITED_HEAP_MIB} Mio`, RECORDS, "xlsx", LIMITED_HEAP_MIB),
      await records(`CSV, ${RECORDS} dossiers, tas limité à ${LIMITED_HEAP_MIB} Mio`, RECORDS, "csv", LIMITED_HEAP_MIB),
    );
    printTable(results);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
