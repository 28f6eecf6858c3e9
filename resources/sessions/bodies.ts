/** The sessions' request bodies (spec part 2 §7): POST /api/sessions and PATCH /api/sessions/{sessionId}. */
import { z } from "zod";
import { MSG } from "../common/messages";
import { sessionInformationSchema } from "./information";
import { sessionMediasSchema } from "./medias";
import { sessionResultSchema } from "./result";

/** POST /api/sessions: the training (chosen among those in the caller's scope) and the information. */
export const sessionCreateBodySchema = z.object({
  trainingId: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(64),
  information: sessionInformationSchema,
});
export type SessionCreateBodyInput = z.input<typeof sessionCreateBodySchema>;

/**
 * PATCH /api/sessions/{sessionId}: each part is optional and a missing part stays as it is. `result` may be resent unchanged
 * once validated (the edit page sends every tab); `medias` is the whole set of documents.
 */
export const sessionPatchBodySchema = z.object({
  information: sessionInformationSchema.optional(),
  result: sessionResultSchema.optional(),
  medias: sessionMediasSchema.optional(),
});
export type SessionPatchBodyInput = z.input<typeof sessionPatchBodySchema>;
export type SessionPatchBody = z.output<typeof sessionPatchBodySchema>;
