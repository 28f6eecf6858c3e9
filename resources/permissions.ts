/**
 * The role matrix of both spec parts (part 1 §6, part 2 §6), written once.
 * Read by the SPA's access-control provider and enforced by the server on every call.
 */
export const ROLE_IDS = [
  "rol_sup-admin",
  "rol_admin",
  "rol_resp-of",
  "rol_gest-of",
  "rol_resp-cdc",
  "rol_gest-cdc",
  "rol_gest-cdcss",
] as const;
export type RoleId = (typeof ROLE_IDS)[number];

export const ROLE_NAMES: Record<RoleId, string> = {
  "rol_sup-admin": "Super administrateur",
  rol_admin: "Administrateur",
  "rol_resp-of": "Responsable OF",
  "rol_gest-of": "Gestionnaire OF",
  "rol_resp-cdc": "Responsable CDC",
  "rol_gest-cdc": "Gestionnaire CDC",
  "rol_gest-cdcss": "Gestionnaire CDC sanitaire et social",
};

export const isRoleId = (value: unknown): value is RoleId =>
  typeof value === "string" && (ROLE_IDS as readonly string[]).includes(value);

/** A role as the API shows it: `{id, name}` with the French display name. */
export const roleRef = (id: string) => ({ id, name: isRoleId(id) ? ROLE_NAMES[id] : id });

/** Training-organisation roles see by educational organisation, contracting-body roles by contracting organisation. */
export const OF_ROLES: readonly RoleId[] = ["rol_resp-of", "rol_gest-of"];
export const CDC_ROLES: readonly RoleId[] = ["rol_resp-cdc", "rol_gest-cdc", "rol_gest-cdcss"];
export const GLOBAL_ROLES: readonly RoleId[] = ["rol_sup-admin", "rol_admin"];

/** Roles a manager may hand out (design.md "Roles and scope"). */
export const ASSIGNABLE_ROLES: Record<RoleId, readonly RoleId[]> = {
  "rol_sup-admin": ROLE_IDS,
  rol_admin: ROLE_IDS.filter((r) => r !== "rol_sup-admin"),
  "rol_resp-of": ["rol_resp-of", "rol_gest-of"],
  "rol_resp-cdc": ["rol_resp-cdc", "rol_gest-cdc", "rol_gest-cdcss"],
  "rol_gest-of": [],
  "rol_gest-cdc": [],
  "rol_gest-cdcss": [],
};

export const RESOURCE_NAMES = ["records", "trainings", "sessions", "trainees", "organizations", "employees"] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];

export type Action =
  | "list"
  | "show"
  | "create"
  | "edit"
  | "delete"
  /** employees: the delete entry of the list's row menu (narrower than the detail page's). */
  | "deleteFromList"
  /** organizations: id/name/SIRET for pickers, every signed-in user. */
  | "pick"
  /** trainings: "create a session" from the row menu. */
  | "createSession"
  | "changeStatus"
  | "repush"
  | "fillFse"
  | "fillBilan"
  | "exportFse"
  /** trainees: the NIR column of the list's export (issue 25; README « Décisions »). */
  | "exportSsn"
  /** sessions: « Renvoyer l'e-mail » of a validated bilan (issue 23; the spec has no such action). */
  | "resendBilanMail";

const ALL = ROLE_IDS;
const SA_A = ["rol_sup-admin", "rol_admin"] as const;
const EMPLOYEE_MANAGERS: readonly RoleId[] = [...SA_A, "rol_resp-of", "rol_resp-cdc"];
const OF_WRITERS: readonly RoleId[] = [...SA_A, "rol_resp-of", "rol_gest-of"];
const CATALOGUE_OWNERS: readonly RoleId[] = [...SA_A, "rol_resp-cdc"];

export const PERMISSIONS: Record<ResourceName, Partial<Record<Action, readonly RoleId[]>>> = {
  employees: {
    list: EMPLOYEE_MANAGERS,
    show: EMPLOYEE_MANAGERS,
    create: EMPLOYEE_MANAGERS,
    edit: EMPLOYEE_MANAGERS,
    delete: EMPLOYEE_MANAGERS,
    deleteFromList: [...SA_A, "rol_resp-cdc"],
  },
  organizations: {
    list: [...SA_A, "rol_resp-of", "rol_resp-cdc", "rol_gest-cdcss", "rol_gest-cdc"],
    show: [...SA_A, "rol_resp-of", "rol_resp-cdc", "rol_gest-cdcss", "rol_gest-cdc"],
    pick: ALL,
    create: CATALOGUE_OWNERS,
    edit: EMPLOYEE_MANAGERS,
    delete: SA_A,
  },
  trainees: {
    list: ALL,
    show: ALL,
    create: OF_WRITERS,
    edit: OF_WRITERS,
    delete: OF_WRITERS,
    exportSsn: OF_WRITERS,
  },
  trainings: {
    list: ALL,
    show: ALL,
    edit: ALL,
    create: CATALOGUE_OWNERS,
    delete: CATALOGUE_OWNERS,
    createSession: CATALOGUE_OWNERS,
  },
  sessions: {
    list: ALL,
    show: ALL,
    edit: ALL,
    create: CATALOGUE_OWNERS,
    delete: CATALOGUE_OWNERS,
    resendBilanMail: CATALOGUE_OWNERS,
  },
  records: {
    list: ALL,
    show: ALL,
    create: OF_WRITERS,
    edit: OF_WRITERS,
    changeStatus: OF_WRITERS,
    repush: OF_WRITERS,
    fillFse: OF_WRITERS,
    fillBilan: OF_WRITERS,
    exportFse: [...SA_A, "rol_resp-cdc", "rol_gest-cdc", "rol_gest-cdcss"],
  },
};

/**
 * Screens that show no resource's rows but the product's own workings: who may open them (their API routes are guarded by the
 * same list). Supervision (issue 38): the queue's jobs and the AGORA exchanges an operator settles.
 */
export const SCREEN_ROLES = { supervision: SA_A } as const satisfies Record<string, readonly RoleId[]>;
export type ScreenName = keyof typeof SCREEN_ROLES;

export const canOpen = (role: string | undefined, screen: ScreenName): boolean => isRoleId(role) && (SCREEN_ROLES[screen] as readonly RoleId[]).includes(role);

/** "Open in new tab" and the home page need no role: any signed-in user. */
export function can(role: string | undefined, resource: ResourceName, action: Action): boolean {
  if (!isRoleId(role)) return false;
  return PERMISSIONS[resource][action]?.includes(role) ?? false;
}
