import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  abandonExchangeBody,
  SUPERVISION_MSG,
  supervisionExchangeAnswer,
  supervisionExchangesAnswer,
  supervisionJobAnswer,
  supervisionJobsAnswer,
  supervisionJobsQuery,
} from "../../resources/supervision/schema";
import { callerOf, requireScreen } from "../auth/guard";
import { conflict, notFound } from "../http/errors";
import { idParam } from "../http/lists";
import { authorOf } from "../repositories/author";
import { abandonExchange, reconcileExchange, retryJob, supervisionExchanges, supervisionJobs } from "../repositories/supervision";

const tags = ["supervision"];
const guard = requireScreen("supervision");
const jobParams = idParam("jobId");
const exchangeParams = idParam("exchangeId");
const jobAnswer = z.strictObject({ data: supervisionJobAnswer });
const exchangeAnswer = z.strictObject({ data: supervisionExchangeAnswer });

/**
 * Supervision (docs/queue.md): the queue's jobs and the AGORA exchanges an operator settles, for sup-admins and admins (403 for
 * the others). Every action is recorded with who did it (supervision_actions; an abandon's reason also in the record's history).
 */
export const supervisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/supervision/jobs",
    {
      onRequest: guard,
      schema: { tags, summary: "Tâches de fond d'un état (toutes sauf les faites par défaut), et par file : en attente, en cours, en échec", querystring: supervisionJobsQuery, response: { 200: supervisionJobsAnswer } },
    },
    async (request) => {
      const { rows, total, queues } = await supervisionJobs(app.db, request.query);
      return { data: rows, metadata: { pagination: { offset: request.query.offset, limit: request.query.limit, totalCount: total }, queues } };
    },
  );

  app.post(
    "/supervision/jobs/:jobId/retry",
    { onRequest: guard, schema: { tags, summary: "« Relancer » une tâche en échec : un nouvel essai tout de suite, enregistré avec qui l'a demandé", params: jobParams, response: { 200: jobAnswer } } },
    async (request) => {
      const outcome = await retryJob(app.db, request.params.jobId, await authorOf(app.db, callerOf(request)));
      if (outcome === "missing") throw notFound(SUPERVISION_MSG.jobNotFound);
      if (outcome === "not-failed") throw conflict(SUPERVISION_MSG.jobNotFailed);
      return { data: outcome };
    },
  );

  app.get(
    "/supervision/exchanges",
    { onRequest: guard, schema: { tags, summary: "Échanges avec AGORA non réglés (avec leur âge) et créations en conflit qui bloquent", response: { 200: supervisionExchangesAnswer } } },
    async () => ({ data: await supervisionExchanges(app.db) }),
  );

  app.post(
    "/supervision/exchanges/:exchangeId/reconcile",
    {
      onRequest: guard,
      schema: { tags, summary: "« Demander à AGORA » : la reprise de l'échange tout de suite (AGORA est interrogé avant tout nouvel envoi)", params: exchangeParams, response: { 202: exchangeAnswer } },
    },
    async (request, reply) => {
      const outcome = await reconcileExchange(app.db, app.queue, request.params.exchangeId, await authorOf(app.db, callerOf(request)));
      if (outcome === "missing") throw notFound(SUPERVISION_MSG.exchangeNotFound);
      if (outcome === "settled") throw conflict(SUPERVISION_MSG.exchangeSettled);
      reply.status(202);
      return { data: outcome };
    },
  );

  app.post(
    "/supervision/exchanges/:exchangeId/abandon",
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "« Abandonner » un échange non réglé ou une création en conflit, avec une raison (gardée dans l'historique du dossier)",
        params: exchangeParams,
        body: abandonExchangeBody,
        response: { 200: exchangeAnswer },
      },
    },
    async (request) => {
      const outcome = await abandonExchange(app.db, request.params.exchangeId, await authorOf(app.db, callerOf(request)), request.body.reason);
      if (outcome === "missing") throw notFound(SUPERVISION_MSG.exchangeNotFound);
      if (outcome === "settled") throw conflict(SUPERVISION_MSG.exchangeSettled);
      return { data: outcome };
    },
  );
};
