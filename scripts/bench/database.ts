/**
 * The database the app uses: DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (started as server/main.ts does),
 * migrated and with the demo data loaded.
 */
import { connect } from "../../server/db/connection";
import { loadDemoData } from "../../server/db/demo/index";
import { startEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { runMigrations } from "../../server/db/migrate";

export interface BenchDatabase {
  url: string;
  /** Where it lives, for the printout (no password). */
  description: string;
  stop(): Promise<void>;
}

export async function openDatabase(log: (message: string) => void): Promise<BenchDatabase> {
  const env = process.env;
  let url = env.DATABASE_URL;
  let stop = async () => undefined as void;
  let description = "DATABASE_URL";
  if (!url) {
    const dataDir = env.DATA_DIR ?? "data";
    const embedded = await startEmbeddedPostgres({ dataDir, database: "formation", log });
    url = embedded.url;
    stop = () => embedded.stop();
    description = `PostgreSQL embarqué (DATA_DIR=${dataDir})`;
  } else {
    const parsed = new URL(url);
    description = `DATABASE_URL (${parsed.hostname}:${parsed.port || 5432}${parsed.pathname})`;
  }
  try {
    // No statement timeout, as at the server's start: a migration may rewrite a table of the bench's size.
    const { pool, db } = connect(url, { statementTimeoutMs: 0 });
    await runMigrations(pool);
    if (await loadDemoData(db)) log("Données de démonstration chargées.");
    await pool.end();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, description, stop };
}
