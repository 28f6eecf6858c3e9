import { sql } from "drizzle-orm";
import type { MediaStorage } from "../../media/storage";
import type { Database } from "../connection";
import { seedEmployees } from "./employees";
import { seedOrganizations } from "./organizations";
import { seedRecords } from "./records";
import { seedSessions } from "./sessions";
import { seedTrainees } from "./trainees";
import { seedTrainings } from "./trainings";

export { DEMO_LOGINS, DEMO_PASSWORD } from "./employees";

/**
 * Loads the demo data once: does nothing when the database already holds employees. Each resource adds its seeder here, in
 * dependency order. With `mediaStorage` (the server's start), past sessions get PDF documents; without it (tests, bench
 * seeding) they have none.
 */
export async function loadDemoData(db: Database, mediaStorage?: MediaStorage): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from employees`);
  if ((rows[0]?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const orgIds = await seedOrganizations(tx);
    await seedEmployees(tx, orgIds);
    await seedTrainees(tx);
    await seedTrainings(tx, orgIds);
    await seedSessions(tx);
    await seedRecords(tx);
    // Loaded only here (pdf-lib, about 20 MiB): a server whose database already holds data never needs it.
    if (mediaStorage) await (await import("./session-documents")).seedSessionDocuments(tx, mediaStorage);
  });
  return true;
}
