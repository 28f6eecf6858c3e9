/** The bench's sign-ins: three known accounts, created once and reused (password reset to the known one on every seed). */
import type pg from "pg";
import type { RoleId } from "../../resources/permissions";
import { hashPassword } from "../../server/auth/passwords";
import { newId } from "../../server/db/ids";

export const BENCH_PASSWORD = "Bench-2026!";

export interface BenchUser {
  /** How the bench names the role in its table. */
  label: string;
  email: string;
  roleId: RoleId;
}

export const BENCH_USERS: readonly BenchUser[] = [
  { label: "sup-admin", email: "bench-sup-admin@bench.test", roleId: "rol_sup-admin" },
  { label: "resp-of", email: "bench-resp-of@bench.test", roleId: "rol_resp-of" },
  { label: "gest-cdc", email: "bench-gest-cdc@bench.test", roleId: "rol_gest-cdc" },
];

/** The organisation with the most trainings on the given side. */
async function largest(client: pg.ClientBase, column: "educational_organization_id" | "contracting_organization_id") {
  const { rows } = await client.query<{ id: string; name: string; n: number }>(
    `select o.id, o.name, t.n from (select ${column} as id, count(*)::int as n from trainings group by 1 order by 2 desc, 1 limit 1) t
     join organizations o on o.id = t.id`,
  );
  return rows[0];
}

/**
 * resp-of belongs to the largest training organisation, gest-cdc (and sup-admin, whose scope is everything anyway) to the
 * largest contracting body. Answers the accounts with their organisation for the printout.
 */
export async function ensureBenchUsers(client: pg.ClientBase) {
  const training = await largest(client, "educational_organization_id");
  const contracting = await largest(client, "contracting_organization_id");
  if (!training || !contracting) throw new Error("Aucune formation : impossible de choisir les organismes des comptes de bench.");
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const made = [];
  for (const user of BENCH_USERS) {
    const organization = user.roleId === "rol_resp-of" ? training : contracting;
    const { rows } = await client.query<{ id: string }>(
      `insert into employees (id, first_name, last_name, email, gender, role_id, password_hash)
       values ($1, 'Banc', $2, $3, 'FEMALE', $4, $5)
       on conflict (email) do update set role_id = excluded.role_id, password_hash = excluded.password_hash, token_version = employees.token_version + 1
       returning id`,
      [newId(), `ESSAI ${user.label.toUpperCase()}`, user.email, user.roleId, passwordHash],
    );
    const employeeId = rows[0]!.id;
    await client.query("delete from employee_organizations where employee_id = $1", [employeeId]);
    await client.query("insert into employee_organizations (employee_id, organization_id) values ($1, $2)", [employeeId, organization.id]);
    made.push({ ...user, organization: `${organization.name} (${organization.n} formations)` });
  }
  return made;
}
