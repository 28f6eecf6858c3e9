import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authProvider, getIdentity, removeExpiredToken, tokenExpiry } from "../../providers/auth-provider";
import { TOKEN_KEY } from "../../providers/data-provider";
import { AUTH_MSG } from "../../resources/auth/schema";
import { fakeToken, installFetch, installLocalStorage } from "./support/browser";

const ME = { id: "u1", firstName: "Camille", lastName: "BERNARD", email: "gest-of@demo.test", role: { id: "rol_gest-of", name: "Gestionnaire OF" }, organizations: [] };
const now = () => Math.floor(Date.now() / 1000);

let storage: Map<string, string>;
beforeEach(async () => {
  storage = installLocalStorage();
  await authProvider.logout({});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("login", () => {
  it("POST /api/auth-sessions avec email, mot de passe et longTTL, puis garde le jeton", async () => {
    const token = fakeToken({ exp: now() + 3600 });
    const calls = installFetch(() => ({ status: 201, body: { data: { token } } }));
    const result = await authProvider.login({ email: "a@b.fr", password: "Secret-1!", longTTL: true });
    expect(result).toMatchObject({ success: true, redirectTo: "/" });
    expect(calls[0]).toMatchObject({ url: "/api/auth-sessions", method: "POST", body: { email: "a@b.fr", password: "Secret-1!", longTTL: true } });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(storage.get(TOKEN_KEY)).toBe(token);
  });

  it("longTTL vaut false par défaut", async () => {
    const calls = installFetch(() => ({ status: 201, body: { data: { token: fakeToken({}) } } }));
    await authProvider.login({ email: "a@b.fr", password: "Secret-1!" });
    expect(calls[0]!.body).toMatchObject({ longTTL: false });
  });

  it("403 : « Email ou mot de passe incorrect » ; toute autre erreur : le message générique", async () => {
    installFetch(() => ({ status: 403, body: { statusCode: 403, message: "Email ou mot de passe incorrect" } }));
    expect(await authProvider.login({ email: "a@b.fr", password: "x" })).toMatchObject({ success: false, error: { message: AUTH_MSG.badCredentials } });
    for (const status of [400, 429, 500]) {
      installFetch(() => ({ status, body: { statusCode: status, message: "autre" } }));
      expect(await authProvider.login({ email: "a@b.fr", password: "x" })).toMatchObject({ success: false, error: { message: AUTH_MSG.loginFailed } });
    }
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    expect(await authProvider.login({ email: "a@b.fr", password: "x" })).toMatchObject({ success: false, error: { message: AUTH_MSG.loginFailed } });
    expect(storage.has(TOKEN_KEY)).toBe(false);
  });
});

describe("session", () => {
  it("check : authentifié tant qu'un jeton valide est stocké ; sinon renvoi vers /login", async () => {
    expect(await authProvider.check()).toEqual({ authenticated: false, redirectTo: "/login" });
    storage.set(TOKEN_KEY, fakeToken({ exp: now() + 60 }));
    expect(await authProvider.check()).toEqual({ authenticated: true });
  });

  it("un jeton expiré (exp comparé en secondes) est retiré", async () => {
    storage.set(TOKEN_KEY, fakeToken({ exp: now() - 1 }));
    removeExpiredToken();
    expect(storage.has(TOKEN_KEY)).toBe(false);

    storage.set(TOKEN_KEY, fakeToken({ exp: 1_000 }));
    removeExpiredToken(999_999);
    expect(storage.has(TOKEN_KEY)).toBe(true);
    removeExpiredToken(1_000_000);
    expect(storage.has(TOKEN_KEY)).toBe(false);

    storage.set(TOKEN_KEY, fakeToken({ exp: now() - 1 }));
    expect(await authProvider.check()).toMatchObject({ authenticated: false });
    expect(storage.has(TOKEN_KEY)).toBe(false);
  });

  it("lit exp d'un JWT, null pour un jeton illisible", () => {
    expect(tokenExpiry(fakeToken({ exp: 1234 }))).toBe(1234);
    expect(tokenExpiry("pas-un-jwt")).toBeNull();
    expect(tokenExpiry("a.!!!.c")).toBeNull();
  });

  it("logout retire le jeton et mène à /login", async () => {
    storage.set(TOKEN_KEY, fakeToken({}));
    expect(await authProvider.logout({})).toMatchObject({ success: true, redirectTo: "/login" });
    expect(storage.has(TOKEN_KEY)).toBe(false);
  });

  it("onError : toute réponse 401 déconnecte ; les autres erreurs non", async () => {
    storage.set(TOKEN_KEY, fakeToken({}));
    expect(await authProvider.onError({ statusCode: 403, message: "interdit" })).toEqual({});
    expect(storage.has(TOKEN_KEY)).toBe(true);
    expect(await authProvider.onError({ statusCode: 401, message: "non authentifié" })).toMatchObject({ logout: true, redirectTo: "/login" });
    expect(storage.has(TOKEN_KEY)).toBe(false);
  });
});

describe("identité et permissions", () => {
  it("getIdentity lit /api/users/me une seule fois par session ; getPermissions rend l'id du rôle", async () => {
    storage.set(TOKEN_KEY, fakeToken({ exp: now() + 60 }));
    const calls = installFetch(() => ({ status: 200, body: { data: ME } }));
    expect(await authProvider.getIdentity!()).toEqual(ME);
    expect(await authProvider.getPermissions!()).toBe("rol_gest-of");
    await getIdentity();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/users/me");
    expect(calls[0]!.headers.Authorization).toMatch(/^Bearer /);

    // Another session (new token) reads the profile again.
    storage.set(TOKEN_KEY, fakeToken({ exp: now() + 120 }));
    await getIdentity();
    expect(calls).toHaveLength(2);
  });

  it("un échec de chargement du profil n'est pas gardé en cache", async () => {
    storage.set(TOKEN_KEY, fakeToken({ exp: now() + 60 }));
    let fail = true;
    const calls = installFetch(() => (fail ? { status: 500, body: { message: "panne" } } : { status: 200, body: { data: ME } }));
    await expect(getIdentity()).rejects.toMatchObject({ statusCode: 500 });
    fail = false;
    await expect(getIdentity()).resolves.toEqual(ME);
    expect(calls).toHaveLength(2);
  });

  it("sans jeton, getIdentity échoue en 401 sans appel", async () => {
    const calls = installFetch(() => ({ status: 200, body: { data: ME } }));
    await expect(getIdentity()).rejects.toMatchObject({ statusCode: 401 });
    expect(calls).toHaveLength(0);
  });
});

describe("réinitialisation du mot de passe", () => {
  it("demande : POST /api/users/reset-password {email} ; échec : message de la demande", async () => {
    const calls = installFetch(() => ({ status: 204 }));
    expect(await authProvider.forgotPassword!({ email: "a@b.fr" })).toEqual({ success: true });
    expect(calls[0]).toMatchObject({ url: "/api/users/reset-password", method: "POST", body: { email: "a@b.fr" } });
    installFetch(() => ({ status: 500, body: {} }));
    expect(await authProvider.forgotPassword!({ email: "a@b.fr" })).toMatchObject({ success: false, error: { message: AUTH_MSG.resetRequestFailed } });
  });

  it("nouveau mot de passe : PATCH /api/users/reset-password {password, token} ; échec : message de réinitialisation", async () => {
    const calls = installFetch(() => ({ status: 204 }));
    expect(await authProvider.updatePassword!({ password: "Secret-1!", token: "t0k" })).toMatchObject({ success: true, redirectTo: "/login" });
    expect(calls[0]).toMatchObject({ url: "/api/users/reset-password", method: "PATCH", body: { password: "Secret-1!", token: "t0k" } });
    installFetch(() => ({ status: 500, body: {} }));
    expect(await authProvider.updatePassword!({ password: "Secret-1!", token: "x" })).toMatchObject({ success: false, error: { message: AUTH_MSG.resetFailed } });
  });

  it("lien expiré ou déjà utilisé (400 sur body.token) : le message du lien, pas le message générique", async () => {
    const LINK_INVALID = "Ce lien de réinitialisation est invalide, a expiré ou a déjà été utilisé.";
    installFetch(() => ({ status: 400, body: { statusCode: 400, message: LINK_INVALID, details: { fields: [{ path: "body.token", message: LINK_INVALID }] } } }));
    expect(await authProvider.updatePassword!({ password: "Secret-1!", token: "déjà-utilisé" })).toMatchObject({ success: false, error: { message: LINK_INVALID } });
    expect(AUTH_MSG.resetLinkInvalid).toBe(LINK_INVALID);
  });
});
