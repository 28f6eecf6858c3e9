import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { EMPLOYEE_MSG, employeeSchema, employeeUpdateSchema } from "../../resources/employees/schema";
import { ASSIGNABLE_ROLES, GLOBAL_ROLES, isRoleId, type RoleId } from "../../resources/permissions";
import { callerOf, requireAccess, type Caller } from "../auth/guard";
import { ApiError, badRequest, conflict, notFound, VALIDATION_MESSAGE } from "../http/errors";
import { idParam, listQuery, listResponse } from "../http/lists";
import {
  deleteEmployee,
  emailOwner,
  existingOrganizations,
  findEmployee,
  insertEmployee,
  listEmployees,
  updateEmployee,
} from "../repositories/employees";
import { isUniqueViolation } from "../repositories/pg-errors";

const params = idParam("employeeId");
const refused = (message: string) => new ApiError(403, message);

const mayAssign = (caller: Caller, role: string) => isRoleId(role) && ASSIGNABLE_ROLES[caller.role].includes(role);

/**
 * Role and organisations a caller may hand out (design.md "Roles and scope"): a role at or below their own, and only their own
 * organisations — organisations the employee already has stay allowed, so editing a shared employee does not force dropping them.
 */
async function checkAssignment(
  app: Parameters<FastifyPluginAsyncZod>[0],
  caller: Caller,
  body: { roleId: RoleId; organizationIds: string[] },
  alreadyHeld: string[] = [],
) {
  const existing = await existingOrganizations(app.db, body.organizationIds);
  const unknown = body.organizationIds.findIndex((id) => !existing.has(id));
  if (unknown >= 0) {
    throw badRequest(VALIDATION_MESSAGE, {
      fields: [{ path: `body.organizationIds.${unknown}`, message: EMPLOYEE_MSG.unknownOrganization }],
    });
  }
  if (!mayAssign(caller, body.roleId)) throw refused(EMPLOYEE_MSG.roleNotAssignable);
  if (!GLOBAL_ROLES.includes(caller.role)) {
    const allowed = new Set([...caller.organizationIds, ...alreadyHeld]);
    if (body.organizationIds.some((id) => !allowed.has(id))) throw refused(EMPLOYEE_MSG.organizationNotAssignable);
  }
}

export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/employees",
    { onRequest: requireAccess("employees", "list"), schema: { tags: ["employés"], querystring: listQuery } },
    async (request) => {
      const startedAt = performance.now();
      const { rows, total } = await listEmployees(app.db, callerOf(request), request.query);
      return listResponse(rows, request.query, total, startedAt);
    },
  );

  app.get(
    "/employees/:employeeId",
    { onRequest: requireAccess("employees", "show"), schema: { tags: ["employés"], params } },
    async (request) => {
      const employee = await findEmployee(app.db, callerOf(request), request.params.employeeId);
      if (!employee) throw notFound(EMPLOYEE_MSG.notFound);
      const { organizationIds: _ids, ...data } = employee;
      return { data };
    },
  );

  app.post(
    "/employees",
    { onRequest: requireAccess("employees", "create"), schema: { tags: ["employés"], body: employeeSchema } },
    async (request, reply) => {
      const caller = callerOf(request);
      await checkAssignment(app, caller, request.body);
      if (await emailOwner(app.db, request.body.email)) throw conflict(EMPLOYEE_MSG.emailTaken);
      let id: string;
      try {
        id = await app.db.transaction((tx) => insertEmployee(tx, request.body));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMPLOYEE_MSG.emailTaken);
        throw error;
      }
      reply.status(201);
      const { organizationIds: _ids, ...data } = (await findEmployee(app.db, { ...caller, role: "rol_sup-admin" }, id))!;
      return { data };
    },
  );

  app.patch(
    "/employees/:employeeId",
    { onRequest: requireAccess("employees", "edit"), schema: { tags: ["employés"], params, body: employeeUpdateSchema } },
    async (request) => {
      const caller = callerOf(request);
      const { employeeId } = request.params;
      const current = await findEmployee(app.db, caller, employeeId);
      if (!current) throw notFound(EMPLOYEE_MSG.notFound);
      // A manager cannot touch someone above them (an admin cannot edit a super administrator).
      if (!mayAssign(caller, current.role.id)) throw refused(EMPLOYEE_MSG.roleNotAssignable);
      await checkAssignment(app, caller, request.body, current.organizationIds);
      const owner = await emailOwner(app.db, request.body.email);
      if (owner && owner !== employeeId) throw conflict(EMPLOYEE_MSG.emailTaken);
      try {
        await app.db.transaction((tx) => updateEmployee(tx, employeeId, request.body, current.role.id as RoleId));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMPLOYEE_MSG.emailTaken);
        throw error;
      }
      const { organizationIds: _ids, ...data } = (await findEmployee(app.db, { ...caller, role: "rol_sup-admin" }, employeeId))!;
      return { data };
    },
  );

  app.delete(
    "/employees/:employeeId",
    { onRequest: requireAccess("employees", "delete"), schema: { tags: ["employés"], params } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { employeeId } = request.params;
      const current = await findEmployee(app.db, caller, employeeId);
      if (!current) throw notFound(EMPLOYEE_MSG.notFound);
      if (employeeId === caller.id) throw conflict(EMPLOYEE_MSG.selfDelete);
      if (!mayAssign(caller, current.role.id)) throw refused(EMPLOYEE_MSG.roleNotAssignable);
      // Deleting the row ends the employee's sessions: their tokens no longer resolve to a user.
      await deleteEmployee(app.db, employeeId);
      return reply.status(204).send();
    },
  );
};
