import { and, sql, type SQL } from "drizzle-orm";
import type { TodoCounts } from "../../resources/todo/schema";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { EXACT_COUNT_LIMIT } from "../../resources/common/list-count";
import { cappedCount } from "../db/list-total";
import { listKey, rememberedOverLimit, rememberOverLimit } from "../db/over-limit-counts";
import { records, sessions } from "../db/schema/index";
import { blockingCondition } from "../records/blocking-condition";
import { recordScope, sessionScope } from "../scope/row-scope";
import { agoraFailed, agoraPending, bilansLate, bilansSoon, fseLateParts, fseSoonParts } from "./rules";

type Counter = "blocking" | "fseLate" | "fseSoon" | "bilansLate" | "bilansSoon" | "agoraFailed" | "agoraPending";

/**
 * The « À traiter » counts in the caller's scope as of `today` (the day in France). Each counter is its list's count: the rows of
 * its list filter (./rules.ts) in the caller's scope, counted exactly up to EXACT_COUNT_LIMIT and no further (« plus de
 * 10 000 »), each read from the index that serves its condition (migrations 0018, 0020), so that a visit of the home page reads
 * at most 10,001 index entries per counter instead of every record of the scope. A counter past the limit is remembered as its
 * list's count is (../db/over-limit-counts.ts): the next visit within the minute does not count it again.
 */
export async function todoCounts(db: Executor, caller: Caller, today: string): Promise<TodoCounts> {
  const ofRecords = (condition: SQL) => cappedCount(records, and(recordScope(caller), condition));
  const ofRecordParts = (parts: readonly SQL[]) => cappedCount(records, parts.map((part) => and(recordScope(caller), part)!));
  const ofSessions = (condition: SQL) => cappedCount(sessions, and(sessionScope(caller), condition));
  const counters: [Counter, SQL][] = [
    ["blocking", ofRecords(blockingCondition(today))],
    ["fseLate", ofRecordParts(fseLateParts(today))],
    ["fseSoon", ofRecordParts(fseSoonParts(today))],
    ["bilansLate", ofSessions(bilansLate(today))],
    ["bilansSoon", ofSessions(bilansSoon(today))],
    ["agoraFailed", ofRecords(agoraFailed())],
    ["agoraPending", ofRecords(agoraPending())],
  ];
  const counted = {} as Record<Counter, number>;
  const toCount = counters.flatMap(([name, count]) => {
    const key = listKey(count);
    const remembered = rememberedOverLimit(db, key);
    if (remembered === undefined) return [{ name, count, key }];
    counted[name] = remembered;
    return [];
  });
  if (toCount.length > 0) {
    // One statement (its counts are its InitPlans, one after the other): `db` may be a transaction's single connection (the digest).
    const {
      rows: [row],
    } = await db.execute<Record<Counter, number>>(sql`select ${sql.join(toCount.map(({ name, count }) => sql`${count} as ${sql.identifier(name)}`), sql`, `)}`);
    if (!row) throw new Error("Un comptage sans ligne");
    for (const { name, key } of toCount) {
      counted[name] = row[name];
      if (row[name] > EXACT_COUNT_LIMIT) rememberOverLimit(db, key, row[name]);
    }
  }
  return {
    blocking: counted.blocking,
    fse: { late: counted.fseLate, soon: counted.fseSoon },
    bilans: { late: counted.bilansLate, soon: counted.bilansSoon },
    agora: { failed: counted.agoraFailed, pending: counted.agoraPending },
  };
}
