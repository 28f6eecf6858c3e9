/**
 * What each API route asks of its caller, declared once by its guard (`requireAccess(resource, action)` or `requireLogin`, in
 * `onRequest`) and collected as routes are added (Fastify's `onRoute`). A route under /api with no guard must be in
 * PUBLIC_ROUTES: otherwise the app refuses to start, so that a route cannot ship open by omission. The tests generate their
 * 401 and role × route checks from this list (tests/api/role-matrix.test.ts).
 */
import type { FastifyInstance, RouteOptions } from "fastify";
import type { Action, ResourceName, ScreenName } from "../../resources/permissions";

/** The routes anyone may call, signed in or not ("METHOD /path" as registered). */
export const PUBLIC_ROUTES: readonly string[] = [
  "GET /api/health",
  // The load balancer's and the orchestrator's probes (server/routes/health.ts).
  "GET /api/health/live",
  "GET /api/health/ready",
  "POST /api/auth-sessions",
  "POST /api/users/reset-password",
  "PATCH /api/users/reset-password",
];

export type RouteAccess =
  | { kind: "public" }
  | { kind: "signed-in" }
  | { kind: "permission"; resource: ResourceName; action: Action }
  | { kind: "screen"; screen: ScreenName };

export interface DeclaredRoute {
  method: string;
  /** Fastify's pattern, prefix included: /api/employees/:employeeId */
  url: string;
  access: RouteAccess;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route and what it asks of its caller, in the order they were added. */
    declaredRoutes: DeclaredRoute[];
  }
}

/** The access a guard stands for; guards register themselves here (server/auth/guard.ts). */
const guardAccess = new WeakMap<object, Exclude<RouteAccess, { kind: "public" }>>();

export function declareGuard<G extends object>(guard: G, access: Exclude<RouteAccess, { kind: "public" }>): G {
  guardAccess.set(guard, access);
  return guard;
}

const API_PREFIX = "/api/";
/** Actions that only read: a route that writes (any method but GET) is never guarded by one of them. */
const READ_ACTIONS: readonly Action[] = ["list", "show", "pick"];

function accessOf(route: RouteOptions, method: string, name: string): RouteAccess {
  const hooks = [route.onRequest ?? []].flat();
  const guarded = hooks.map((hook) => guardAccess.get(hook)).filter((access) => access !== undefined);
  const isPublic = PUBLIC_ROUTES.includes(name);
  if (guarded.length > 1) throw new Error(`${name} déclare plusieurs gardes : une seule dit qui peut l'appeler`);
  if (guarded.length === 1 && isPublic) throw new Error(`${name} est dans PUBLIC_ROUTES mais déclare une garde`);
  if (guarded.length === 0 && !isPublic) {
    throw new Error(`${name} n'a pas de garde (requireAccess ou requireLogin en onRequest) : l'ajouter, ou la route à PUBLIC_ROUTES`);
  }
  const access = guarded[0] ?? { kind: "public" };
  if (access.kind === "permission" && method !== "GET" && READ_ACTIONS.includes(access.action)) {
    throw new Error(`${name} écrit mais n'est gardée que par une lecture (${access.resource}, ${access.action})`);
  }
  return access;
}

/** Collects the routes added after this call; a route without a guard that is not public stops the app from building. */
export function collectDeclaredRoutes(app: FastifyInstance): void {
  const routes: DeclaredRoute[] = [];
  app.decorate("declaredRoutes", routes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    for (const method of [route.method].flat()) {
      // HEAD is derived from GET by Fastify, with the same hooks.
      if (method === "HEAD") continue;
      const name = `${method} ${route.url}`;
      routes.push({ method, url: route.url, access: accessOf(route, method, name) });
    }
  });
  app.addHook("onReady", async () => {
    const stale = PUBLIC_ROUTES.filter((name) => !routes.some((route) => `${route.method} ${route.url}` === name));
    if (stale.length) throw new Error(`PUBLIC_ROUTES nomme des routes qui n'existent pas : ${stale.join(", ")}`);
  });
}
