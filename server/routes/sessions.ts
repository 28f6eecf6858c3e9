import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dataEnvelope, listEnvelope, noContent } from "../../resources/common/wire";
import {
  SESSION_MSG,
  sessionAnswer,
  sessionCreateBodySchema,
  sessionListItemAnswer,
  sessionPatchBodySchema,
} from "../../resources/sessions/schema";
import { callerOf, requireAccess, type Caller } from "../auth/guard";
import { dayInFrance } from "../calendar/calendar-dates";
import { conflict, notFound, readBack } from "../http/errors";
import { idParam, listResponse } from "../http/lists";
import { sessionListQuery } from "../../resources/sessions/list-query";
import { EXCHANGE_MSG } from "../../resources/records/exchanges";
import { enqueueBilanMail } from "../mail/bilan-mails";
import { isForeignKeyViolation, blockedByPendingCreation } from "../repositories/pg-errors";
import { patchSession } from "../repositories/session-patch";
import { recordsOfSession, refreshQualityFlags } from "../quality/record-flags";
import {
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

/**
 * Files are deleted once the change that dropped them is committed, before the answer: answered, the change is whole (a
 * removal left running after it was still deleting rows while the next request read them). A file left behind on a storage
 * failure is only disk space, never an error.
 */
async function removeMedias(app: FastifyInstance, log: FastifyBaseLogger, ids: string[]) {
  if (ids.length === 0) return;
  await app.media.remove(ids).catch((error: unknown) => log.error({ err: error }, "Échec de la suppression des fichiers d'une session"));
}

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/sessions",
    {
      onRequest: requireAccess("sessions", "list"),
      schema: { tags, querystring: sessionListQuery, response: { 200: listEnvelope(sessionListItemAnswer) } },
    },
    async (request, reply) => {
      const today = dayInFrance(app.config.clock?.() ?? new Date());
      return listResponse(await listSessions(app.db, callerOf(request), request.query, today), request.query, reply);
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
      // Validating the bilan queues the funder's mail in the same transaction (server/mail/bilan-mails.ts).
      const outcome = await patchSession(app.db, app.media, caller, sessionId, request.body, (tx) => enqueueBilanMail(app, tx, caller, sessionId));
      if (!outcome) throw notFound(SESSION_MSG.notFound);
      await removeMedias(app, request.log, outcome.removedMediaIds);
      // Its records' verdicts move with what the checks read of a session, its dates; a save that keeps them re-checks nothing.
      if (outcome.datesChanged) await refreshQualityFlags(app.db, recordsOfSession(sessionId));
      return answerSession(app, caller, sessionId);
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
        // Records still reference it (records.session_id is ON DELETE RESTRICT), or a record's creation is under way with AGORA
        // (agora_exchanges.session_id, RESTRICT until settled): the database decides, race included.
        if (isForeignKeyViolation(error)) {
          throw conflict(blockedByPendingCreation(error, "session") ? EXCHANGE_MSG.sessionDeletePending : SESSION_MSG.deleteConflict);
        }
        throw error;
      }
      // Missing, or outside the caller's scope: only a session the caller may change is deleted (and then checked for records).
      if (!removed) throw notFound(SESSION_MSG.notFound);
      await removeMedias(app, request.log, removed);
      return reply.status(204).send(null);
    },
  );
};
