/**
 * Prometheus metrics (prom-client), one registry per app: served by server/main.ts on its own port (METRICS_PORT), never
 * on the API's port, so that a load balancer or the public cannot read them and no token is needed. What is measured:
 *   - http_request_duration_seconds{method, route, status_code}: every answer, by route template (never the raw URL);
 *   - db_pool_connections{state="in_use"|"idle"|"waiting"}: the pool, read at scrape time;
 *   - agora_exchanges_total{operation, outcome}: each call to AGORA, by outcome (instrumentAgora below);
 *   - queue_jobs{queue, state="pending"|"active"|"failed"}: the durable queue's depth and failures (view queue_overview), and
 *     agora_exchanges_unsettled{kind}: exchanges whose outcome is not applied yet (view agora_exchange_outcomes), read at scrape
 *     time, once for the cluster (every instance answers the same);
 *   - the process's defaults (CPU, memory, event loop delay, open handles).
 */
import http from "node:http";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { AgoraClient } from "./agora/index";
import { isAgoraNoAnswer } from "./agora/types";

export interface Metrics {
  registry: Registry;
  agoraExchanges: Counter<"operation" | "outcome">;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** From a few milliseconds (a cached read) to the statement timeout (15 s). */
const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

/** The app's metrics: request latency (hook), the pool (read when scraped), AGORA exchanges (counted by instrumentAgora). */
export function registerMetrics(app: FastifyInstance, pool: pg.Pool): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Durée des réponses HTTP, par méthode, route et statut",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  new Gauge({
    name: "db_pool_connections",
    help: "Connexions PostgreSQL du pool : en cours d'usage, libres, requêtes en attente d'une connexion",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  // A database that does not answer leaves these series out of the scrape rather than failing it (the pool's stay).
  const readOrNothing = async <T extends pg.QueryResultRow>(text: string) => (await pool.query<T>(text).catch(() => undefined))?.rows;
  new Gauge({
    name: "queue_jobs",
    help: "Tâches de la file d'attente durable, par file et état (en attente, en cours, en échec)",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      const rows = await readOrNothing<{ queue: string; pending: number; active: number; failed: number }>("select queue, pending, active, failed from queue_overview");
      this.reset();
      for (const row of rows ?? []) for (const state of ["pending", "active", "failed"] as const) this.set({ queue: row.queue, state }, row[state]);
    },
  });
  new Gauge({
    name: "agora_exchanges_unsettled",
    help: "Échanges avec AGORA dont l'issue n'est pas encore appliquée au dossier, par sorte",
    labelNames: ["kind"] as const,
    registers: [registry],
    async collect() {
      const rows = await readOrNothing<{ kind: string; exchanges: number }>(
        "select kind, sum(exchanges)::int as exchanges from agora_exchange_outcomes where state in ('pending', 'answered') group by kind",
      );
      this.reset();
      for (const row of rows ?? []) this.set({ kind: row.kind }, row.exchanges);
    },
  });
  const agoraExchanges = new Counter({
    name: "agora_exchanges_total",
    help: "Appels au système AGORA, par opération et issue (accepted, functional, technical, quality, unknown, error)",
    labelNames: ["operation", "outcome"] as const,
    registers: [registry],
  });

  app.addHook("onResponse", async (request, reply) => {
    // The route's template (/api/sessions/:sid), so that ids make no new series; unmatched URLs share one label.
    const route = request.routeOptions.url ?? "(aucune)";
    latency.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const metrics = { registry, agoraExchanges };
  app.decorate("metrics", metrics);
  return metrics;
}

/** Operations that answer an outcome ({ok} or a refusal); lookups answer data and are counted as accepted. */
type Outcome = { ok: true } | { ok: false; error: { type: string } };
const isOutcome = (value: unknown): value is Outcome => typeof value === "object" && value !== null && "ok" in value;

/**
 * The client, each call counted by operation and outcome: a refusal by its type, no answer in time (timeout, cut connection) as
 * `unknown` (reconciled later, server/exchanges/), any other throw as `error`. Releasing the client (`close`) is not a call.
 */
export function instrumentAgora(client: AgoraClient, counter: Metrics["agoraExchanges"]): AgoraClient {
  const counted = {} as Record<string, unknown>;
  for (const [operation, call] of Object.entries(client) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    if (operation === "close") {
      counted[operation] = call.bind(client);
      continue;
    }
    counted[operation] = async (...args: unknown[]) => {
      try {
        const answer = await call.apply(client, args);
        counter.inc({ operation, outcome: isOutcome(answer) && !answer.ok ? answer.error.type : "accepted" });
        return answer;
      } catch (error) {
        counter.inc({ operation, outcome: isAgoraNoAnswer(error) ? "unknown" : "error" });
        throw error;
      }
    };
  }
  return counted as unknown as AgoraClient;
}

/** GET /metrics on its own listener; answers 404 to anything else. Resolves once listening. */
export async function startMetricsServer(registry: Registry, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Introuvable\n");
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
      () => response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Mesures indisponibles\n"),
    );
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, host, () => resolve()));
  return server;
}
