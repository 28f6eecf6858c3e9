/**
 * `npm run migrate`: the deploy step that applies the pending migrations to DATABASE_URL, under the cluster's advisory lock
 * (server/db/migrate.ts), before the new release's instances start. Exit 0 once the database is current.
 */
import { connect } from "../db/connection";
import { runMigrations } from "../db/migrate";
import { databaseUrlOrExit, toolLogger } from "./tool";

const logger = toolLogger();
const { pool } = connect(databaseUrlOrExit(), { statementTimeoutMs: 0, applicationName: "dossiers-formation-migrate" });
try {
  const applied = await runMigrations(pool);
  logger.info(applied > 0 ? `Migrations appliquées : ${applied}.` : "Migrations : base à jour.");
} catch (error) {
  logger.fatal({ err: error }, "Migrations impossibles");
  process.exitCode = 1;
} finally {
  await pool.end();
}
