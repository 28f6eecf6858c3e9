import type { RoleId } from "../../../resources/permissions";
import { hashPassword } from "../../auth/passwords";
import type { Executor } from "../connection";
import { newId } from "../ids";
import { employeeOrganizations, employees } from "../schema/index";

export const DEMO_PASSWORD = "Demo-2026!";

/** One sign-in per role (README lists them). */
export const DEMO_LOGINS: { email: string; roleId: RoleId; firstName: string; lastName: string; gender: "MALE" | "FEMALE"; org: string }[] = [
  { email: "superadmin@demo.test", roleId: "rol_sup-admin", firstName: "Sophie", lastName: "MARTIN", gender: "FEMALE", org: "cdc-main" },
  { email: "admin@demo.test", roleId: "rol_admin", firstName: "Hélène", lastName: "LEFÈVRE", gender: "FEMALE", org: "cdc-main" },
  { email: "resp-of@demo.test", roleId: "rol_resp-of", firstName: "Jean-Pierre", lastName: "DUPONT", gender: "MALE", org: "of-main" },
  { email: "gest-of@demo.test", roleId: "rol_gest-of", firstName: "Camille", lastName: "BERNARD", gender: "FEMALE", org: "of-main" },
  { email: "resp-cdc@demo.test", roleId: "rol_resp-cdc", firstName: "Olivier", lastName: "ROUSSEAU", gender: "MALE", org: "cdc-main" },
  { email: "gest-cdc@demo.test", roleId: "rol_gest-cdc", firstName: "Nadia", lastName: "BENALI", gender: "FEMALE", org: "cdc-main" },
  { email: "gest-cdcss@demo.test", roleId: "rol_gest-cdcss", firstName: "Thomas", lastName: "GIRAUD", gender: "MALE", org: "cdc-main" },
];

export async function seedEmployees(db: Executor, orgIds: Record<string, string>): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const { org, ...login } of DEMO_LOGINS) {
    const id = newId();
    await db.insert(employees).values({ id, ...login, phoneNumber: null, passwordHash });
    await db.insert(employeeOrganizations).values({ employeeId: id, organizationId: orgIds[org]! });
  }
}
