/**
 * Every route of the API, read from the app itself (so a new route is covered without editing the tests), and the URL of a
 * route with its path parameters filled in.
 */
import type { App } from "../../../server/app";

export interface ApiRoute {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Fastify's pattern, e.g. /api/employees/:employeeId */
  url: string;
  params: string[];
  /** The route declares a request body (from the OpenAPI document). */
  hasBody: boolean;
}

const TREE_LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/;

/** Parses `printRoutes({ commonPrefix: false })`: one line per node, its depth from the indentation. */
function routesFromTree(tree: string): { method: string; url: string }[] {
  const stack: string[] = [];
  const found: { method: string; url: string }[] = [];
  for (const line of tree.split("\n").filter(Boolean)) {
    const match = TREE_LINE.exec(line);
    if (!match) throw new Error(`Ligne de printRoutes inattendue : ${line}`);
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]?.split(", ") ?? []) found.push({ method, url: stack.join("") });
  }
  return found;
}

/**
 * The URLs a tree path may stand for: routes with differently named parameters at the same place share one node, printed
 * `:recordId|:recordFseId` (GET /api/recordFse/:recordId and PATCH /api/recordFse/:recordFseId).
 */
function alternativesOf(url: string): string[] {
  const shared = /:(\w+(?:\|:\w+)+)/.exec(url);
  if (!shared) return [url];
  return shared[1]!.split("|:").flatMap((name) => alternativesOf(url.replace(shared[0], `:${name}`)));
}

/**
 * The API's routes (HEAD excluded: Fastify derives it from GET, with the same handler). Cross-checked against the OpenAPI
 * document, so that a change in printRoutes' format cannot silently drop routes.
 */
export function apiRoutes(app: App): ApiRoute[] {
  const document = app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
  const toOpenApi = (url: string) => url.replace(/:(\w+)/g, "{$1}");
  const routes = routesFromTree(app.printRoutes({ commonPrefix: false }))
    .filter((r) => r.method !== "HEAD" && r.url.startsWith("/api/"))
    .map((r) => {
      // A shared node: the parameter name this method's route declares is the one the OpenAPI document has for it.
      const candidates = alternativesOf(r.url);
      const url = candidates.find((candidate) => document.paths[toOpenApi(candidate)]?.[r.method.toLowerCase()]) ?? candidates[0]!;
      return { method: r.method, url };
    })
    .map((r): ApiRoute => {
      const openApiPath = toOpenApi(r.url);
      const operation = document.paths[openApiPath]?.[r.method.toLowerCase()];
      return {
        method: r.method as ApiRoute["method"],
        url: r.url,
        params: [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
        hasBody: Boolean(operation?.requestBody),
      };
    });
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of Object.keys(operations)) {
      const url = path.replace(/\{(\w+)\}/g, ":$1");
      if (!routes.some((r) => r.url === url && r.method === method.toUpperCase())) {
        throw new Error(`${method.toUpperCase()} ${url} est dans la documentation mais pas dans printRoutes : l'analyse est à revoir`);
      }
    }
  }
  return routes;
}

export const routeName = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** The route's URL with each `:param` replaced by an (already encoded) value. */
export const fillParams = (route: ApiRoute, values: Record<string, string>) =>
  route.url.replace(/:(\w+)/g, (_match, name: string) => values[name] ?? "");

/**
 * The 2xx status the route documents (its OpenAPI answers): what a caller allowed to call it gets for a valid request. A route
 * hidden from the document (the document itself) answers 200.
 */
export function successStatusOf(app: App, route: { method: string; url: string }): number {
  const document = app.swagger() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
  const operation = document.paths[route.url.replace(/:(\w+)/g, "{$1}")]?.[route.method.toLowerCase()];
  if (!operation && route.method === "GET") return 200;
  const statuses = Object.keys(operation?.responses ?? {}).map(Number).filter((status) => status >= 200 && status < 300);
  if (!statuses.length) throw new Error(`${route.method} ${route.url} ne documente aucune réponse 2xx`);
  return Math.min(...statuses);
}

/** The list routes: a GET whose documented answer carries the lists' `metadata.pagination` (server/http/lists.ts). */
export function listRoutes(app: App): ApiRoute[] {
  type Schema = { properties?: Record<string, Schema> };
  const document = app.swagger() as {
    paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
  };
  return apiRoutes(app).filter((route) => {
    if (route.method !== "GET") return false;
    const answer = document.paths[route.url.replace(/:(\w+)/g, "{$1}")]?.get?.responses?.["200"]?.content?.["application/json"]?.schema;
    return Boolean(answer?.properties?.metadata?.properties?.pagination);
  });
}
