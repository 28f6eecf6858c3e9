import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dataEnvelope, listEnvelope, noContent } from "../../resources/common/wire";
import { EXCHANGE_MSG } from "../../resources/records/exchanges";
import {
  agoraPersonAnswer,
  agoraSearchSchema,
  TRAINEE_MSG,
  traineeAnswer,
  traineeListItemAnswer,
  traineeSchema,
  traineeUpdateSchema,
} from "../../resources/trainees/schema";
import { callerOf, requireAccess, type Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { isCivilStatusName } from "../../resources/common/person-name";
import { ApiError, conflict, notFound, readBack } from "../http/errors";
import { idParam, listResponse } from "../http/lists";
import { traineeListQuery } from "../../resources/trainees/list-query";
import { isForeignKeyViolation, takenMessage, blockedByPendingCreation } from "../repositories/pg-errors";
import { recordsOfTrainee, refreshQualityFlags } from "../quality/record-flags";
import {
  deleteTrainee,
  findTrainee,
  insertTrainee,
  listTrainees,
  traineeIdByEmail,
  traineeIdBySsn,
  traineeInScope,
  updateTrainee,
} from "../repositories/trainees";

const params = idParam("traineeId");
const tags = ["stagiaires"];
const oneTrainee = dataEnvelope(traineeAnswer);

/** The trainee's id when the caller may see it: a trainee outside the scope is neither named nor pointed at. */
async function visibleTraineeId(db: Executor, caller: Caller, id: string | undefined): Promise<string | undefined> {
  return id && (await traineeInScope(db, caller, id)) ? id : undefined;
}

/**
 * 409 when another trainee holds the NIR or the e-mail: the spec's message when the caller may see that trainee, else a neutral
 * one. Checked first; a race is settled by the unique indexes and answered by the error handler's table (pg-errors.ts).
 */
async function assertFree(db: Executor, caller: Caller, holder: string | undefined, message: string) {
  if (holder) throw conflict(takenMessage((await visibleTraineeId(db, caller, holder)) !== undefined, message));
}

export const traineeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/trainees",
    { onRequest: requireAccess("trainees", "list"), schema: { tags, querystring: traineeListQuery, response: { 200: listEnvelope(traineeListItemAnswer) } } },
    async (request, reply) => {
      return listResponse(await listTrainees(app.db, callerOf(request), request.query), request.query, reply);
    },
  );

  // Looking a person up only serves the creation wizard: the roles that may create trainees.
  app.get(
    "/trainees/agora",
    { onRequest: requireAccess("trainees", "create"), schema: { tags, querystring: agoraSearchSchema, response: { 200: dataEnvelope(agoraPersonAnswer) } } },
    async (request) => {
      const { ssn, birthName } = request.query;
      let person;
      try {
        person = await app.agora.findPerson(ssn, birthName);
      } catch {
        throw new ApiError(502, TRAINEE_MSG.agoraUnavailable);
      }
      if (!person) throw notFound(TRAINEE_MSG.personNotMatched);
      // Names follow the civil-status alphabet (resources/common/person-name.ts): the import refuses what the form would.
      if (![person.firstName1, person.lastName, person.birthName].every(isCivilStatusName)) throw new ApiError(422, TRAINEE_MSG.agoraNameNotLatin);
      // A NIR is unique in the product: a holder outside the scope still stops the wizard (its save would be a 409), but is not pointed at.
      const holder = await traineeIdBySsn(app.db, person.ssn);
      const id = await visibleTraineeId(app.db, callerOf(request), holder);
      return { data: { ...person, exists: holder !== undefined, ...(id ? { id } : {}) } };
    },
  );

  app.get(
    "/trainees/:traineeId",
    { onRequest: requireAccess("trainees", "show"), schema: { tags, params, response: { 200: oneTrainee } } },
    async (request) => {
      const trainee = await findTrainee(app.db, callerOf(request), request.params.traineeId);
      if (!trainee) throw notFound(TRAINEE_MSG.notFound);
      return { data: trainee };
    },
  );

  app.post(
    "/trainees",
    { onRequest: requireAccess("trainees", "create"), schema: { tags, body: traineeSchema, response: { 201: oneTrainee } } },
    async (request, reply) => {
      const values = request.body;
      const caller = callerOf(request);
      await assertFree(app.db, caller, await traineeIdBySsn(app.db, values.ssn), TRAINEE_MSG.ssnTaken);
      await assertFree(app.db, caller, await traineeIdByEmail(app.db, values.email), TRAINEE_MSG.emailTaken);
      // The wizard imports the person first; the server records whether the external system confirms the pair.
      const verified = await app.agora.findPerson(values.ssn, values.birthName).then(
        (person) => person?.ssn === values.ssn,
        () => false,
      );
      const id = await insertTrainee(app.db, values, verified);
      reply.status(201);
      return readBack(findTrainee(app.db, caller, id), TRAINEE_MSG.notFound);
    },
  );

  app.patch(
    "/trainees/:traineeId",
    { onRequest: requireAccess("trainees", "edit"), schema: { tags, params, body: traineeUpdateSchema, response: { 200: oneTrainee } } },
    async (request) => {
      const caller = callerOf(request);
      const { traineeId } = request.params;
      if (!(await findTrainee(app.db, caller, traineeId))) throw notFound(TRAINEE_MSG.notFound);
      await assertFree(app.db, caller, await traineeIdByEmail(app.db, request.body.email, traineeId), TRAINEE_MSG.emailTaken);
      if (!(await updateTrainee(app.db, caller, traineeId, request.body))) throw notFound(TRAINEE_MSG.notFound);
      await refreshQualityFlags(app.db, recordsOfTrainee(traineeId));
      return readBack(findTrainee(app.db, caller, traineeId), TRAINEE_MSG.notFound);
    },
  );

  app.delete(
    "/trainees/:traineeId",
    { onRequest: requireAccess("trainees", "delete"), schema: { tags, params, response: { 204: noContent } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { traineeId } = request.params;
      let deleted: boolean;
      try {
        deleted = await deleteTrainee(app.db, caller, traineeId);
      } catch (error) {
        // Its record still references it (records.trainee_id is ON DELETE RESTRICT), or a creation of its record is under way
        // with AGORA (agora_exchanges.trainee_id, RESTRICT until settled): the database decides, race included.
        if (isForeignKeyViolation(error)) {
          throw conflict(blockedByPendingCreation(error, "trainee") ? EXCHANGE_MSG.traineeDeletePending : TRAINEE_MSG.hasRecords);
        }
        throw error;
      }
      if (!deleted) throw notFound(TRAINEE_MSG.notFound);
      return reply.status(204).send(null);
    },
  );
};
