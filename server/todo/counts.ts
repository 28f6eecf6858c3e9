import { and, sql, type SQL } from "drizzle-orm";
import type { TodoCounts } from "../../resources/todo/schema";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { cappedCount } from "../db/list-page";
import { records, sessions } from "../db/schema/index";
import { blockingCondition } from "../records/blocking-condition";
import { recordScope, sessionScope } from "../scope/row-scope";
import { agoraFailed, agoraPending, bilansLate, bilansSoon, fseLateParts, fseSoonParts } from "./rules";

interface Counted extends Record<string, unknown> {
  blocking: number;
  fseLate: number;
  fseSoon: number;
  bilansLate: number;
  bilansSoon: number;
  agoraFailed: number;
  agoraPending: number;
}

/**
 * The « À traiter » counts in the caller's scope as of `today` (the day in France). Each counter is its list's count: the rows of
 * its list filter (./rules.ts) in the caller's scope, counted exactly up to EXACT_COUNT_LIMIT and no further (« plus de
 * 10 000 »), each read from the index that serves its condition (migrations 0018, 0020), so that a visit of the home page reads
 * at most 10,001 index entries per counter instead of every record of the scope.
 */
export async function todoCounts(db: Executor, caller: Caller, today: string): Promise<TodoCounts> {
  const ofRecords = (condition: SQL) => cappedCount(records, and(recordScope(caller), condition));
  const ofRecordParts = (parts: readonly SQL[]) => cappedCount(records, parts.map((part) => and(recordScope(caller), part)!));
  const ofSessions = (condition: SQL) => cappedCount(sessions, and(sessionScope(caller), condition));
  // One statement (its counts are its InitPlans, one after the other): `db` may be a transaction's single connection (the digest).
  const {
    rows: [c],
  } = await db.execute<Counted>(sql`
    select ${ofRecords(blockingCondition(today))} as "blocking", ${ofRecordParts(fseLateParts(today))} as "fseLate",
      ${ofRecordParts(fseSoonParts(today))} as "fseSoon", ${ofSessions(bilansLate(today))} as "bilansLate",
      ${ofSessions(bilansSoon(today))} as "bilansSoon", ${ofRecords(agoraFailed())} as "agoraFailed",
      ${ofRecords(agoraPending())} as "agoraPending"`);
  if (!c) throw new Error("Un comptage sans ligne");
  return {
    blocking: c.blocking,
    fse: { late: c.fseLate, soon: c.fseSoon },
    bilans: { late: c.bilansLate, soon: c.bilansSoon },
    agora: { failed: c.agoraFailed, pending: c.agoraPending },
  };
}
