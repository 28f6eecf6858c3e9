import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dataEnvelope, listEnvelope, noContent } from "../../resources/common/wire";
import {
  SESSION_MSG,
  sessionAnswer,
  sessionCreateBodySchema,
  sessionListItemAnswer,
  sessionPatchBodySchema,
  type SessionAnswerInput,
} from "../../resources/sessions/schema";
import { callerOf, requireAccess, type Caller } from "../auth/guard";
import { conflict, notFound, readBack } from "../http/errors";
import { idParam, listQuery, listResponse } from "../http/lists";
import { bilanValidatedMail } from "../mail/bilan-validated";
import { isForeignKeyViolation } from "../repositories/pg-errors";
import { patchSession } from "../repositories/session-patch";
import { recordsOfSession, refreshQualityFlags } from "../quality/record-flags";
import {
  bilanRecipients,
  deleteSession,
  findSession,
  insertSession,
  listSessions,
  trainingIdForNewSession,
} from "../repositories/sessions";

const params = idParam("sessionId");
const tags = ["sessions"];
const oneSession = dataEnvelope(sessionAnswer);

/** The answer of a creation or change: the session read back (404 if it left the caller's scope meanwhile). */
const answerSession = (app: FastifyInstance, caller: Caller, id: string) => readBack(findSession(app.db, caller, id), SESSION_MSG.notFound);

/** Files are deleted once the change that dropped them is committed; a file left behind is only disk space, never an error. */
function removeMedias(app: FastifyInstance, log: FastifyBaseLogger, ids: string[]) {
  if (ids.length === 0) return;
  app.media.remove(ids).catch((error: unknown) => log.error({ err: error }, "Échec de la suppression des fichiers d'une session"));
}

/**
 * Tells the funding authority (design.md "Media"). The recipients are read before the answer, so that the mail is handed over
 * by then; its delivery is not awaited (the answer must not wait on the mail server). The validation is committed already:
 * a failure here is logged, never answered.
 */
async function mailValidatedBilan(app: FastifyInstance, log: FastifyBaseLogger, session: SessionAnswerInput) {
  const failed = (error: unknown) => log.error({ err: error, sessionId: session.id }, "Échec de l'envoi du mail de bilan validé");
  try {
    const recipients = await bilanRecipients(app.db, session.training.information.contractingOrganization.id);
    if (recipients.length === 0) {
      log.warn({ sessionId: session.id }, "Bilan validé : l'organisme contractant n'a ni e-mail ni responsable CDC à prévenir");
      return;
    }
    const link = `${app.config.publicUrl}/sessions/${session.id}`;
    app.mailer.send(bilanValidatedMail(recipients, session, link)).catch(failed);
  } catch (error) {
    failed(error);
  }
}

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onClose", () => app.mailer.flush());

  app.get(
    "/sessions",
    {
      onRequest: requireAccess("sessions", "list"),
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(sessionListItemAnswer) } },
    },
    async (request) => {
      const startedAt = performance.now();
      return listResponse(await listSessions(app.db, callerOf(request), request.query), request.query, startedAt);
    },
  );

  app.get(
    "/sessions/:sessionId",
    { onRequest: requireAccess("sessions", "show"), schema: { tags, params, response: { 200: oneSession } } },
    async (request) => answerSession(app, callerOf(request), request.params.sessionId),
  );

  app.post(
    "/sessions",
    {
      onRequest: requireAccess("sessions", "create"),
      schema: { tags, body: sessionCreateBodySchema, response: { 201: oneSession } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      // A training outside the caller's scope is answered like a missing one (design.md: no disclosure).
      const trainingId = await trainingIdForNewSession(app.db, caller, request.body.trainingId);
      if (!trainingId) throw notFound(SESSION_MSG.trainingNotFound);
      const id = await insertSession(app.db, trainingId, request.body.information);
      reply.status(201);
      return answerSession(app, caller, id);
    },
  );

  app.patch(
    "/sessions/:sessionId",
    {
      onRequest: requireAccess("sessions", "edit"),
      schema: { tags, params, body: sessionPatchBodySchema, response: { 200: oneSession } },
    },
    async (request) => {
      const caller = callerOf(request);
      const { sessionId } = request.params;
      const outcome = await patchSession(app.db, app.media, caller, sessionId, request.body);
      if (!outcome) throw notFound(SESSION_MSG.notFound);
      removeMedias(app, request.log, outcome.removedMediaIds);
      await refreshQualityFlags(app.db, recordsOfSession(sessionId));
      const answer = await answerSession(app, caller, sessionId);
      if (outcome.validatedNow) await mailValidatedBilan(app, request.log, answer.data);
      return answer;
    },
  );

  app.delete(
    "/sessions/:sessionId",
    { onRequest: requireAccess("sessions", "delete"), schema: { tags, params, response: { 204: noContent } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { sessionId } = request.params;
      let removed: string[] | undefined;
      try {
        removed = await deleteSession(app.db, caller, sessionId);
      } catch (error) {
        // Records still reference it (records.session_id is ON DELETE RESTRICT): the database decides, race included.
        if (isForeignKeyViolation(error)) throw conflict(SESSION_MSG.deleteConflict);
        throw error;
      }
      // Missing, or outside the caller's scope: only a session the caller may change is deleted (and then checked for records).
      if (!removed) throw notFound(SESSION_MSG.notFound);
      removeMedias(app, request.log, removed);
      return reply.status(204).send(null);
    },
  );
};
