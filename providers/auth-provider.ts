/**
 * Refine auth provider (spec part 1 §4, §7, §8): the session is the token kept in localStorage.
 * Authenticated while a token is stored and not expired; any 401 answer logs the user out.
 */
import type { AuthProvider, HttpError } from "@refinedev/core";
import { AUTH_MSG } from "../resources/auth/rules";
import type { LoginInput } from "../resources/auth/schema";
import type { CurrentUser } from "../resources/employees/schema";
import { apiRequest, tokenStore } from "./data-provider";

/** The signed-in user as GET /api/users/me answers it. */
export type Identity = CurrentUser;

/** What the login form sends: POST /api/auth-sessions's body (resources/auth/schema.ts). */
export type LoginParams = LoginInput;

/** The `exp` claim (seconds since the epoch) of a JWT, or null when the token cannot be read. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split(".")[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(payload.length / 4) * 4, "="));
    const exp: unknown = JSON.parse(json).exp;
    return typeof exp === "number" ? exp : null;
  } catch {
    return null;
  }
}

/** Removes a stored token whose expiry has passed (compared in seconds); run at start and on every check. */
export function removeExpiredToken(now: number = Date.now()): void {
  const token = tokenStore.get();
  if (!token) return;
  const exp = tokenExpiry(token);
  if (exp !== null && exp <= Math.floor(now / 1000)) tokenStore.clear();
}

export function hasSession(): boolean {
  removeExpiredToken();
  return tokenStore.get() !== null;
}

/** The profile is read once per session (per token), not on every page. */
let identityCache: { token: string; identity: Promise<Identity> } | null = null;

export function getIdentity(): Promise<Identity> {
  const token = tokenStore.get();
  if (!token) return Promise.reject({ message: "Session absente", statusCode: 401 } satisfies HttpError);
  if (identityCache?.token !== token) {
    const identity = apiRequest<{ data: Identity }>("/users/me").then((answer) => answer.data);
    identityCache = { token, identity };
    // A failed load is not kept: the next attempt asks again.
    identity.catch(() => {
      if (identityCache?.identity === identity) identityCache = null;
    });
  }
  return identityCache.identity;
}

const endSession = () => {
  tokenStore.clear();
  identityCache = null;
};

const isHttpError = (error: unknown): error is HttpError =>
  error !== null && typeof error === "object" && typeof (error as HttpError).statusCode === "number";

/** A refused new password: the link's own message when the API refuses the link (expired, used, unknown), else the generic one. */
export const resetFailureMessage = (error: unknown): string =>
  isHttpError(error) && error.statusCode === 400 && error.errors?.["body.token"] ? AUTH_MSG.resetLinkInvalid : AUTH_MSG.resetFailed;

/** Error shown by the login form; `name` is French too, as Refine may show it as a notification title. */
const loginError = (message: string) => ({ name: "Connexion impossible", message });

/** POST /api/users/reset-password: always 204 when the request is well-formed (no account disclosure). */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest("/users/reset-password", { method: "POST", body: { email }, anonymous: true });
}

export async function resetPassword(password: string, token: string): Promise<void> {
  await apiRequest("/users/reset-password", { method: "PATCH", body: { password, token }, anonymous: true });
}

export const authProvider: AuthProvider = {
  login: async ({ email, password, longTTL = false }: LoginParams) => {
    try {
      const answer = await apiRequest<{ data: { token: string } }>("/auth-sessions", {
        method: "POST",
        body: { email, password, longTTL },
        anonymous: true,
      });
      endSession();
      tokenStore.set(answer.data.token);
      return { success: true, redirectTo: "/" };
    } catch (error) {
      const message = isHttpError(error) && error.statusCode === 403 ? AUTH_MSG.badCredentials : AUTH_MSG.loginFailed;
      return { success: false, error: loginError(message) };
    }
  },

  logout: async () => {
    endSession();
    return { success: true, redirectTo: "/login" };
  },

  check: async () => (hasSession() ? { authenticated: true } : { authenticated: false, redirectTo: "/login" }),

  // Called by Refine for a failed data call, and by src/layout/use-session-refusals.ts for any call apiFetch saw refused.
  onError: async (error: unknown) => {
    if (isHttpError(error) && error.statusCode === 401) {
      endSession();
      return { logout: true, redirectTo: "/login", error };
    }
    return {};
  },

  getIdentity: () => getIdentity(),

  getPermissions: async () => (await getIdentity()).role.id,

  forgotPassword: async ({ email }: { email: string }) => {
    try {
      await requestPasswordReset(email);
      return { success: true };
    } catch {
      return { success: false, error: { name: "Erreur", message: AUTH_MSG.resetRequestFailed } };
    }
  },

  updatePassword: async ({ password, token }: { password: string; token: string }) => {
    try {
      await resetPassword(password, token);
      return { success: true, redirectTo: "/login" };
    } catch (error) {
      return { success: false, error: { name: "Erreur", message: resetFailureMessage(error) } };
    }
  },
};
