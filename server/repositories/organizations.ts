import { and, count, eq, or, sql } from "drizzle-orm";
import type { OrganizationListQuery } from "../../resources/organizations/list-query";
import type { Address } from "../../resources/common/address";
import type { OrganizationValues } from "../../resources/organizations/schema";
import { roleRef } from "../../resources/permissions";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { newId } from "../db/ids";
import { listPage, listRows } from "../db/list-page";
import { french } from "../db/collation";
import { type ListSelection, sortOf, whereOf } from "../db/list-selection";
import { employeeOrganizations, employees, organizations, trainings } from "../db/schema/index";
import { matchesSearch } from "../db/search";
import { organizationScope, rowInScope } from "../scope/row-scope";

// Qualified by hand: drizzle writes a bare "id" for columns inside select fields.
const employeesCount = sql<number>`(select count(*)::int from ${employeeOrganizations} eo where eo.organization_id = "organizations"."id")`;

const columns = {
  id: organizations.id,
  name: organizations.name,
  siret: organizations.siret,
  email: organizations.email,
  phoneNumber: organizations.phoneNumber,
  address: organizations.address,
  employeesCount,
  createdDate: organizations.createdAt,
  updatedDate: organizations.updatedAt,
};

const listed = listRows("organizations_list", (db, condition, order) => db.select(columns).from(organizations).where(condition).orderBy(...order));
const picked = listRows("organizations_pick", (db, condition, order) =>
  db
    .select({ id: organizations.id, name: organizations.name, siret: organizations.siret })
    .from(organizations)
    .where(condition)
    .orderBy(...order),
);

/** The sortable columns of ORGANIZATION_SORT_FIELDS. */
const sortColumns = {
  updatedDate: { column: organizations.updatedAt, kind: "timestamp" },
  name: { column: organizations.name, kind: "text" },
} as const;

/** The list and the pickers read the same rows: every organisation, matched by the search (and its export). */
export const organizationsListSelection = (caller: Caller, query: OrganizationListQuery): ListSelection => ({
  where: whereOf([organizationScope(caller, "read")], matchesSearch(organizations.search, query.search)),
  sort: sortOf(sortColumns, query),
});

export async function listOrganizations(db: Executor, caller: Caller, query: OrganizationListQuery) {
  const { where, sort } = organizationsListSelection(caller, query);
  return listPage(db, organizations, where, query, listed, sort);
}

/** Pickers: id, name and SIRET only, for roles that may not list organisations. */
export async function pickOrganizations(db: Executor, caller: Caller, query: OrganizationListQuery) {
  const { where, sort } = organizationsListSelection(caller, query);
  return listPage(db, organizations, where, query, picked, sort);
}

export async function findOrganization(db: Executor, caller: Caller, id: string) {
  const [row] = await db.select(columns).from(organizations).where(and(eq(organizations.id, id), organizationScope(caller, "read")));
  if (!row) return undefined;
  const members = await db
    .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName, roleId: employees.roleId })
    .from(employeeOrganizations)
    .innerJoin(employees, eq(employees.id, employeeOrganizations.employeeId))
    .where(eq(employeeOrganizations.organizationId, id))
    .orderBy(french(employees.lastName), french(employees.firstName), employees.id);
  return {
    ...row,
    employees: members.map((m) => ({ ...m, roleName: roleRef(m.roleId).name })),
  };
}

export async function findSiretOwner(db: Executor, siret: string): Promise<string | undefined> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.siret, siret));
  return row?.id;
}

export async function insertOrganization(db: Executor, values: OrganizationValues): Promise<string> {
  const id = newId();
  await db.insert(organizations).values({ id, ...values, address: values.address as Address | null });
  return id;
}

/** resp-of / resp-cdc change only the organisations they belong to (design.md "Roles and scope"). */
export const mayEditOrganization = (db: Executor, caller: Caller, id: string) =>
  rowInScope(db, organizations, id, organizationScope(caller, "write"));

/** Changes the organisation when the caller may write it; false when no such row (nothing changed). */
export async function updateOrganization(db: Executor, caller: Caller, id: string, values: Omit<OrganizationValues, "siret">): Promise<boolean> {
  const { rowCount } = await db
    .update(organizations)
    .set({ ...values, address: values.address as Address | null, updatedAt: sql`now()` })
    .where(and(eq(organizations.id, id), organizationScope(caller, "write")));
  return rowCount === 1;
}

/** Deletes the organisation when the caller may write it; false when no such row. */
export async function deleteOrganization(db: Executor, caller: Caller, id: string): Promise<boolean> {
  const { rowCount } = await db
    .delete(organizations)
    .where(and(eq(organizations.id, id), organizationScope(caller, "write")));
  return rowCount === 1;
}

export async function countMembers(db: Executor, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(employeeOrganizations).where(eq(employeeOrganizations.organizationId, id));
  return row?.n ?? 0;
}

/** Trainings given (educational) or bought (contracting) by the organisation. */
export async function countTrainings(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trainings)
    .where(or(eq(trainings.educationalOrganizationId, id), eq(trainings.contractingOrganizationId, id)));
  return row?.n ?? 0;
}
