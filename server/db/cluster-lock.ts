/**
 * Work that must run once for the whole cluster, not once per instance: migrations and the start-up quality sweep (periodic
 * work is the queue's, server/periodic.ts). PostgreSQL advisory locks, held by one connection for the work's duration
 * (released at once if that connection dies). Keys are (namespace, hashtext(name)): the two-integer key space, apart from the one-bigint locks of other tools.
 */
import type pg from "pg";

/** 'DOSS' in ASCII: the product's advisory locks. */
const LOCK_NAMESPACE = 0x444f5353;

const lockArgs = (name: string) => [LOCK_NAMESPACE, name];

/** Between two tries of a lock another instance holds. */
const RETRY_MS = 200;

/**
 * Takes the lock, trying again until it is free when `wait`. Not `pg_advisory_lock`: a statement waiting in it holds its snapshot
 * all along, and the holder's migration building an index CONCURRENTLY waits for every such snapshot, so PostgreSQL ended one of
 * the two as a deadlock (two instances starting together). Between short tries, the waiter holds none.
 */
async function take(client: pg.PoolClient, name: string, wait: boolean): Promise<boolean> {
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1, hashtext($2)) as locked", lockArgs(name));
    if (rows[0]?.locked === true) return true;
    if (!wait) return false;
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

/**
 * Runs `work` with a connection holding the lock (waiting for it, or giving up when another holds it). Should the unlock
 * fail (connection lost), the connection is destroyed rather than returned to the pool: its session's end frees the lock.
 */
async function holding<T>(pool: pg.Pool, name: string, wait: boolean, work: (client: pg.PoolClient) => Promise<T>): Promise<{ locked: false } | { locked: true; value: T }> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    if (!(await take(client, name, wait))) return { locked: false };
    try {
      return { locked: true, value: await work(client) };
    } finally {
      await client.query("select pg_advisory_unlock($1, hashtext($2))", lockArgs(name)).catch((error: Error) => (broken = error));
    }
  } finally {
    client.release(broken);
  }
}

/** Waits for the lock, then runs `work` with the connection holding it (migrations: every instance waits for the first). */
export async function underClusterLock<T>(pool: pg.Pool, name: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const held = await holding(pool, name, true, work);
  if (!held.locked) throw new Error(`Verrou ${name} non obtenu`);
  return held.value;
}

export type ClusterRun<T> = { ran: true; value: T } | { ran: false; reason: "busy" };

/**
 * Runs `work` unless another instance is running it (the lock is taken): work that one instance does at start-up for all (the
 * quality sweep). Periodic work is the queue's (server/periodic.ts).
 */
export async function runOncePerCluster<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<ClusterRun<T>> {
  const held = await holding(pool, name, false, async () => work());
  return held.locked ? { ran: true, value: held.value } : { ran: false, reason: "busy" };
}
