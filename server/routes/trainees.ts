import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { agoraSearchSchema, TRAINEE_MSG, traineeSchema, traineeUpdateSchema } from "../../resources/trainees/schema";
import { callerOf, requireAccess } from "../auth/guard";
import { ApiError, conflict, notFound } from "../http/errors";
import { idParam, listQuery, listResponse } from "../http/lists";
import { isUniqueViolation, violatedConstraint } from "../repositories/pg-errors";
import { traineeHasRecords } from "../repositories/trainee-scope";
import {
  deleteTrainee,
  emailTaken,
  findTrainee,
  insertTrainee,
  listTrainees,
  traineeIdBySsn,
  updateTrainee,
} from "../repositories/trainees";

const params = idParam("traineeId");
const tags = ["stagiaires"];

const traineeListQuery = listQuery.extend({
  freeTrainees: z
    .enum(["true", "false"], { error: "freeTrainees doit valoir true ou false" })
    .optional()
    .transform((v) => v === "true"),
});

/** 409 for whichever uniqueness rule a write broke (checked first, the unique indexes settle races). */
function uniquenessConflict(error: unknown): ApiError | undefined {
  if (!isUniqueViolation(error)) return undefined;
  return conflict(violatedConstraint(error) === "trainees_ssn_unique" ? TRAINEE_MSG.ssnTaken : TRAINEE_MSG.emailTaken);
}

export const traineeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/trainees",
    { onRequest: requireAccess("trainees", "list"), schema: { tags, querystring: traineeListQuery } },
    async (request) => {
      const startedAt = performance.now();
      const { rows, total } = await listTrainees(app.db, callerOf(request), request.query);
      return listResponse(rows, request.query, total, startedAt);
    },
  );

  // Looking a person up only serves the creation wizard: the roles that may create trainees.
  app.get(
    "/trainees/agora",
    { onRequest: requireAccess("trainees", "create"), schema: { tags, querystring: agoraSearchSchema } },
    async (request) => {
      const { ssn, birthName } = request.query;
      let person;
      try {
        person = await app.agora.findPerson(ssn, birthName);
      } catch {
        throw new ApiError(502, TRAINEE_MSG.agoraUnavailable);
      }
      if (!person) throw notFound(TRAINEE_MSG.personNotMatched);
      const id = await traineeIdBySsn(app.db, person.ssn);
      return { data: { ...person, ...(id ? { id } : {}) } };
    },
  );

  app.get(
    "/trainees/:traineeId",
    { onRequest: requireAccess("trainees", "show"), schema: { tags, params } },
    async (request) => {
      const trainee = await findTrainee(app.db, callerOf(request), request.params.traineeId);
      if (!trainee) throw notFound(TRAINEE_MSG.notFound);
      return { data: trainee };
    },
  );

  app.post(
    "/trainees",
    { onRequest: requireAccess("trainees", "create"), schema: { tags, body: traineeSchema } },
    async (request, reply) => {
      const values = request.body;
      if (await traineeIdBySsn(app.db, values.ssn)) throw conflict(TRAINEE_MSG.ssnTaken);
      if (await emailTaken(app.db, values.email)) throw conflict(TRAINEE_MSG.emailTaken);
      // The wizard imports the person first; the server records whether the external system confirms the pair.
      const verified = await app.agora.findPerson(values.ssn, values.birthName).then(
        (person) => person?.ssn === values.ssn,
        () => false,
      );
      let id: string;
      try {
        id = await insertTrainee(app.db, values, verified);
      } catch (error) {
        throw uniquenessConflict(error) ?? error;
      }
      reply.status(201);
      return { data: await findTrainee(app.db, callerOf(request), id) };
    },
  );

  app.patch(
    "/trainees/:traineeId",
    { onRequest: requireAccess("trainees", "edit"), schema: { tags, params, body: traineeUpdateSchema } },
    async (request) => {
      const caller = callerOf(request);
      const { traineeId } = request.params;
      if (!(await findTrainee(app.db, caller, traineeId))) throw notFound(TRAINEE_MSG.notFound);
      if (await emailTaken(app.db, request.body.email, traineeId)) throw conflict(TRAINEE_MSG.emailTaken);
      try {
        await updateTrainee(app.db, traineeId, request.body);
      } catch (error) {
        throw uniquenessConflict(error) ?? error;
      }
      return { data: await findTrainee(app.db, caller, traineeId) };
    },
  );

  app.delete(
    "/trainees/:traineeId",
    { onRequest: requireAccess("trainees", "delete"), schema: { tags, params } },
    async (request, reply) => {
      const { traineeId } = request.params;
      if (!(await findTrainee(app.db, callerOf(request), traineeId))) throw notFound(TRAINEE_MSG.notFound);
      if (await traineeHasRecords(app.db, traineeId)) throw conflict(TRAINEE_MSG.hasRecords);
      await deleteTrainee(app.db, traineeId);
      return reply.status(204).send();
    },
  );
};
