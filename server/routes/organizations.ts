import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope, listEnvelope, noContent } from "../../resources/common/wire";
import {
  organizationAnswer,
  organizationListItemAnswer,
  organizationRefAnswer,
  organizationSchema,
  ORGANIZATION_MSG,
} from "../../resources/organizations/schema";
import { can } from "../../resources/permissions";
import { callerOf, requireAccess } from "../auth/guard";
import { conflict, forbidden, notFound, readBack } from "../http/errors";
import { idParam, listResponse } from "../http/lists";
import { organizationListQuery } from "../../resources/organizations/list-query";
import {
  countMembers,
  countTrainings,
  deleteOrganization,
  findOrganization,
  findSiretOwner,
  insertOrganization,
  listOrganizations,
  mayEditOrganization,
  pickOrganizations,
  updateOrganization,
} from "../repositories/organizations";
import { isForeignKeyViolation, isUniqueViolation } from "../repositories/pg-errors";

const params = idParam("organizationId");
const tags = ["organismes"];
const oneOrganization = dataEnvelope(organizationAnswer);

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/organizations",
    {
      onRequest: requireAccess("organizations", "pick"),
      schema: { tags, querystring: organizationListQuery, response: { 200: listEnvelope(z.union([organizationListItemAnswer, organizationRefAnswer])) } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      // Every signed-in user may pick an organisation; the full list is for roles allowed to list.
      if (can(caller.role, "organizations", "list")) {
        return listResponse(await listOrganizations(app.db, caller, request.query), request.query, reply);
      }
      return listResponse(await pickOrganizations(app.db, caller, request.query), request.query, reply);
    },
  );

  app.get(
    "/organizations/:organizationId",
    { onRequest: requireAccess("organizations", "show"), schema: { tags, params, response: { 200: oneOrganization } } },
    async (request) => {
      const organization = await findOrganization(app.db, callerOf(request), request.params.organizationId);
      if (!organization) throw notFound(ORGANIZATION_MSG.notFound);
      return { data: organization };
    },
  );

  app.post(
    "/organizations",
    { onRequest: requireAccess("organizations", "create"), schema: { tags, body: organizationSchema, response: { 201: oneOrganization } } },
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
      return readBack(findOrganization(app.db, callerOf(request), id), ORGANIZATION_MSG.notFound);
    },
  );

  app.patch(
    "/organizations/:organizationId",
    {
      onRequest: requireAccess("organizations", "edit"),
      schema: { tags, params, body: organizationSchema, response: { 200: oneOrganization } },
    },
    async (request) => {
      const caller = callerOf(request);
      const { organizationId } = request.params;
      const current = await findOrganization(app.db, caller, organizationId);
      if (!current) throw notFound(ORGANIZATION_MSG.notFound);
      // The organisation is readable by the caller, so refusing says nothing new: 403 rather than 404.
      if (!(await mayEditOrganization(app.db, caller, organizationId))) throw forbidden();
      const { siret, ...values } = request.body;
      if (siret !== current.siret) throw conflict(ORGANIZATION_MSG.siretLocked);
      if (!(await updateOrganization(app.db, caller, organizationId, values))) throw notFound(ORGANIZATION_MSG.notFound);
      return readBack(findOrganization(app.db, caller, organizationId), ORGANIZATION_MSG.notFound);
    },
  );

  app.delete(
    "/organizations/:organizationId",
    { onRequest: requireAccess("organizations", "delete"), schema: { tags, params, response: { 204: noContent } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { organizationId } = request.params;
      const current = await findOrganization(app.db, caller, organizationId);
      if (!current) throw notFound(ORGANIZATION_MSG.notFound);
      if (!(await mayEditOrganization(app.db, caller, organizationId))) throw forbidden();
      const members = await countMembers(app.db, organizationId);
      if (members > 0) throw conflict(ORGANIZATION_MSG.hasEmployees(members));
      const trainingCount = await countTrainings(app.db, organizationId);
      if (trainingCount > 0) throw conflict(ORGANIZATION_MSG.hasTrainings(trainingCount));
      try {
        if (!(await deleteOrganization(app.db, caller, organizationId))) throw notFound(ORGANIZATION_MSG.notFound);
      } catch (error) {
        // Any later table referencing organisations with ON DELETE RESTRICT.
        if (isForeignKeyViolation(error)) throw conflict(ORGANIZATION_MSG.stillReferenced);
        throw error;
      }
      return reply.status(204).send(null);
    },
  );
};
