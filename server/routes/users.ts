import { createHash, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AUTH_MSG, resetPasswordBodySchema, resetRequestSchema } from "../../resources/auth/schema";
import { dataEnvelope, listEnvelope, noContent } from "../../resources/common/wire";
import { currentUserAnswer, roleAnswer } from "../../resources/employees/schema";
import { ROLE_IDS, roleRef } from "../../resources/permissions";
import { createResetLimiter } from "../auth/login-limiter";
import { clockMs } from "../config";
import { callerOf, requireLogin } from "../auth/guard";
import { hashPassword } from "../auth/passwords";
import { resetLinkIsValid, resetPasswordWithLink, resetRecipientByEmail, storeResetLink } from "../repositories/accounts";
import { employeeById } from "../repositories/employees";
import { badRequest, unauthorized } from "../http/errors";
import { listQuery, listResponse } from "../http/lists";
import { enqueueMail } from "../mail/queue";
import { RESET_LINK_MINUTES, resetPasswordMail } from "../mail/reset-password";
import { withoutAccents } from "../../resources/common/text";

/** Every reset request answers after at least this long, known e-mail or not. */
export const RESET_REQUEST_MIN_MS = 300;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const fold = (s: string) => withoutAccents(s).toLowerCase();

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Caps reset mails per address and per IP (mail bombing); over the budget the request is silently ignored.
  const resetLimiter = createResetLimiter(app.db, app.config.resetRateLimit ?? { max: 10, windowMs: 15 * 60_000 }, clockMs(app.config));

  app.get(
    "/users/me",
    {
      onRequest: requireLogin,
      schema: { tags: ["utilisateurs"], summary: "L'utilisateur connecté", response: { 200: dataEnvelope(currentUserAnswer) } },
    },
    async (request) => {
      const user = await employeeById(app.db, callerOf(request).id);
      if (!user) throw unauthorized();
      const { organizationIds: _ids, ...profile } = user;
      return { data: { ...profile, type: "EMPLOYEE" as const } };
    },
  );

  app.get(
    "/users/roles",
    {
      onRequest: requireLogin,
      schema: { tags: ["utilisateurs"], summary: "Les rôles et leur nom", querystring: listQuery, response: { 200: listEnvelope(roleAnswer) } },
    },
    async (request, reply) => {
      const query = request.query;
      const all = ROLE_IDS.map(roleRef).filter((r) => !query.search || fold(r.name).includes(fold(query.search)));
      return listResponse({ rows: all.slice(query.offset, query.offset + query.limit), total: all.length }, query, reply);
    },
  );

  app.post(
    "/users/reset-password",
    {
      schema: {
        tags: ["authentification"],
        summary: "Demande de réinitialisation : envoie un lien par e-mail si l'adresse est connue (réponse identique sinon)",
        body: resetRequestSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const startedAt = performance.now();
      const email = request.body.email.toLowerCase();
      const byIp = await resetLimiter.hit("ip", request.ip);
      const byEmail = await resetLimiter.hit("email", email);
      const user = await resetRecipientByEmail(app.db, email);
      if (user && byIp.allowed && byEmail.allowed) {
        const token = randomBytes(32).toString("base64url");
        const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000);
        const link = `${app.config.publicUrl}/?cta=resetPassword&t=${token}`;
        // The link and its mail together: a queued mail (never waited for here: the answer must not reveal the mail server).
        await app.db.transaction(async (tx) => {
          await storeResetLink(tx, user.id, hashToken(token), expiresAt);
          const message = resetPasswordMail(user.email, user.firstName, link);
          await enqueueMail(app, tx, { kind: "reset", message, expiresAt: expiresAt.toISOString(), secret: true });
        });
      } else if (user) {
        request.log.warn("Demande de réinitialisation ignorée : trop de demandes");
      }
      await sleep(Math.max(0, RESET_REQUEST_MIN_MS - (performance.now() - startedAt)));
      return reply.status(204).send(null);
    },
  );

  app.patch(
    "/users/reset-password",
    {
      schema: {
        tags: ["authentification"],
        summary: "Nouveau mot de passe à partir du lien reçu par e-mail (usage unique, 30 minutes)",
        body: resetPasswordBodySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const tokenHash = hashToken(request.body.token);
      const invalid = () => badRequest(AUTH_MSG.resetLinkInvalid, { fields: [{ path: "body.token", message: AUTH_MSG.resetLinkInvalid }] });
      // Cheap check first, so that made-up tokens never cost an argon2 hash.
      if (!(await resetLinkIsValid(app.db, tokenHash))) throw invalid();
      if (!(await resetPasswordWithLink(app.db, tokenHash, await hashPassword(request.body.password)))) throw invalid();
      return reply.status(204).send(null);
    },
  );
};
