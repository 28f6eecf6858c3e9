import { and, eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { can, canOpen, type Action, type ResourceName, type RoleId, type ScreenName } from "../../resources/permissions";
import type { Database } from "../db/connection";
import { preparedOnce } from "../db/prepared";
import { employeeOrganizations, employees } from "../db/schema/index";
import { forbidden, unauthorized } from "../http/errors";
import { declareGuard } from "./route-access";
import { verifyToken } from "./tokens";

/** The signed-in caller, loaded fresh on every request (role and organisations may have changed). */
export interface Caller {
  id: string;
  role: RoleId;
  organizationIds: string[];
}

declare module "fastify" {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/**
 * One round trip on every authenticated call: the user (at this token version) with their organisations, prepared once
 * (server/db/prepared.ts): every request would otherwise pay drizzle's SQL building and PostgreSQL's parsing for it.
 */
const callerQuery = (db: Database) =>
  preparedOnce(db, "caller_by_token", (name) =>
    db
      .select({
        id: employees.id,
        role: employees.roleId,
        organizationIds: sql<string[]>`array(select ${employeeOrganizations.organizationId} from ${employeeOrganizations} where ${employeeOrganizations.employeeId} = ${employees.id})`,
      })
      .from(employees)
      .where(and(eq(employees.id, sql.placeholder("id")), eq(employees.tokenVersion, sql.placeholder("ver"))))
      .prepare(name),
  );

/** Resolves the bearer token to a caller; 401 when missing, forged, expired, or older than the user's token version. */
export async function authenticate(request: FastifyRequest): Promise<Caller> {
  if (request.caller) return request.caller;
  const header = request.headers.authorization;
  const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
  if (!token) throw unauthorized();
  const claims = await verifyToken(token, request.server.config.jwtSecret);
  if (!claims) throw unauthorized();
  // Before the database: a user over their rate costs a signature check, nothing more (server/auth/user-rate-limit.ts).
  request.server.userRequests.take(claims.sub);
  const [user] = await callerQuery(request.server.db).execute({ id: claims.sub, ver: claims.ver });
  if (!user) throw unauthorized();
  request.caller = { id: user.id, role: user.role as RoleId, organizationIds: user.organizationIds };
  return request.caller;
}

/*
 * Route guards run as `onRequest` hooks: before the body is parsed and validated, so that an unauthenticated or
 * forbidden caller gets 401/403 whatever they send, and learns nothing from validation messages.
 */

/*
 * Each guard declares what it asks (server/auth/route-access.ts): the app collects it for every route, and refuses to start
 * with an /api route that has none and is not listed public.
 */

/** onRequest: signed in, whatever the role. */
export const requireLogin: onRequestAsyncHookHandler = declareGuard(
  async (request: FastifyRequest, _reply: FastifyReply) => {
    await authenticate(request);
  },
  { kind: "signed-in" },
);

/** onRequest: signed in and allowed by resources/permissions.ts for this resource and action (else 403). */
export const requireAccess = (resource: ResourceName, action: Action): onRequestAsyncHookHandler =>
  declareGuard(
    async (request: FastifyRequest) => {
      const caller = await authenticate(request);
      if (!can(caller.role, resource, action)) throw forbidden();
    },
    { kind: "permission", resource, action },
  );

/** onRequest: signed in with a role that may open this screen (resources/permissions.ts SCREEN_ROLES; else 403). */
export const requireScreen = (screen: ScreenName): onRequestAsyncHookHandler =>
  declareGuard(
    async (request: FastifyRequest) => {
      const caller = await authenticate(request);
      if (!canOpen(caller.role, screen)) throw forbidden();
    },
    { kind: "screen", screen },
  );

/** The caller set by the guards; routes behind requireLogin/requireAccess may rely on it. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
