/**
 * `npm start`: PostgreSQL (embedded unless DATABASE_URL), migrations, demo data on first start, then the API and the SPA.
 * Ctrl-C or SIGTERM stops in order: no new connections, in-flight requests finished (a few seconds at most), the pool
 * closed, then the embedded PostgreSQL; exit 0 with one line.
 */
import closeWithGrace from "close-with-grace";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { configFromEnv } from "./config";
import { connect } from "./db/connection";
import { DEMO_LOGINS, DEMO_PASSWORD, loadDemoData } from "./db/demo/index";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./db/embedded-postgres";
import { runMigrations } from "./db/migrate";
import { mediaStorageIn } from "./media/plugin";
import { refreshQualityFlags, uncheckedRecords } from "./quality/record-flags";

const log = (message: string) => console.log(message);

/** In-flight requests get this long to finish once a stop is asked; then their connections are cut. */
const IN_FLIGHT_GRACE_MS = 5_000;
/** Beyond this, the stop is abandoned and the process exits 1 (PostgreSQL refusing to stop, a hung close). */
const STOP_DEADLINE_MS = 20_000;
/**
 * One Ctrl-C arrives up to three times (the terminal signals the whole process group, then npm and tsx relay it):
 * only a signal later than this after the first means "stop now".
 */
const DUPLICATE_SIGNAL_MS = 1_500;

async function closeServer(app: FastifyInstance): Promise<void> {
  const cut = setTimeout(() => app.server.closeAllConnections(), IN_FLIGHT_GRACE_MS);
  try {
    await app.close(); // stops accepting at once, waits for the requests under way, then closes the pool (onClose)
  } finally {
    clearTimeout(cut);
  }
}

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
    // No statement timeout here: migrations and the demo data may take their time on a slow machine.
    const { pool, db } = connect(databaseUrl, { statementTimeoutMs: 0 });
    await runMigrations(db);
    const config = configFromEnv(env, databaseUrl);
    const withDemo = embedded ? env.DEMO_DATA !== "0" : env.DEMO_DATA === "1";
    // The demo documents' files go where the server reads its media.
    const loaded = withDemo && (await loadDemoData(db, mediaStorageIn(config.dataDir)));
    // Records written before the data-quality flag existed (or loaded in bulk) get it now, once.
    const checked = await refreshQualityFlags(db, uncheckedRecords());
    if (checked > 0) log(`Contrôles avant envoi à AGORA : ${checked} dossiers vérifiés.`);
    await pool.end();

    const app = await buildApp(config);
    const port = Number(env.PORT ?? 3000);
    // Loopback only unless told otherwise: behind a reverse proxy on the same machine, nothing else should reach us.
    const host = env.HOST || "127.0.0.1";
    await app.listen({ port, host });

    // Ctrl-C and SIGTERM are ours (below); close-with-grace keeps the other signals, crashes and the deadline.
    const { close } = closeWithGrace(
      {
        delay: STOP_DEADLINE_MS,
        logger: false,
        skip: ["SIGINT", "SIGTERM"],
        onTimeout: () => console.error("Arrêt forcé : le serveur ne s'est pas arrêté à temps."),
        onSecondError: () => console.error("Arrêt forcé après une seconde erreur."),
        onSecondSignal: (signal) => console.error(`Arrêt forcé (${signal} reçu pendant l'arrêt).`),
      },
      async ({ err }) => {
        if (err) console.error("Erreur inattendue, arrêt du serveur :", err);
        // A terminal's Ctrl-C reaches the embedded PostgreSQL too: its connections end now, as expected, not worth a line.
        app.pool.removeAllListeners("error").on("error", () => undefined);
        await closeServer(app);
        await stopDatabase();
        log("Serveur arrêté.");
      },
    );
    let stopAskedAt: number | undefined;
    const onStopSignal = () => {
      if (stopAskedAt === undefined) {
        stopAskedAt = Date.now();
        close();
      } else if (Date.now() - stopAskedAt > DUPLICATE_SIGNAL_MS) {
        console.error("Arrêt forcé (second signal pendant l'arrêt).");
        process.exit(1);
      }
    };
    process.on("SIGINT", onStopSignal);
    process.on("SIGTERM", onStopSignal);

    log("");
    const shownHost = ["127.0.0.1", "0.0.0.0", "::"].includes(host) ? "localhost" : host;
    log(`Back-office prêt sur http://${shownHost}:${port} (écoute sur ${host}, démarrage en ${Math.round(performance.now() - startedAt)} ms)`);
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
