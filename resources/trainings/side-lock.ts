import { CDC_ROLES, isRoleId, OF_ROLES } from "../permissions";

/**
 * The organisation a role may not change on an existing training (design.md "Roles and scope"): training-organisation roles own
 * the educational side, contracting-body roles the contracting side, admins both. The API enforces it; the edit form locks it.
 */
export function trainingSideLockedFor(role: string | undefined): "educationalOrganization" | "contractingOrganization" | undefined {
  if (!isRoleId(role)) return undefined;
  if (OF_ROLES.includes(role)) return "contractingOrganization";
  if (CDC_ROLES.includes(role)) return "educationalOrganization";
  return undefined;
}
