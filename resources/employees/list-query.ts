/** The employees list's query (GET /employees, its export): sorts, see resources/common/list-query.ts. No filter besides the search. */
import type { z } from "zod";
import { listQuerySchema, type SortFields } from "../common/list-query";

/** The columns the employees list sorts by (each served by an index at scale). */
export const EMPLOYEE_SORT_FIELDS = { updatedDate: "timestamp", lastName: "text" } as const satisfies SortFields;
export type EmployeeSortField = keyof typeof EMPLOYEE_SORT_FIELDS;

export const employeeListQuery = listQuerySchema(EMPLOYEE_SORT_FIELDS, {});

export type EmployeeListQuery = z.output<typeof employeeListQuery>;
