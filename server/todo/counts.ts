import { and, sql, type SQL } from "drizzle-orm";
import type { TodoCounts } from "../../resources/todo/schema";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { records, sessions } from "../db/schema/index";
import { blockingCondition } from "../records/blocking-condition";
import { recordScope, sessionScope } from "../scope/row-scope";
import { agoraFailed, agoraPending, bilansLate, bilansSoon, fseLate, fseSoon } from "./rules";

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * The « À traiter » counts in the caller's scope as of `today` (the day in France): one pass over the caller's records and one
 * over their sessions whose bilan is not validated; each counter's condition is the one its list filter uses (./rules.ts).
 */
export async function todoCounts(db: Executor, caller: Caller, today: string): Promise<TodoCounts> {
  // One after the other: `db` may be a transaction's single connection (the digest).
  const [r] = await db
    .select({
      blocking: countWhere(blockingCondition(today)),
      fseLate: countWhere(fseLate(today)),
      fseSoon: countWhere(fseSoon(today)),
      agoraFailed: countWhere(agoraFailed()),
      agoraPending: countWhere(agoraPending()),
    })
    .from(records)
    .where(recordScope(caller));
  const [s] = await db
    .select({ late: countWhere(bilansLate(today)), soon: countWhere(bilansSoon(today)) })
    .from(sessions)
    .where(and(sessionScope(caller), sql`not ${sessions.resultValidated}`));
  if (!r || !s) throw new Error("Un comptage sans ligne");
  return {
    blocking: r.blocking,
    fse: { late: r.fseLate, soon: r.fseSoon },
    bilans: { late: s.late, soon: s.soon },
    agora: { failed: r.agoraFailed, pending: r.agoraPending },
  };
}
