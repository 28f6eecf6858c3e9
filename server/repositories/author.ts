import { eq, sql } from "drizzle-orm";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { preparedOnce } from "../db/prepared";
import { employees } from "../db/schema/index";

/** Who acted, as a record's history and a validated bilan keep them (their name stays should the account be deleted). */
export interface Author {
  id: string;
  name: string;
}

export async function authorOf(db: Executor, caller: Caller): Promise<Author> {
  const [row] = await preparedOnce(db, "author_of", (name) =>
    db.select({ firstName: employees.firstName, lastName: employees.lastName }).from(employees).where(eq(employees.id, sql.placeholder("id"))).prepare(name),
  ).execute({ id: caller.id });
  return { id: caller.id, name: row ? `${row.firstName} ${row.lastName}` : caller.id };
}
