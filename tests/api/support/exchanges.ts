/**
 * What the exchange tests share: letting time pass for the follow-ups (they run AGORA_TIMEOUT_MS + 5 s after a request), cutting the
 * product's database connections, restarting the app on the same database, and the check that both sides agree.
 */
import pg from "pg";
import { expect } from "vitest";
import { buildApp } from "../../../server/app";
import { EXCHANGE_JOB } from "../../../server/exchanges/begin";
import type { TestApp } from "./test-app";

/** The product's own connections (the simulator and the stand-in have theirs: AGORA does not lose its database with the product). */
const PRODUCT = "dossiers-formation";

/** A connection of the test's own, e.g. to hold a lock the product's next write will wait on. */
export async function sideConnection(t: TestApp): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: t.databaseUrl, application_name: "exchange-test" });
  await client.connect();
  return client;
}

/** How many of the product's connections wait on a lock now. */
export async function productWaitingOnLock(side: pg.Client): Promise<number> {
  const { rows } = await side.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1 and wait_event_type = 'Lock'",
    [PRODUCT],
  );
  return rows[0]!.n;
}

/** pg_terminate_backend on the product's connections: those waiting on a lock (the write under way), or all of them. */
export async function cutProductConnections(side: pg.Client, which: "waiting" | "all"): Promise<number> {
  const { rows } = await side.query<{ pid: number }>(
    `select pg_terminate_backend(pid) as pid from pg_stat_activity
     where datname = current_database() and application_name = $1 ${which === "waiting" ? "and wait_event_type = 'Lock'" : ""}`,
    [PRODUCT],
  );
  return rows.length;
}

/**
 * After connections were cut, the pool may still lend one that is dead (its error not yet seen): each failed query evicts one.
 * Queries until a few in a row succeed, as a client retrying a 503 would.
 */
export async function reconnect(t: TestApp): Promise<void> {
  for (let ok = 0, tries = 0; ok < 3 && tries < 30; tries++) {
    ok = (await t.query("select 1").then(() => true, () => false)) ? ok + 1 : 0;
  }
}

/** The follow-ups of every unsettled exchange run now, until none is left unsettled (or `rounds` tries: AGORA may stay silent). */
export async function settleExchanges(t: TestApp, rounds = 5): Promise<number> {
  await reconnect(t);
  for (let round = 0; round < rounds; round++) {
    await t.query("update jobs set run_at = now() where queue = $1 and state = 'pending'", [EXCHANGE_JOB]);
    await t.app.queue.drain([EXCHANGE_JOB]);
    const [left] = await t.query<{ n: number }>("select count(*)::int as n from agora_exchanges where state in ('pending', 'answered')");
    if (left!.n === 0) return 0;
  }
  return (await t.query<{ n: number }>("select count(*)::int as n from agora_exchanges where state in ('pending', 'answered')"))[0]!.n;
}

/** Stops the app (as a server stop does) and starts another on the same database and configuration. */
export async function restartApp(t: TestApp): Promise<void> {
  await t.app.close();
  t.app = await buildApp(t.config);
  await t.app.ready();
}

type Answer = { accepted: unknown } | { refused: unknown };
const asEventAnswer = (answer: { ok: boolean; value?: unknown; error?: unknown }): Answer =>
  answer.ok ? { accepted: answer.value } : { refused: answer.error };

/**
 * The Done-when of issue 23, for these records: AGORA holds exactly one file for each (and for its holder), its status is the
 * product's, every answer AGORA gave about it is in the record's history (in order), and every change AGORA received carries the
 * idempotency key of one of the product's exchanges for it (so nothing was sent twice but under the same key).
 */
export async function expectBothSidesAgree(t: TestApp, recordIds: readonly string[]): Promise<void> {
  for (const id of recordIds) {
    const [record] = await t.query<{ agora_id: string; status: string; ssn: string; pending_exchange_id: string | null }>(
      "select r.agora_id, r.status, t.ssn, r.pending_exchange_id from records r join trainees t on t.id = r.trainee_id where r.id = $1",
      [id],
    );
    expect(record, `dossier ${id}`).toBeDefined();
    expect(record!.pending_exchange_id, `dossier ${id} : échange en cours`).toBeNull();
    const files = await t.query<{ agora_id: string; status: string }>(
      "select agora_id, status from agora_sim.files where file->'trainee'->>'ssn' = $1",
      [record!.ssn],
    );
    expect(files, `dossiers AGORA du titulaire du dossier ${id}`).toEqual([{ agora_id: record!.agora_id, status: record!.status }]);
    const answered = await t.query<{ answer: { ok: boolean }; idempotency_key: string }>(
      "select answer, idempotency_key from agora_sim.requests where agora_id = $1 order by received_at",
      [record!.agora_id],
    );
    const history = await t.query<{ answer: Answer }>(
      "select answer from record_events where record_id = $1 and answer is not null order by at, id",
      [id],
    );
    expect(history.map((e) => e.answer), `historique du dossier ${id}`).toEqual(answered.map((r) => asEventAnswer(r.answer)));
    const keys = await t.query<{ idempotency_key: string }>("select idempotency_key from agora_exchanges where record_id = $1", [id]);
    const known = new Set(keys.map((k) => k.idempotency_key));
    const received = await t.query<{ idempotency_key: string }>(
      "select distinct idempotency_key from agora_sim.calls where agora_id = $1 and operation <> 'lookup'",
      [record!.agora_id],
    );
    for (const call of received) expect(known.has(call.idempotency_key), `appel AGORA sans échange du produit (${id})`).toBe(true);
  }
}
