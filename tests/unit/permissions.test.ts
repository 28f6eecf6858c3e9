/**
 * The role matrix checked against the spec's own tables (part 1 §6, part 2 §6), copied here as literals:
 * a change in resources/permissions.ts that drifts from the spec fails below.
 */
import { describe, expect, it } from "vitest";
import { ASSIGNABLE_ROLES, can, ROLE_IDS, ROLE_NAMES, type Action, type ResourceName } from "../../resources/permissions";

type Short = "sup-admin" | "admin" | "resp-of" | "gest-of" | "resp-cdc" | "gest-cdc" | "gest-cdcss";
const ALL7: Short[] = ["sup-admin", "admin", "resp-of", "resp-cdc", "gest-of", "gest-cdcss", "gest-cdc"];
const role = (short: Short) => `rol_${short}`;

const ACTIONS: Action[] = [
  "list",
  "show",
  "create",
  "edit",
  "delete",
  "deleteFromList",
  "pick",
  "createSession",
  "changeStatus",
  "repush",
  "fillFse",
  "fillBilan",
  "exportFse",
  "resendBilanMail",
];

/** Who may do what; an action missing from a resource's row is allowed to nobody. */
const SPEC: Record<ResourceName, Partial<Record<Action, Short[]>>> = {
  // Part 1 §6: Employees | sup-admin, admin, resp-of, resp-cdc | same four | same four | detail page: same four; list menu: sup-admin, admin, resp-cdc
  employees: {
    list: ["sup-admin", "admin", "resp-of", "resp-cdc"],
    show: ["sup-admin", "admin", "resp-of", "resp-cdc"],
    create: ["sup-admin", "admin", "resp-of", "resp-cdc"],
    edit: ["sup-admin", "admin", "resp-of", "resp-cdc"],
    delete: ["sup-admin", "admin", "resp-of", "resp-cdc"],
    deleteFromList: ["sup-admin", "admin", "resp-cdc"],
  },
  // Part 1 §6: Organizations | sup-admin, admin, resp-of, resp-cdc, gest-cdcss, gest-cdc | sup-admin, admin, resp-cdc | sup-admin, admin, resp-of, resp-cdc | sup-admin, admin
  // design.md: id/name/SIRET readable by every signed-in user (pickers).
  organizations: {
    list: ["sup-admin", "admin", "resp-of", "resp-cdc", "gest-cdcss", "gest-cdc"],
    show: ["sup-admin", "admin", "resp-of", "resp-cdc", "gest-cdcss", "gest-cdc"],
    pick: ALL7,
    create: ["sup-admin", "admin", "resp-cdc"],
    edit: ["sup-admin", "admin", "resp-of", "resp-cdc"],
    delete: ["sup-admin", "admin"],
  },
  // Part 1 §6: Trainees | all seven roles | sup-admin, admin, resp-of, gest-of | same | same
  trainees: {
    list: ALL7,
    show: ALL7,
    create: ["sup-admin", "admin", "resp-of", "gest-of"],
    edit: ["sup-admin", "admin", "resp-of", "gest-of"],
    delete: ["sup-admin", "admin", "resp-of", "gest-of"],
  },
  // Part 2 §6: Trainings list and detail: all seven; edit: sup-admin, admin, resp-of, resp-cdc, gest-of, gest-cdcss, gest-cdc;
  // add, delete, create a session from a training: sup-admin, admin, resp-cdc
  trainings: {
    list: ALL7,
    show: ALL7,
    edit: ["sup-admin", "admin", "resp-of", "resp-cdc", "gest-of", "gest-cdcss", "gest-cdc"],
    create: ["sup-admin", "admin", "resp-cdc"],
    delete: ["sup-admin", "admin", "resp-cdc"],
    createSession: ["sup-admin", "admin", "resp-cdc"],
  },
  // Part 2 §6: Sessions list and detail: all seven; edit: all seven; add, delete: sup-admin, admin, resp-cdc
  sessions: {
    list: ALL7,
    show: ALL7,
    edit: ALL7,
    create: ["sup-admin", "admin", "resp-cdc"],
    delete: ["sup-admin", "admin", "resp-cdc"],
    // Issue 23 (not in the spec): « Renvoyer l'e-mail » of a validated bilan, admins and the funder's resp-cdc.
    resendBilanMail: ["sup-admin", "admin", "resp-cdc"],
  },
  // Part 2 §6: Records list and detail: all seven; add, edit, status change, re-push, fill FSE, fill bilan: sup-admin, admin, resp-of, gest-of;
  // FSE export menu: sup-admin, admin, resp-cdc, gest-cdc, gest-cdcss
  records: {
    list: ALL7,
    show: ALL7,
    create: ["sup-admin", "admin", "resp-of", "gest-of"],
    edit: ["sup-admin", "admin", "resp-of", "gest-of"],
    changeStatus: ["sup-admin", "admin", "resp-of", "gest-of"],
    repush: ["sup-admin", "admin", "resp-of", "gest-of"],
    fillFse: ["sup-admin", "admin", "resp-of", "gest-of"],
    fillBilan: ["sup-admin", "admin", "resp-of", "gest-of"],
    exportFse: ["sup-admin", "admin", "resp-cdc", "gest-cdc", "gest-cdcss"],
  },
};

const cases = (Object.keys(SPEC) as ResourceName[]).flatMap((resource) =>
  ACTIONS.flatMap((action) =>
    ALL7.map((short) => ({ resource, action, role: role(short), allowed: (SPEC[resource][action] ?? []).includes(short) })),
  ),
);

describe("can(role, resource, action) follows the spec's tables", () => {
  it("covers every role, resource and action", () => {
    expect(cases).toHaveLength(7 * 6 * ACTIONS.length);
  });

  it.each(cases)("$role $action $resource → $allowed", ({ role: r, resource, action, allowed }) => {
    expect(can(r, resource, action)).toBe(allowed);
  });

  it("refuses unknown or missing roles everything", () => {
    for (const resource of Object.keys(SPEC) as ResourceName[]) {
      for (const action of ACTIONS) {
        expect(can(undefined, resource, action)).toBe(false);
        expect(can("rol_inconnu", resource, action)).toBe(false);
        expect(can("sup-admin", resource, action)).toBe(false);
      }
    }
  });
});

describe("roles", () => {
  it("are the seven known ids with their French names", () => {
    expect(ROLE_NAMES).toEqual({
      "rol_sup-admin": "Super administrateur",
      rol_admin: "Administrateur",
      "rol_resp-of": "Responsable OF",
      "rol_gest-of": "Gestionnaire OF",
      "rol_resp-cdc": "Responsable CDC",
      "rol_gest-cdc": "Gestionnaire CDC",
      "rol_gest-cdcss": "Gestionnaire CDC sanitaire et social",
    });
    expect([...ROLE_IDS].sort()).toEqual(ALL7.map(role).sort());
  });

  // design.md "Roles and scope": resp-of: resp-of, gest-of; resp-cdc: resp-cdc, gest-cdc, gest-cdcss; admin: all but sup-admin; sup-admin: all.
  it.each<[Short, Short[]]>([
    ["sup-admin", ["sup-admin", "admin", "resp-of", "gest-of", "resp-cdc", "gest-cdc", "gest-cdcss"]],
    ["admin", ["admin", "resp-of", "gest-of", "resp-cdc", "gest-cdc", "gest-cdcss"]],
    ["resp-of", ["resp-of", "gest-of"]],
    ["resp-cdc", ["resp-cdc", "gest-cdc", "gest-cdcss"]],
    ["gest-of", []],
    ["gest-cdc", []],
    ["gest-cdcss", []],
  ])("rol_%s may assign %j", (short, assignable) => {
    expect([...ASSIGNABLE_ROLES[role(short) as keyof typeof ASSIGNABLE_ROLES]].sort()).toEqual(assignable.map(role).sort());
  });
});
