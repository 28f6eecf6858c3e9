/**
 * AGORA exchanges as a two-step protocol (design.md "Exchanges never diverge"; README "Échanges avec AGORA"):
 *   1. begin.ts: the exchange written `pending` with its key and payload, the record locked and marked, a follow-up job queued;
 *   2. drive.ts + apply.ts: the call, its answer stored on the exchange, then applied to the record in its own transaction.
 * The request that began an exchange drives it at once and waits for it (AGORA_TIMEOUT_MS at most); whatever it could not finish
 * (no answer, the database lost, the server stopping) the follow-up job finishes, asking AGORA by key (reconciliation). Every
 * minute and at start-up, `agora.reconcile` gives every unsettled exchange its follow-up now.
 */
import type { FastifyInstance } from "fastify";
import { EXCHANGE_MSG, UNSETTLED_EXCHANGE_STATES } from "../../resources/records/exchanges";
import { DEFAULT_AGORA_TIMEOUT_MS } from "../agora/index";
import { defaultErrorText } from "../queue/queue";
import { stopWithServer } from "../queue/plugin";
import type { ExchangeRow } from "./apply";
import { EXCHANGE_JOB, type ExchangeQueue } from "./begin";
import { driveExchange } from "./drive";

declare module "fastify" {
  interface FastifyInstance {
    exchanges: ExchangeService;
  }
}

export const RECONCILE_JOB = "agora.reconcile";
const RECONCILE_EVERY_MS = 60_000;
const RECONCILE_BATCH = 1_000;
/** An exchange tried (and left unsettled) this recently is not pulled forward again: its follow-up's backoff stands. */
const RECONCILE_SKIP_RECENT_MS = 5 * 60_000;

export interface ExchangeService extends ExchangeQueue {
  /**
   * Drives a just-begun exchange in the request, from the row step 1 wrote (not read again: nothing else drives it before its
   * follow-up); undefined if its answer cannot be stored (the database lost: the follow-up settles it).
   */
  run(begun: ExchangeRow): Promise<ExchangeRow | undefined>;
}

export const isUnsettled = (exchange: Pick<ExchangeRow, "state">) => (UNSETTLED_EXCHANGE_STATES as readonly string[]).includes(exchange.state);

/** A follow-up that found the exchange still waiting for AGORA: retried with backoff (the reason is the exchange's last one). */
class StillPending extends Error {}

export function registerExchanges(app: FastifyInstance): void {
  const deps = { db: app.db, agora: app.agora };
  const timeoutMs = app.config.agoraTimeoutMs ?? DEFAULT_AGORA_TIMEOUT_MS;
  const followUpDelayMs = timeoutMs + 5_000;
  const stopping = new AbortController();
  const inFlight = new Set<Promise<unknown>>();

  app.queue.register<{ exchangeId: string }>(EXCHANGE_JOB, {
    handler: async ({ exchangeId }, job) => {
      const exchange = await driveExchange(deps, exchangeId, job.signal);
      if (exchange && isUnsettled(exchange)) throw new StillPending(exchange.lastError ?? EXCHANGE_MSG.noAnswer);
    },
    // Reconciliation pulls follow-ups forward every minute anyway; past a week, an unsettled exchange needs a person.
    retry: { firstDelayMs: 10_000, maxDelayMs: RECONCILE_EVERY_MS, giveUpAfterMs: 7 * 24 * 3_600_000 },
    describeError: (error) => (error instanceof StillPending ? error.message : defaultErrorText(error)),
    leaseMs: 2 * timeoutMs + 30_000,
    lane: "exchanges",
  });

  app.queue.register(RECONCILE_JOB, {
    lane: "exchanges",
    handler: async () => {
      // A follow-up for every unsettled exchange past its request's own try: re-created if its job was lost or gave up. Those
      // tried in the last minutes are skipped (their follow-up is on it) and the least recently tried come first, so that
      // exchanges failing for good cannot hold every turn (docs/queue.md).
      const { rows } = await app.pool.query<{ id: string }>(
        `select id from agora_exchanges where state in ('pending', 'answered') and created_at < now() - $1 * interval '1 millisecond'
           and (tried_at is null or tried_at < now() - $2 * interval '1 millisecond')
         order by tried_at nulls first, created_at limit ${RECONCILE_BATCH}`,
        [followUpDelayMs, RECONCILE_SKIP_RECENT_MS],
      );
      for (const { id } of rows) await app.queue.enqueue(app.db, EXCHANGE_JOB, { exchangeId: id }, { key: `exchange:${id}` });
      // …and run now rather than at the end of its backoff: those picked only.
      const keys = rows.map(({ id }) => `exchange:${id}`);
      await app.pool.query(
        `update jobs set run_at = now(), updated_at = now() where key = any($1::text[]) and state = 'pending' and run_at > now()`,
        [keys],
      );
    },
  });
  app.queue.schedule(RECONCILE_JOB, { everyMs: RECONCILE_EVERY_MS, atStart: true });

  app.decorate("exchanges", {
    queue: app.queue,
    followUpDelayMs,
    run(begun) {
      const running = driveExchange(deps, begun.id, stopping.signal, begun).catch((error: unknown) => {
        app.log.warn({ err: error, exchangeId: begun.id }, "Échange avec AGORA : réponse non enregistrée pour l'instant, la reprise s'en chargera");
        return undefined;
      });
      inFlight.add(running);
      void running.finally(() => inFlight.delete(running));
      return running;
    },
  } satisfies ExchangeService);

  // At a stop, calls under way get the grace period, then are cut: their exchanges stay pending for the follow-up.
  stopWithServer(app, async (graceMs) => {
    const settledWithin = async (ms: number) => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
      clearTimeout(timer);
    };
    const noteMs = Math.min(1_000, graceMs / 5);
    await settledWithin(graceMs - noteMs);
    stopping.abort();
    // The cut calls note why on their exchanges.
    await settledWithin(noteMs);
  });
}
