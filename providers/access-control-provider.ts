/**
 * Refine access control over the role matrix of resources/permissions.ts (the one the server enforces too).
 * Refine's own actions map onto the matrix's (clone is a create); custom actions (changeStatus, fillFse…) pass through.
 * A page without a resource (home, error pages) is open to every signed-in user; an unknown resource or action is refused.
 */
import type { AccessControlProvider, CanParams, CanReturnType } from "@refinedev/core";
import { can, PERMISSIONS, RESOURCE_NAMES, type Action, type ResourceName } from "../resources/permissions";
import { getIdentity } from "./auth-provider";

const REFINE_ACTIONS: Record<string, Action> = { clone: "create" };

const isResourceName = (value: string): value is ResourceName => (RESOURCE_NAMES as readonly string[]).includes(value);

/** The matrix's answer for a role, without the provider's asynchronous identity lookup (menus, buttons, tests). */
export function canAccess(role: string | undefined, resource: string | undefined, action: string): CanReturnType {
  if (!resource) return { can: true };
  if (!isResourceName(resource)) return { can: false, reason: "Ressource inconnue" };
  const mapped = REFINE_ACTIONS[action] ?? action;
  if (!(mapped in PERMISSIONS[resource])) return { can: false, reason: "Action inconnue" };
  return can(role, resource, mapped as Action) ? { can: true } : { can: false, reason: "Votre rôle ne permet pas cette action" };
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }: CanParams) => {
    const role = await getIdentity().then(
      (identity) => identity.role.id,
      () => undefined,
    );
    return canAccess(role, resource, action);
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
  },
};
