import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dataEnvelope, listEnvelope, noContent } from "../../resources/common/wire";
import { EMPLOYEE_MSG, employeeAnswer, employeeSchema, employeeUpdateSchema } from "../../resources/employees/schema";
import { ASSIGNABLE_ROLES, isRoleId, type RoleId } from "../../resources/permissions";
import { callerOf, requireAccess, type Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { ApiError, badRequest, conflict, notFound, VALIDATION_MESSAGE } from "../http/errors";
import { idParam, listResponse } from "../http/lists";
import { employeeListQuery } from "../../resources/employees/list-query";
import { emailChangedMail } from "../mail/email-changed";
import { enqueueMail } from "../mail/queue";
import {
  deleteEmployee,
  emailOwner,
  existingOrganizations,
  findEmployee,
  insertEmployee,
  listEmployees,
  lockEmployee,
  mayWriteEmployee,
  updateEmployee,
} from "../repositories/employees";
import { takenMessage } from "../repositories/pg-errors";
import { holdsOrganizations } from "../scope/row-scope";

const params = idParam("employeeId");
const tags = ["employés"];
const oneEmployee = dataEnvelope(employeeAnswer);
const refused = (message: string) => new ApiError(403, message);

const mayAssign = (caller: Caller, role: string) => isRoleId(role) && ASSIGNABLE_ROLES[caller.role].includes(role);

/** Role and organisations a caller may hand out (design.md "Roles and scope"): a role at or below their own, and only their own organisations. */
async function checkAssignment(db: Executor, caller: Caller, body: { roleId: RoleId; organizationIds: string[] }) {
  const existing = await existingOrganizations(db, body.organizationIds);
  const unknown = body.organizationIds.findIndex((id) => !existing.has(id));
  if (unknown >= 0) {
    throw badRequest(VALIDATION_MESSAGE, {
      fields: [{ path: `body.organizationIds.${unknown}`, message: EMPLOYEE_MSG.unknownOrganization }],
    });
  }
  if (!mayAssign(caller, body.roleId)) throw refused(EMPLOYEE_MSG.roleNotAssignable);
  if (!holdsOrganizations(caller, body.organizationIds)) {
    throw refused(EMPLOYEE_MSG.organizationNotAssignable);
  }
}

/**
 * The employee a caller changes or deletes: 404 outside their scope; 403 above their role, or when it also belongs to an
 * organisation outside their scope (it is readable, so refusing says nothing new).
 */
async function assertWritable(db: Executor, caller: Caller, current: { id: string; role: { id: string } }) {
  // A manager cannot touch someone above them (an admin cannot edit a super administrator).
  if (!mayAssign(caller, current.role.id)) throw refused(EMPLOYEE_MSG.roleNotAssignable);
  if (!(await mayWriteEmployee(db, caller, current.id))) throw refused(EMPLOYEE_MSG.sharedOutsideScope);
}

/** 409 when another employee holds the e-mail: the spec's message if the caller may see that employee, else a neutral one. */
async function assertEmailFree(db: Executor, caller: Caller, email: string, selfId?: string) {
  const owner = await emailOwner(db, email);
  if (!owner || owner === selfId) return;
  throw conflict(takenMessage((await findEmployee(db, caller, owner)) !== undefined, EMPLOYEE_MSG.emailTaken));
}

export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/employees",
    { onRequest: requireAccess("employees", "list"), schema: { tags, querystring: employeeListQuery, response: { 200: listEnvelope(employeeAnswer) } } },
    async (request, reply) => {
      return listResponse(await listEmployees(app.db, callerOf(request), request.query), request.query, reply);
    },
  );

  app.get(
    "/employees/:employeeId",
    { onRequest: requireAccess("employees", "show"), schema: { tags, params, response: { 200: oneEmployee } } },
    async (request) => {
      const employee = await findEmployee(app.db, callerOf(request), request.params.employeeId);
      if (!employee) throw notFound(EMPLOYEE_MSG.notFound);
      const { organizationIds: _ids, ...data } = employee;
      return { data };
    },
  );

  app.post(
    "/employees",
    { onRequest: requireAccess("employees", "create"), schema: { tags, body: employeeSchema, response: { 201: oneEmployee } } },
    async (request, reply) => {
      const caller = callerOf(request);
      await checkAssignment(app.db, caller, request.body);
      await assertEmailFree(app.db, caller, request.body.email);
      // A race on the e-mail or an organisation deleted meanwhile: the error handler's table answers (pg-errors.ts).
      // Read back in the same transaction and scope: its organisations are all the caller's (checkAssignment).
      const created = await app.db.transaction(async (tx) => findEmployee(tx, caller, await insertEmployee(tx, request.body)));
      if (!created) throw notFound(EMPLOYEE_MSG.notFound);
      reply.status(201);
      const { organizationIds: _ids, ...data } = created;
      return { data };
    },
  );

  app.patch(
    "/employees/:employeeId",
    { onRequest: requireAccess("employees", "edit"), schema: { tags, params, body: employeeUpdateSchema, response: { 200: oneEmployee } } },
    async (request) => {
      const caller = callerOf(request);
      const { employeeId } = request.params;
      const updated = await app.db.transaction(async (tx) => {
        const current = await lockEmployee(tx, caller, employeeId);
        if (!current) throw notFound(EMPLOYEE_MSG.notFound);
        await assertWritable(tx, caller, current);
        await checkAssignment(tx, caller, request.body);
        await assertEmailFree(tx, caller, request.body.email, employeeId);
        const previousValues = { roleId: current.role.id as RoleId, email: current.email };
        if (!(await updateEmployee(tx, caller, employeeId, request.body, previousValues))) throw notFound(EMPLOYEE_MSG.notFound);
        // The old address hears of the change, with the change: a queued mail (the answer never waits on the mail server).
        if (current.email !== request.body.email) {
          await enqueueMail(app, tx, { kind: "email-change", message: emailChangedMail(current.email, current.firstName, request.body.email) });
        }
        // Read back in the same transaction and scope: its organisations are now all the caller's (checkAssignment).
        return findEmployee(tx, caller, employeeId);
      });
      if (!updated) throw notFound(EMPLOYEE_MSG.notFound);
      const { organizationIds: _ids, ...data } = updated;
      return { data };
    },
  );

  app.delete(
    "/employees/:employeeId",
    { onRequest: requireAccess("employees", "delete"), schema: { tags, params, response: { 204: noContent } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { employeeId } = request.params;
      await app.db.transaction(async (tx) => {
        const current = await lockEmployee(tx, caller, employeeId);
        if (!current) throw notFound(EMPLOYEE_MSG.notFound);
        if (employeeId === caller.id) throw conflict(EMPLOYEE_MSG.selfDelete);
        await assertWritable(tx, caller, current);
        // Deleting the row ends the employee's sessions: their tokens no longer resolve to a user.
        if (!(await deleteEmployee(tx, caller, employeeId))) throw notFound(EMPLOYEE_MSG.notFound);
      });
      return reply.status(204).send(null);
    },
  );
};
