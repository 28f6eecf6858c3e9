import { afterEach, describe, expect, it, vi } from "vitest";
import { accessControlProvider, canAccess } from "../../providers/access-control-provider";
import { authProvider } from "../../providers/auth-provider";
import { TOKEN_KEY } from "../../providers/data-provider";
import { ROLE_IDS } from "../../resources/permissions";
import { fakeToken, installFetch, installLocalStorage } from "./support/browser";

afterEach(async () => {
  await authProvider.logout({});
  vi.unstubAllGlobals();
});

describe("canAccess (matrice de la spécification, partie 1 §6)", () => {
  it("employés : sup-admin, admin, resp-of, resp-cdc ; suppression depuis la liste : sans resp-of", () => {
    const allowed = ROLE_IDS.filter((role) => canAccess(role, "employees", "list").can);
    expect(allowed).toEqual(["rol_sup-admin", "rol_admin", "rol_resp-of", "rol_resp-cdc"]);
    expect(ROLE_IDS.filter((role) => canAccess(role, "employees", "deleteFromList").can)).toEqual(["rol_sup-admin", "rol_admin", "rol_resp-cdc"]);
  });

  it("organismes : lecture sans gest-of ; création sup-admin, admin, resp-cdc ; suppression sup-admin, admin", () => {
    expect(ROLE_IDS.filter((role) => canAccess(role, "organizations", "show").can)).not.toContain("rol_gest-of");
    expect(ROLE_IDS.filter((role) => canAccess(role, "organizations", "create").can)).toEqual(["rol_sup-admin", "rol_admin", "rol_resp-cdc"]);
    expect(ROLE_IDS.filter((role) => canAccess(role, "organizations", "delete").can)).toEqual(["rol_sup-admin", "rol_admin"]);
  });

  it("stagiaires : lecture pour tous ; écriture sup-admin, admin, resp-of, gest-of", () => {
    expect(ROLE_IDS.every((role) => canAccess(role, "trainees", "list").can)).toBe(true);
    for (const action of ["create", "edit", "delete"]) {
      expect(ROLE_IDS.filter((role) => canAccess(role, "trainees", action).can)).toEqual(["rol_sup-admin", "rol_admin", "rol_resp-of", "rol_gest-of"]);
    }
  });

  it("clone vaut create ; les actions propres (changeStatus, exportFse) passent telles quelles", () => {
    expect(canAccess("rol_gest-cdc", "trainees", "clone").can).toBe(false);
    expect(canAccess("rol_gest-of", "trainees", "clone").can).toBe(true);
    expect(canAccess("rol_gest-of", "records", "changeStatus").can).toBe(true);
    expect(canAccess("rol_gest-of", "records", "exportFse").can).toBe(false);
  });

  it("page sans ressource : tout utilisateur connecté ; ressource, action ou rôle inconnus : refusé", () => {
    expect(canAccess("rol_gest-of", undefined, "").can).toBe(true);
    expect(canAccess("rol_admin", "invoices", "list")).toMatchObject({ can: false, reason: "Ressource inconnue" });
    expect(canAccess("rol_admin", "trainees", "fly")).toMatchObject({ can: false, reason: "Action inconnue" });
    expect(canAccess("rol_inconnu", "trainees", "list").can).toBe(false);
    expect(canAccess(undefined, "trainees", "list").can).toBe(false);
  });
});

describe("accessControlProvider.can", () => {
  it("lit le rôle de l'utilisateur connecté", async () => {
    const storage = installLocalStorage();
    storage.set(TOKEN_KEY, fakeToken({ exp: Math.floor(Date.now() / 1000) + 60 }));
    installFetch(() => ({ status: 200, body: { data: { id: "u", firstName: "A", lastName: "B", email: "a@b.fr", role: { id: "rol_gest-of", name: "Gestionnaire OF" }, organizations: [] } } }));
    expect(await accessControlProvider.can({ resource: "employees", action: "list" })).toMatchObject({ can: false });
    expect(await accessControlProvider.can({ resource: "trainees", action: "create" })).toEqual({ can: true });
  });

  it("sans profil lisible : refusé sur une ressource", async () => {
    installLocalStorage();
    installFetch(() => ({ status: 500, body: {} }));
    expect(await accessControlProvider.can({ resource: "trainees", action: "list" })).toMatchObject({ can: false });
  });
});
