import type { FastifyReply, onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MEDIA_MSG } from "../../resources/medias/schema";
import { SESSION_MSG } from "../../resources/sessions/messages";
import { mediaIdsOf, MONTH_KEY } from "../../resources/sessions/medias";
import { callerOf, requireAccess } from "../auth/guard";
import { verifyToken } from "../auth/tokens";
import { notFound } from "../http/errors";
import { idParam } from "../http/lists";
import { contentDisposition } from "../media/file-names";
import { findSession, traineesOnSheet } from "../repositories/sessions";
import { isMonthOfSession } from "../sessions/session-days";

/**
 * A session's PDF documents: its stored files (spec part 2 §7) and the monthly attendance sheets the server draws (issue 12).
 * Both answer 404 'La session n'existe pas' for a session out of the caller's scope, exactly as for one that does not exist.
 */

const tags = ["sessions"];

/**
 * A PDF answer, for the OpenAPI document: `content` is how @fastify/swagger reads a response's media type, so the error
 * answers (4xx, 5xx) of the same route stay JSON. The body is a stream or a buffer, which Fastify sends without serialising.
 */
const pdfAnswer = z.unknown().meta({
  description: "Le document PDF",
  content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
});

const attendanceSheetParams = idParam("sessionId").extend({ month: z.string().regex(MONTH_KEY, SESSION_MSG.monthFormat) });
const mediaParams = idParam("sessionId").extend({ mediaId: z.string().max(64) });

/** A safe ASCII name: the training number's letters, digits and dashes only ('F/2026 01' → 'F-2026-01'). */
const sheetFileName = (trainingNumber: string, month: string) =>
  `emargement-${trainingNumber.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 50) || "session"}-${month}.pdf`;

const sendPdf = (reply: FastifyReply, fileName: string, size: number) =>
  reply.type("application/pdf").header("content-disposition", contentDisposition(fileName)).header("content-length", size);

/**
 * The per-user limit of attendance sheets (server/sessions/sheet-renderer.ts), on the token's signed subject: a flood of sheet
 * requests is refused (429, Retry-After) for the price of a signature check. An invalid token is left to requireAccess (401).
 */
const admitSheet: onRequestAsyncHookHandler = async (request, reply) => {
  const header = request.headers.authorization;
  const claims = header?.startsWith("Bearer ") ? await verifyToken(header.slice(7).trim(), request.server.config.jwtSecret) : null;
  if (!claims) return;
  try {
    reply.raw.once("close", request.server.sheets.admit(claims.sub));
  } catch (error) {
    reply.header("retry-after", "1");
    throw error;
  }
};

export const sessionDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/sessions/:sessionId/attendance-sheets/:month",
    {
      // A few sheets per user at once (429 beyond), counted before any other work, the database's included.
      onRequest: [admitSheet, requireAccess("sessions", "show")],
      schema: {
        tags,
        summary: "Feuille d'émargement du mois (AAAA-MM) à imprimer et faire signer : PDF A4 paysage généré à la demande",
        params: attendanceSheetParams,
        response: { 200: pdfAnswer },
      },
    },
    async (request, reply) => {
      const { sessionId, month } = request.params;
      const caller = callerOf(request);
      const session = await findSession(app.db, caller, sessionId);
      if (!session) throw notFound(SESSION_MSG.notFound);
      const { startDate, endDate } = session.information;
      if (!isMonthOfSession(month, startDate, endDate)) throw notFound(SESSION_MSG.monthOutsideSession);
      const { information: training } = session.training;
      // Drawn in a worker thread, cached by what it prints.
      const pdf = await app.sheets.render({
        training: { number: training.number, name: training.name },
        session: { startDate, endDate },
        educationalOrganizationName: training.educationalOrganization.name,
        month,
        // The trainees attending that month (server/repositories/sessions.ts): none until records exist.
        trainees: await traineesOnSheet(app.db, sessionId, month),
        generatedAt: new Date(),
      });
      return sendPdf(reply, sheetFileName(training.number, month), pdf.byteLength).send(Buffer.from(pdf));
    },
  );

  app.get(
    "/sessions/:sessionId/medias/:mediaId",
    {
      onRequest: requireAccess("sessions", "show"),
      schema: { tags, summary: "Un document PDF enregistré de la session", params: mediaParams, response: { 200: pdfAnswer } },
    },
    async (request, reply) => {
      const { sessionId, mediaId } = request.params;
      const session = await findSession(app.db, callerOf(request), sessionId);
      if (!session) throw notFound(SESSION_MSG.notFound);
      // Only a file this session holds: a media id alone (another session's, a temporary upload) opens nothing.
      if (!mediaIdsOf(session.medias).includes(mediaId)) throw notFound(MEDIA_MSG.notFound);
      const media = await app.media.open(mediaId);
      return sendPdf(reply, media.fileName, media.size).send(media.stream);
    },
  );
};
