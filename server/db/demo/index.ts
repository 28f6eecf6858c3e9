import { sql } from "drizzle-orm";
import type { Database } from "../connection";
import { seedEmployees } from "./employees";
import { seedOrganizations } from "./organizations";
import { seedTrainees } from "./trainees";
import { seedTrainings } from "./trainings";

export { DEMO_LOGINS, DEMO_PASSWORD } from "./employees";

/** Loads the demo data once: does nothing when the database already holds employees. Each resource adds its seeder here, in dependency order. */
export async function loadDemoData(db: Database): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from employees`);
  if ((rows[0]?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const orgIds = await seedOrganizations(tx);
    await seedEmployees(tx, orgIds);
    await seedTrainees(tx);
    await seedTrainings(tx, orgIds);
  });
  return true;
}
