import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { organizationSchema, ORGANIZATION_MSG } from "../../resources/organizations/schema";
import { can, GLOBAL_ROLES } from "../../resources/permissions";
import { callerOf, requireAccess, requireLogin, type Caller } from "../auth/guard";
import { conflict, forbidden, notFound } from "../http/errors";
import { idParam, listQuery, listResponse } from "../http/lists";
import {
  countMembers,
  countTrainings,
  deleteOrganization,
  findOrganization,
  findSiretOwner,
  insertOrganization,
  listOrganizations,
  pickOrganizations,
  updateOrganization,
} from "../repositories/organizations";
import { isForeignKeyViolation, isUniqueViolation } from "../repositories/pg-errors";

const params = idParam("organizationId");

/** resp-of / resp-cdc edit only the organisations they belong to (design.md "Roles and scope"). */
const mayEdit = (caller: Caller, id: string) => GLOBAL_ROLES.includes(caller.role) || caller.organizationIds.includes(id);

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/organizations",
    { onRequest: requireLogin, schema: { tags: ["organismes"], querystring: listQuery } },
    async (request) => {
      const startedAt = performance.now();
      const caller = callerOf(request);
      // Every signed-in user may pick an organisation; the full list is for roles allowed to list.
      if (can(caller.role, "organizations", "list")) {
        const { rows, total } = await listOrganizations(app.db, request.query);
        return listResponse(rows, request.query, total, startedAt);
      }
      if (!can(caller.role, "organizations", "pick")) throw forbidden();
      const { rows, total } = await pickOrganizations(app.db, request.query);
      return listResponse(rows, request.query, total, startedAt);
    },
  );

  app.get(
    "/organizations/:organizationId",
    { onRequest: requireAccess("organizations", "show"), schema: { tags: ["organismes"], params } },
    async (request) => {
      const organization = await findOrganization(app.db, request.params.organizationId);
      if (!organization) throw notFound(ORGANIZATION_MSG.notFound);
      return { data: organization };
    },
  );

  app.post(
    "/organizations",
    { onRequest: requireAccess("organizations", "create"), schema: { tags: ["organismes"], body: organizationSchema } },
    async (request, reply) => {
      if (await findSiretOwner(app.db, request.body.siret)) throw conflict(ORGANIZATION_MSG.siretTaken);
      let id: string;
      try {
        id = await insertOrganization(app.db, request.body);
      } catch (error) {
        // Two creations racing on the same SIRET: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(ORGANIZATION_MSG.siretTaken);
        throw error;
      }
      reply.status(201);
      return { data: await findOrganization(app.db, id) };
    },
  );

  app.patch(
    "/organizations/:organizationId",
    {
      onRequest: requireAccess("organizations", "edit"),
      schema: { tags: ["organismes"], params, body: organizationSchema },
    },
    async (request) => {
      const caller = callerOf(request);
      const { organizationId } = request.params;
      const current = await findOrganization(app.db, organizationId);
      if (!current) throw notFound(ORGANIZATION_MSG.notFound);
      // The organisation is readable by the caller, so refusing says nothing new: 403 rather than 404.
      if (!mayEdit(caller, organizationId)) throw forbidden();
      const { siret, ...values } = request.body;
      if (siret !== current.siret) throw conflict(ORGANIZATION_MSG.siretLocked);
      await updateOrganization(app.db, organizationId, values);
      return { data: await findOrganization(app.db, organizationId) };
    },
  );

  app.delete(
    "/organizations/:organizationId",
    { onRequest: requireAccess("organizations", "delete"), schema: { tags: ["organismes"], params } },
    async (request, reply) => {
      const { organizationId } = request.params;
      const current = await findOrganization(app.db, organizationId);
      if (!current) throw notFound(ORGANIZATION_MSG.notFound);
      const members = await countMembers(app.db, organizationId);
      if (members > 0) throw conflict(ORGANIZATION_MSG.hasEmployees(members));
      const trainingCount = await countTrainings(app.db, organizationId);
      if (trainingCount > 0) throw conflict(ORGANIZATION_MSG.hasTrainings(trainingCount));
      try {
        await deleteOrganization(app.db, organizationId);
      } catch (error) {
        // Any later table referencing organisations with ON DELETE RESTRICT.
        if (isForeignKeyViolation(error)) throw conflict(ORGANIZATION_MSG.stillReferenced);
        throw error;
      }
      return reply.status(204).send();
    },
  );
};
