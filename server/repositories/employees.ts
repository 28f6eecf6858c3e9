import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { EmployeeValues } from "../../resources/employees/schema";
import { GLOBAL_ROLES, roleRef, type RoleId } from "../../resources/permissions";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { newId } from "../db/ids";
import { countRows, listOrder, pageCondition } from "../db/list-page";
import { employeeOrganizations, employees, organizations } from "../db/schema/index";
import { matchesSearch } from "../db/search";

// Qualified by hand: drizzle writes a bare "id" for columns inside select fields, which the subquery would resolve to o.id.
const organizationsOf = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.name, o.id)
  from ${employeeOrganizations} eo join ${organizations} o on o.id = eo.organization_id
  where eo.employee_id = "employees"."id"), '[]'::json)`;

const columns = {
  id: employees.id,
  firstName: employees.firstName,
  lastName: employees.lastName,
  email: employees.email,
  phoneNumber: employees.phoneNumber,
  gender: employees.gender,
  roleId: employees.roleId,
  organizations: organizationsOf,
  createdDate: employees.createdAt,
  updatedDate: employees.updatedAt,
};

type Row = { roleId: string } & Record<string, unknown>;
const present = <T extends Row>({ roleId, ...row }: T) => ({ ...row, role: roleRef(roleId) });

/** Global roles see every employee; the others those sharing one of their organisations. */
export function employeeScope(caller: Caller): SQL | undefined {
  if (GLOBAL_ROLES.includes(caller.role)) return undefined;
  if (caller.organizationIds.length === 0) return sql`false`;
  return sql`exists (select 1 from ${employeeOrganizations} eo where eo.employee_id = "employees"."id" and eo.organization_id in ${caller.organizationIds})`;
}

/**
 * Writes (design.md "Roles and scope"): an employee who also belongs to an organisation outside the caller's is changed
 * (PATCH, DELETE, role, e-mail, organisations) only by global roles or by a caller holding all its organisations.
 */
export function mayWriteEmployee(caller: Caller, organizationIds: string[]): boolean {
  return GLOBAL_ROLES.includes(caller.role) || organizationIds.every((id) => caller.organizationIds.includes(id));
}

export async function listEmployees(db: Executor, caller: Caller, query: { offset: number; limit: number; search?: string }) {
  const where = and(employeeScope(caller), matchesSearch(employees.search, query.search));
  const [rows, total] = await Promise.all([
    db.select(columns).from(employees).where(pageCondition(db, employees, where, query)).orderBy(...listOrder(employees)),
    countRows(db, employees, where),
  ]);
  return { rows: rows.map(present), total };
}

/** The employee by id, within `scope` when given (the signed-in user reads their own profile unscoped). */
export async function employeeById(db: Executor, id: string, scope?: SQL) {
  const [row] = await db.select(columns).from(employees).where(and(eq(employees.id, id), scope));
  return row ? { ...present(row), organizationIds: row.organizations.map((o) => o.id) } : undefined;
}

/** The employee when it exists and is in the caller's scope. */
export const findEmployee = (db: Executor, caller: Caller, id: string) => employeeById(db, id, employeeScope(caller));

/**
 * Locks the employee's row for the rest of the transaction, then reads it within the caller's scope: its organisations cannot
 * change (every change to them goes through this lock) between the scope check and the write.
 */
export async function lockEmployee(tx: Executor, caller: Caller, id: string) {
  await tx.select({ id: employees.id }).from(employees).where(eq(employees.id, id)).for("update");
  return findEmployee(tx, caller, id);
}

export async function emailOwner(db: Executor, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.email, email));
  return row?.id;
}

async function setOrganizations(db: Executor, id: string, organizationIds: string[]) {
  await db.delete(employeeOrganizations).where(eq(employeeOrganizations.employeeId, id));
  await db.insert(employeeOrganizations).values(organizationIds.map((organizationId) => ({ employeeId: id, organizationId })));
}

export async function insertEmployee(db: Executor, values: EmployeeValues): Promise<string> {
  const id = newId();
  const { organizationIds, ...fields } = values;
  await db.insert(employees).values({ id, ...fields });
  await setOrganizations(db, id, organizationIds);
  return id;
}

export async function updateEmployee(
  db: Executor,
  id: string,
  values: Omit<EmployeeValues, "gender"> & { gender?: EmployeeValues["gender"] },
  previous: { roleId: RoleId; email: string },
): Promise<void> {
  const { organizationIds, ...fields } = values;
  // A role or e-mail change ends every session of the employee (design.md "Authentication").
  const endsSessions = fields.roleId !== previous.roleId || fields.email !== previous.email;
  await db
    .update(employees)
    .set({
      ...fields,
      updatedAt: sql`now()`,
      ...(endsSessions ? { tokenVersion: sql`${employees.tokenVersion} + 1` } : {}),
    })
    .where(eq(employees.id, id));
  await setOrganizations(db, id, organizationIds);
}

export async function deleteEmployee(db: Executor, id: string): Promise<void> {
  await db.delete(employees).where(eq(employees.id, id));
}

export async function existingOrganizations(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, ids));
  return new Set(rows.map((r) => r.id));
}
