import { eq } from "drizzle-orm";
import type { DigestPreference } from "../../resources/todo/schema";
import type { Executor } from "../db/connection";
import { employees } from "../db/schema/index";

/** The employee's digest choice; undefined when the employee no longer exists. */
export async function digestPreferenceOf(db: Executor, employeeId: string): Promise<DigestPreference | undefined> {
  const [row] = await db.select({ dailyDigest: employees.dailyDigest }).from(employees).where(eq(employees.id, employeeId));
  return row;
}

/** Records the choice (not `updated_at`: a preference is not a change of the employee's record that lists would show). */
export async function setDigestPreference(db: Executor, employeeId: string, choice: DigestPreference): Promise<DigestPreference | undefined> {
  const [row] = await db
    .update(employees)
    .set({ dailyDigest: choice.dailyDigest })
    .where(eq(employees.id, employeeId))
    .returning({ dailyDigest: employees.dailyDigest });
  return row;
}
