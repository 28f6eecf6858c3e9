import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { EmployeeListQuery } from "../../resources/employees/list-query";
import type { EmployeeValues } from "../../resources/employees/schema";
import { roleRef, type RoleId } from "../../resources/permissions";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { newId } from "../db/ids";
import { listPage, listRows } from "../db/list-page";
import { type ListSelection, sortOf, whereOf } from "../db/list-selection";
import { employeeOrganizations, employees, organizations } from "../db/schema/index";
import { matchesSearch } from "../db/search";
import { employeeScope, rowInScope } from "../scope/row-scope";

// Qualified by hand: drizzle writes a bare "id" for columns inside select fields, which the subquery would resolve to o.id.
const organizationsOf = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.name collate "fr_icu", o.id)
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

const listed = listRows("employees_list", (db, condition, order) => db.select(columns).from(employees).where(condition).orderBy(...order));

/** The sortable columns of EMPLOYEE_SORT_FIELDS. */
const sortColumns = {
  updatedDate: { column: employees.updatedAt, kind: "timestamp" },
  lastName: { column: employees.lastName, kind: "text" },
} as const;

/** The employees list's conditions (scope, search) and sort, for the list and its export. */
export const employeesListSelection = (caller: Caller, query: EmployeeListQuery): ListSelection => ({
  where: whereOf([employeeScope(caller, "read")], matchesSearch(employees.search, query.search)),
  sort: sortOf(sortColumns, query),
});

export async function listEmployees(db: Executor, caller: Caller, query: EmployeeListQuery) {
  const { where, sort } = employeesListSelection(caller, query);
  const { rows, ...rest } = await listPage(db, employees, where, query, listed, sort);
  return { rows: rows.map(present), ...rest };
}

/** The employee by id, within `scope` when given (the signed-in user reads their own profile unscoped). */
export async function employeeById(db: Executor, id: string, scope?: SQL) {
  const [row] = await db.select(columns).from(employees).where(and(eq(employees.id, id), scope));
  return row ? { ...present(row), organizationIds: row.organizations.map((o) => o.id) } : undefined;
}

/** The employee when it exists and is in the caller's scope. */
export const findEmployee = (db: Executor, caller: Caller, id: string) => employeeById(db, id, employeeScope(caller, "read"));

/**
 * Whether the caller may change or delete the employee (design.md "Roles and scope"): an employee who also belongs to an
 * organisation outside the caller's is changed only by global roles or by a caller holding all its organisations.
 */
export const mayWriteEmployee = (db: Executor, caller: Caller, id: string) => rowInScope(db, employees, id, employeeScope(caller, "write"));

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
  // None for an administrator created by `npm run user:create` (the API's schema asks for one at least).
  if (organizationIds.length === 0) return;
  await db.insert(employeeOrganizations).values(organizationIds.map((organizationId) => ({ employeeId: id, organizationId })));
}

export async function insertEmployee(db: Executor, values: EmployeeValues): Promise<string> {
  const id = newId();
  const { organizationIds, ...fields } = values;
  await db.insert(employees).values({ id, ...fields });
  await setOrganizations(db, id, organizationIds);
  return id;
}

/** Changes the employee when the caller may write it; false when no such row (nothing changed). */
export async function updateEmployee(
  db: Executor,
  caller: Caller,
  id: string,
  values: Omit<EmployeeValues, "gender"> & { gender?: EmployeeValues["gender"] },
  previous: { roleId: RoleId; email: string },
): Promise<boolean> {
  const { organizationIds, ...fields } = values;
  // A role or e-mail change ends every session of the employee (design.md "Authentication").
  const endsSessions = fields.roleId !== previous.roleId || fields.email !== previous.email;
  const { rowCount } = await db
    .update(employees)
    .set({
      ...fields,
      updatedAt: sql`now()`,
      ...(endsSessions ? { tokenVersion: sql`${employees.tokenVersion} + 1` } : {}),
    })
    .where(and(eq(employees.id, id), employeeScope(caller, "write")));
  if (rowCount !== 1) return false;
  await setOrganizations(db, id, organizationIds);
  return true;
}

/** Deletes the employee when the caller may write it; false when no such row. */
export async function deleteEmployee(db: Executor, caller: Caller, id: string): Promise<boolean> {
  const { rowCount } = await db
    .delete(employees)
    .where(and(eq(employees.id, id), employeeScope(caller, "write")));
  return rowCount === 1;
}

export async function existingOrganizations(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, ids));
  return new Set(rows.map((r) => r.id));
}
