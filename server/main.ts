/**
 * `npm start`: PostgreSQL (embedded unless DATABASE_URL), migrations, demo data on first start, then the API and the SPA.
 */
import { buildApp } from "./app";
import { configFromEnv } from "./config";
import { connect } from "./db/connection";
import { DEMO_LOGINS, DEMO_PASSWORD, loadDemoData } from "./db/demo/index";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./db/embedded-postgres";
import { runMigrations } from "./db/migrate";

const log = (message: string) => console.log(message);

async function main() {
  const startedAt = performance.now();
  const env = process.env;
  const dataDir = env.DATA_DIR ?? "data";
  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir, database: "formation", log });
    databaseUrl = embedded.url;
  }
  const stopDatabase = async () => embedded?.stop();

  try {
    const { pool, db } = connect(databaseUrl);
    await runMigrations(db);
    const withDemo = embedded ? env.DEMO_DATA !== "0" : env.DEMO_DATA === "1";
    const loaded = withDemo && (await loadDemoData(db));
    await pool.end();

    const config = configFromEnv(env, databaseUrl);
    const app = await buildApp(config);
    const port = Number(env.PORT ?? 3000);
    await app.listen({ port, host: env.HOST ?? "0.0.0.0" });

    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log(`${signal} reçu : arrêt du serveur…`);
      await app.close();
      await stopDatabase();
      log("Arrêt terminé.");
      process.exit(0);
    };
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(signal));

    log("");
    log(`Back-office prêt sur http://localhost:${port} (démarrage en ${Math.round(performance.now() - startedAt)} ms)`);
    log(embedded ? `Base PostgreSQL embarquée (données dans ${dataDir})${loaded ? ", données de démonstration chargées" : ""}` : "Base PostgreSQL : DATABASE_URL");
    if (withDemo) {
      log(`Comptes de démonstration (mot de passe ${DEMO_PASSWORD}) :`);
      for (const login of DEMO_LOGINS) log(`  ${login.email.padEnd(24)} ${login.roleId}`);
    }
  } catch (error) {
    await stopDatabase();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
