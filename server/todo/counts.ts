import { and, sql, type SQL } from "drizzle-orm";
import type { TodoCounts } from "../../resources/todo/schema";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { records, sessions } from "../db/schema/index";
import { blockingCondition } from "../records/blocking-condition";
import { recordScope, sessionScope } from "../scope/row-scope";
import { agoraFailed, agoraPending, bilansLate, bilansSoon, FSE_SESSIONS, fseLate, fseSoon } from "./rules";

interface RecordCounts extends Record<string, unknown> {
  blocking: number;
  fseLate: number;
  fseSoon: number;
  agoraFailed: number;
  agoraPending: number;
}

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * The « À traiter » counts in the caller's scope as of `today` (the day in France): one pass over the caller's records (joined to
 * the FSE trainings' sessions, hashed once) and one over their sessions whose bilan is not validated; each counter's condition is
 * the one its list filter uses (./rules.ts).
 */
export async function todoCounts(db: Executor, caller: Caller, today: string): Promise<TodoCounts> {
  // One after the other: `db` may be a transaction's single connection (the digest).
  const hasFse = sql`fse_sessions.id is not null`;
  const {
    rows: [r],
  } = await db.execute<RecordCounts>(sql`
    select ${countWhere(blockingCondition(today))} as "blocking", ${countWhere(fseLate(today, hasFse))} as "fseLate",
      ${countWhere(fseSoon(today, hasFse))} as "fseSoon", ${countWhere(agoraFailed())} as "agoraFailed",
      ${countWhere(agoraPending())} as "agoraPending"
    from ${records} left join ${FSE_SESSIONS} fse_sessions on fse_sessions.id = ${records.sessionId}
    where ${recordScope(caller) ?? sql`true`}`);
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
