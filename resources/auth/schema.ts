import { z } from "zod";
import { AUTH_MSG, EMAIL_PATTERN, isStrongPassword } from "./rules";

// The messages and rules live in a zod-free module the login page can use alone; the rest of the app imports them from here.
export { AUTH_MSG, isStrongPassword } from "./rules";

const email = z.string({ error: AUTH_MSG.emailRequired }).trim().min(1, AUTH_MSG.emailRequired).pipe(z.email({ pattern: EMAIL_PATTERN, error: AUTH_MSG.emailInvalid }));
const strongPassword = z
  .string({ error: AUTH_MSG.passwordRequired })
  .min(1, { error: AUTH_MSG.passwordRequired, abort: true })
  .refine(isStrongPassword, AUTH_MSG.passwordWeak);

export const loginSchema = z.object({
  email,
  password: strongPassword,
  longTTL: z.boolean().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

export const resetRequestSchema = z.object({ email });

export const newPasswordSchema = z
  .object({
    password: strongPassword,
    confirmation: z.string({ error: AUTH_MSG.confirmationRequired }).min(1, { error: AUTH_MSG.confirmationRequired, abort: true }),
  })
  .refine((v) => v.password === v.confirmation, { path: ["confirmation"], message: AUTH_MSG.confirmationMismatch });

/** Body of PATCH /api/users/reset-password. */
export const resetPasswordBodySchema = z.object({
  password: strongPassword,
  token: z.string().min(1, "Le jeton est requis").max(200),
});

/** POST /api/auth-sessions: the session token (a JWT; design.md "Authentication"). */
export const tokenAnswer = z.strictObject({ token: z.string() });
