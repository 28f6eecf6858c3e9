/**
 * Work that must run once for the whole cluster, not once per instance: migrations, the start-up quality sweep, periodic
 * purges. PostgreSQL advisory locks, held by one connection for the work's duration (released at once if that connection
 * dies). Keys are (namespace, hashtext(name)): the two-integer key space, apart from the one-bigint locks of other tools.
 */
import type pg from "pg";

/** 'DOSS' in ASCII: the product's advisory locks. */
const LOCK_NAMESPACE = 0x444f5353;

const lockArgs = (name: string) => [LOCK_NAMESPACE, name];

/**
 * Runs `work` with a connection holding the lock (waiting for it, or giving up when another holds it). Should the unlock
 * fail (connection lost), the connection is destroyed rather than returned to the pool: its session's end frees the lock.
 */
async function holding<T>(pool: pg.Pool, name: string, wait: boolean, work: (client: pg.PoolClient) => Promise<T>): Promise<{ locked: false } | { locked: true; value: T }> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const take = wait ? "select true as locked from pg_advisory_lock($1, hashtext($2))" : "select pg_try_advisory_lock($1, hashtext($2)) as locked";
    const { rows } = await client.query<{ locked: boolean }>(take, lockArgs(name));
    if (!rows[0]?.locked) return { locked: false };
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

export type ClusterRun<T> = { ran: true; value: T } | { ran: false; reason: "busy" | "not-due" };

/**
 * Runs `work` unless another instance is running it (the lock is taken) or, with `everyMs`, it already ran in the cluster
 * less than `everyMs` ago (its last start is kept in cluster_tasks, by the database's clock: instances' clocks may differ).
 */
export async function runOncePerCluster<T>(
  pool: pg.Pool,
  task: { name: string; everyMs?: number },
  work: () => Promise<T>,
): Promise<ClusterRun<T>> {
  const held = await holding(pool, task.name, false, async (client): Promise<ClusterRun<T>> => {
    if (task.everyMs !== undefined) {
      const claimed = await client.query(
        `insert into cluster_tasks (name, last_run_at) values ($1, now())
         on conflict (name) do update set last_run_at = now()
         where cluster_tasks.last_run_at <= now() - make_interval(secs => $2::double precision / 1000)`,
        [task.name, task.everyMs],
      );
      if (claimed.rowCount === 0) return { ran: false, reason: "not-due" };
    }
    return { ran: true, value: await work() };
  });
  return held.locked ? held.value : { ran: false, reason: "busy" };
}
