import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_MSG, loginSchema, tokenAnswer } from "../../resources/auth/schema";
import { dataEnvelope } from "../../resources/common/wire";
import { MSG } from "../../resources/common/messages";
import { isRoleId } from "../../resources/permissions";
import { clockMs } from "../config";
import { createLoginThrottle, DEFAULT_LOGIN_THROTTLE } from "../auth/login-limiter";
import { decoyHash, verifyPassword } from "../auth/passwords";
import { signToken } from "../auth/tokens";
import { ApiError } from "../http/errors";
import { credentialsByEmail } from "../repositories/accounts";

export const TOO_MANY_ATTEMPTS = "Trop de tentatives, veuillez réessayer plus tard";

// Bounds the argon2 input; far above any real password.
const PASSWORD_MAX = 1024;

/**
 * Sign-in accepts any non-empty password: the strength rule belongs to the form and to new passwords,
 * and refusing a weak one here would answer differently from a wrong one.
 */
const loginBody = loginSchema.extend({
  password: z.string({ error: AUTH_MSG.passwordRequired }).min(1, AUTH_MSG.passwordRequired).max(PASSWORD_MAX, MSG.maxLength(PASSWORD_MAX)),
});

export const authSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = createLoginThrottle(
    app.db,
    { ...DEFAULT_LOGIN_THROTTLE, addressMaxFailures: app.config.loginRateLimit.max, windowMs: app.config.loginRateLimit.windowMs },
    clockMs(app.config),
  );

  app.post(
    "/auth-sessions",
    {
      schema: {
        tags: ["authentification"],
        summary: "Connexion : échange e-mail et mot de passe contre un jeton (12 h, 30 jours avec longTTL)",
        body: loginBody,
        response: { 201: dataEnvelope(tokenAnswer) },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const decision = await throttle.attempt(email, request.ip);
      if (!decision.allowed) {
        reply.header("retry-after", String(decision.retryAfterSeconds));
        throw new ApiError(429, TOO_MANY_ATTEMPTS);
      }

      const user = await credentialsByEmail(app.db, email);
      // Unknown e-mail or no password yet: verify against the decoy so the answer costs the same.
      const valid = await verifyPassword(user?.hash ?? (await decoyHash()), request.body.password);
      if (!user || !user.hash || !valid || !isRoleId(user.role)) throw new ApiError(403, AUTH_MSG.badCredentials);

      await throttle.succeeded(email, request.ip);
      const token = await signToken({ sub: user.id, role: user.role, ver: user.ver }, app.config.jwtSecret, request.body.longTTL);
      return reply.status(201).send({ data: { token } });
    },
  );
};
