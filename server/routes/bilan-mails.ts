import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BILAN_MAIL_MSG, bilanMailAnswer } from "../../resources/sessions/bilan-mails";
import { SESSION_MSG } from "../../resources/sessions/messages";
import { callerOf, requireAccess } from "../auth/guard";
import { conflict, notFound } from "../http/errors";
import { idParam } from "../http/lists";
import { bilanMails, resendBilanMail } from "../mail/bilan-mails";
import { authorOf } from "../repositories/author";
import { findSession } from "../repositories/sessions";

const params = idParam("sessionId");
const tags = ["sessions"];
const mailsAnswer = z.strictObject({ data: z.array(bilanMailAnswer) });

/**
 * The bilan mail of a session (server/mail/bilan-mails.ts): its deliveries with their state (Bilan tab), and « Renvoyer l'e-mail »
 * (admins and resp-cdc, on a session in their scope: 404 otherwise, like a missing one).
 */
export const bilanMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/sessions/:sessionId/bilan-mails",
    { onRequest: requireAccess("sessions", "show"), schema: { tags, summary: "Les envois de l'e-mail du bilan validé", params, response: { 200: mailsAnswer } } },
    async (request) => {
      const { sessionId } = request.params;
      if (!(await findSession(app.db, callerOf(request), sessionId))) throw notFound(SESSION_MSG.notFound);
      return { data: await bilanMails(app.db, sessionId) };
    },
  );

  app.post(
    "/sessions/:sessionId/bilan-mails",
    {
      onRequest: requireAccess("sessions", "resendBilanMail"),
      schema: { tags, summary: "Renvoie l'e-mail du bilan validé (le même message), enregistré avec qui l'a demandé", params, response: { 201: mailsAnswer } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { sessionId } = request.params;
      const outcome = await app.db.transaction(async (tx) => {
        const session = await findSession(tx, caller, sessionId);
        if (!session) throw notFound(SESSION_MSG.notFound);
        if (!session.result.validatedAssessment) throw conflict(BILAN_MAIL_MSG.notValidated);
        return resendBilanMail(app, tx, caller, sessionId, await authorOf(tx, caller));
      });
      if (outcome === "pending") throw conflict(BILAN_MAIL_MSG.alreadyPending);
      if (outcome === "none") throw conflict(BILAN_MAIL_MSG.noRecipient);
      reply.status(201);
      return { data: await bilanMails(app.db, sessionId) };
    },
  );
};
