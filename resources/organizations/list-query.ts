/** The organisations list's query (GET /organizations, its export): sorts, see resources/common/list-query.ts. No filter besides the search. */
import type { z } from "zod";
import { listQuerySchema, type SortFields } from "../common/list-query";

/** The columns the organisations list sorts by (each served by an index at scale). */
export const ORGANIZATION_SORT_FIELDS = { updatedDate: "timestamp", name: "text" } as const satisfies SortFields;
export type OrganizationSortField = keyof typeof ORGANIZATION_SORT_FIELDS;

export const organizationListQuery = listQuerySchema(ORGANIZATION_SORT_FIELDS, {});

export type OrganizationListQuery = z.output<typeof organizationListQuery>;
