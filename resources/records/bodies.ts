/**
 * The records' request bodies (spec part 2 §7): POST /api/records, PATCH /api/records/{recordId} (`information` or `internship`),
 * PATCH …/status and PATCH …/reengineering (status and `options.reason`, spec §4).
 */
import { z } from "zod";
import { enumValues } from "../common/enum";
import { MSG } from "../common/messages";
import { blankToNull } from "../trainings/field-schemas";
import { RECORD_STATUSES, REJECTION_REASONS, type RecordStatus } from "./enums";
import { recordInformationFields } from "./information";
import { recordInternshipSchema } from "./internship";
import { RECORD_MSG } from "./messages";
import { needsRejectionReason } from "./status-transitions";

const requiredId = () => z.string({ error: MSG.required }).trim().min(1, MSG.required).max(64);

/** POST /api/records: the trainee (one without a record) and the session, both chosen in the wizard. */
export const recordCreateBodySchema = z.object({ traineeId: requiredId(), sessionId: requiredId() });
export type RecordCreateBodyInput = z.input<typeof recordCreateBodySchema>;
export type RecordCreateBody = z.output<typeof recordCreateBodySchema>;

/** The record's version as read: a write based on an older one is refused (409) rather than overwriting a change it did not see. */
const version = z.number().int().min(1);

/**
 * PATCH /api/records/{recordId}: the entry/exit information or the internship review. `information` is checked here field by field;
 * the display rules that depend on the training (healthcare-social) are applied by the server with `recordInformationSchema`.
 */
export const recordPatchBodySchema = z
  .object({
    information: recordInformationFields.optional(),
    internship: recordInternshipSchema.optional(),
    version: version.optional(),
  })
  .refine((body) => body.information !== undefined || body.internship !== undefined, {
    path: ["information"],
    message: MSG.required,
  });
export type RecordPatchBodyInput = z.input<typeof recordPatchBodySchema>;
export type RecordPatchBody = z.output<typeof recordPatchBodySchema>;

const rejectionReason = z.preprocess(
  blankToNull,
  z.enum(enumValues(REJECTION_REASONS), { error: RECORD_MSG.reasonRequired }).nullable(),
);

const statusBody = (statuses: [RecordStatus, ...RecordStatus[]]) =>
  z
    .object({
      status: z.enum(statuses, { error: MSG.required }),
      options: z.object({ reason: rejectionReason.optional() }).optional(),
      version: version.optional(),
    })
    // 'Ce champs est obligatoire' (spec §5, verbatim): a rejection needs its reason.
    .refine((body) => !needsRejectionReason(body.status) || Boolean(body.options?.reason), {
      path: ["options", "reason"],
      message: RECORD_MSG.reasonRequired,
    });

/** PATCH /api/records/{recordId}/status: the target status; for REJECTED, the rejection reason in `options.reason`. */
export const recordStatusBodySchema = statusBody(
  enumValues(RECORD_STATUSES).filter((status) => status !== "SETUP") as [RecordStatus, ...RecordStatus[]],
);
export type RecordStatusBodyInput = z.input<typeof recordStatusBodySchema>;
export type RecordStatusBody = z.output<typeof recordStatusBodySchema>;

/**
 * PATCH /api/records/{recordId}/reengineering ('Mise à jour Agora'): re-sends the record in its current status, which the body
 * states (the server refuses one that is not the record's, 409: the page was stale); for REJECTED, the reason again.
 */
export const recordRepushBodySchema = statusBody(enumValues(RECORD_STATUSES));
export type RecordRepushBodyInput = z.input<typeof recordRepushBodySchema>;
export type RecordRepushBody = z.output<typeof recordRepushBodySchema>;
