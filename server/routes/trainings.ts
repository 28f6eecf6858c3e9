import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope, listEnvelope, noContent } from "../../resources/common/wire";
import {
  TRAINING_MSG,
  trainingAnswer,
  trainingListItemAnswer,
  trainingBodySchema,
  trainingImportAnswer,
  trainingSideLockedFor,
  type TrainingRow,
  type TrainingBody,
  type TrainingImportResult,
} from "../../resources/trainings/schema";
import type { AgoraTraining } from "../agora/types";
import { callerOf, requireAccess, type Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { ApiError, badRequest, conflict, notFound, readBack } from "../http/errors";
import { idParam, listResponse } from "../http/lists";
import { trainingListQuery } from "../../resources/trainings/list-query";
import { isForeignKeyViolation, takenMessage } from "../repositories/pg-errors";
import {
  countSessionsOf,
  deleteTraining,
  existingOrganizationIds,
  findOrganizationIdBySiret,
  findTraining,
  findTrainingIdByNumbers,
  insertTraining,
  listTrainings,
  lockTraining,
  trainingValues,
  updateTraining,
  type TrainingValues,
} from "../repositories/trainings";
import { trainingValuesInScope } from "../scope/row-scope";
import { recordsOfTraining, refreshQualityFlags } from "../quality/record-flags";

const params = idParam("trainingId");
const tags = ["formations"];
const oneTraining = dataEnvelope(trainingAnswer);

/** "{number}-{actionNumber}": the action number follows the last hyphen, so a number may itself hold hyphens. */
function splitReference(reference: string) {
  const cut = reference.lastIndexOf("-");
  return cut < 0 ? null : { number: reference.slice(0, cut).trim(), actionNumber: reference.slice(cut + 1).trim() };
}

const agoraParams = z.object({
  reference: z
    .string()
    .max(120)
    .refine((reference) => {
      const parts = splitReference(reference);
      return Boolean(parts?.number && parts.actionNumber);
    }, "Le numéro de formation et le numéro d'action sont obligatoires"),
});

/** 400 with the form's field path when an organisation id matches no organisation (never a 500 from the foreign key). */
async function assertOrganizationsExist(db: Executor, values: TrainingValues) {
  const ids = [values.educationalOrganizationId, values.contractingOrganizationId];
  const found = await existingOrganizationIds(db, ids);
  const fields = (["educationalOrganizationId", "contractingOrganizationId"] as const)
    .filter((key) => !found.has(values[key]))
    .map((key) => ({ path: `body.information.${key}`, message: TRAINING_MSG.unknownOrganization }));
  if (fields.length) throw badRequest(TRAINING_MSG.unknownOrganization, { fields });
}

/** What a caller writes must stay within what they may see. */
function assertWritableScope(caller: Caller, values: TrainingValues) {
  if (!trainingValuesInScope(caller, values)) throw new ApiError(403, TRAINING_MSG.outOfScope);
}

/** Each side of a training belongs to its roles: a caller may not move the organisation of the other side (403). */
function assertOwnSide(caller: Caller, current: TrainingRow, values: TrainingValues) {
  const locked = trainingSideLockedFor(caller.role);
  if (locked === "contractingOrganization" && values.contractingOrganizationId !== current.information.contractingOrganization.id) {
    throw new ApiError(403, TRAINING_MSG.contractingLocked);
  }
  if (locked === "educationalOrganization" && values.educationalOrganizationId !== current.information.educationalOrganization.id) {
    throw new ApiError(403, TRAINING_MSG.educationalLocked);
  }
}

/**
 * 409 when another training holds the number and action number: the spec's message when the caller may see it, else a neutral
 * one that says neither where nor whose (design.md: no disclosure outside the scope).
 */
async function assertNumbersFree(db: Executor, caller: Caller, values: TrainingValues, selfId?: string) {
  const holder = await findTrainingIdByNumbers(db, values.number, values.actionNumber);
  if (!holder || holder === selfId) return;
  throw conflict(takenMessage((await findTraining(db, caller, holder)) !== undefined, TRAINING_MSG.duplicate));
}

/** Uniqueness (number and action number, a funder listed twice) is answered by the error handler's table (pg-errors.ts). */
async function save<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // An organisation deleted between the check and the write.
    if (isForeignKeyViolation(error)) throw badRequest(TRAINING_MSG.unknownOrganization);
    throw error;
  }
}

async function importedOrganization(db: Executor, org: AgoraTraining["educationalOrganization"]) {
  const id = await findOrganizationIdBySiret(db, org.siret);
  return { ...(id ? { id } : {}), name: org.name, siret: org.siret, address: org.address };
}

export const trainingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/trainings",
    { onRequest: requireAccess("trainings", "list"), schema: { tags, querystring: trainingListQuery, response: { 200: listEnvelope(trainingListItemAnswer) } } },
    async (request, reply) => {
      return listResponse(await listTrainings(app.db, callerOf(request), request.query), request.query, reply);
    },
  );

  app.get(
    "/trainings/agora/:reference",
    { onRequest: requireAccess("trainings", "create"), schema: { tags, params: agoraParams, response: { 200: dataEnvelope(trainingImportAnswer) } } },
    async (request) => {
      // Validated by agoraParams: both parts are present.
      const { number, actionNumber } = splitReference(request.params.reference)!;
      let found: AgoraTraining | null;
      try {
        found = await app.agora.findTraining(number, actionNumber);
      } catch (error) {
        request.log.warn({ err: error }, "AGORA: training lookup failed");
        throw new ApiError(502, TRAINING_MSG.agoraUnavailable);
      }
      if (!found) throw notFound(TRAINING_MSG.importNotFound);
      const [existing, educationalOrganization, contractingOrganization] = await Promise.all([
        findTrainingIdByNumbers(app.db, found.number, found.actionNumber),
        importedOrganization(app.db, found.educationalOrganization),
        importedOrganization(app.db, found.contractingOrganization),
      ]);
      // The id only when the caller may see that training: never a foreign organisation's row id.
      const id = existing && (await findTraining(app.db, callerOf(request), existing)) ? existing : undefined;
      const data: TrainingImportResult = {
        ...(id ? { id } : {}),
        information: {
          name: found.name,
          number: found.number,
          actionNumber: found.actionNumber,
          address: found.address,
          educationalOrganization,
          contractingOrganization,
        },
      };
      return { data };
    },
  );

  app.get(
    "/trainings/:trainingId",
    { onRequest: requireAccess("trainings", "show"), schema: { tags, params, response: { 200: oneTraining } } },
    async (request) => {
      const training = await findTraining(app.db, callerOf(request), request.params.trainingId);
      if (!training) throw notFound(TRAINING_MSG.notFound);
      return { data: training };
    },
  );

  app.post(
    "/trainings",
    { onRequest: requireAccess("trainings", "create"), schema: { tags, body: trainingBodySchema, response: { 201: oneTraining } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body: TrainingBody = request.body;
      const values = trainingValues(body);
      await assertOrganizationsExist(app.db, values);
      assertWritableScope(caller, values);
      await assertNumbersFree(app.db, caller, values);
      const id = await save(() => insertTraining(app.db, values, body));
      reply.status(201);
      return readBack(findTraining(app.db, caller, id), TRAINING_MSG.notFound);
    },
  );

  app.patch(
    "/trainings/:trainingId",
    { onRequest: requireAccess("trainings", "edit"), schema: { tags, params, body: trainingBodySchema, response: { 200: oneTraining } } },
    async (request) => {
      const caller = callerOf(request);
      const { trainingId } = request.params;
      const body: TrainingBody = request.body;
      const values = trainingValues(body);
      // Read, checked and written in one transaction, the row locked first: a change made meanwhile is seen by the checks.
      await app.db.transaction(async (tx) => {
        const current = await lockTraining(tx, caller, trainingId);
        if (!current) throw notFound(TRAINING_MSG.notFound);
        assertOwnSide(caller, current, values);
        await assertOrganizationsExist(tx, values);
        assertWritableScope(caller, values);
        await assertNumbersFree(tx, caller, values, trainingId);
        if (!(await save(() => updateTraining(tx, caller, trainingId, values, body)))) throw notFound(TRAINING_MSG.notFound);
      });
      await refreshQualityFlags(app.db, recordsOfTraining(trainingId));
      return readBack(findTraining(app.db, caller, trainingId), TRAINING_MSG.notFound);
    },
  );

  app.delete(
    "/trainings/:trainingId",
    { onRequest: requireAccess("trainings", "delete"), schema: { tags, params, response: { 204: noContent } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { trainingId } = request.params;
      if (!(await findTraining(app.db, caller, trainingId))) throw notFound(TRAINING_MSG.notFound);
      if ((await countSessionsOf(app.db, trainingId)) > 0) throw conflict(TRAINING_MSG.deleteConflict);
      try {
        if (!(await deleteTraining(app.db, caller, trainingId))) throw notFound(TRAINING_MSG.notFound);
      } catch (error) {
        // A session created between the count and the delete (sessions reference trainings with ON DELETE RESTRICT).
        if (isForeignKeyViolation(error)) throw conflict(TRAINING_MSG.deleteConflict);
        throw error;
      }
      return reply.status(204).send(null);
    },
  );
};
