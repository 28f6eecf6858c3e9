/** The survey's request bodies (spec part 2 §7 "Survey (FSE)") and the export's query. */
import { z } from "zod";
import { requiredDateOnly } from "../common/date-only";
import { enumValues } from "../common/enum";
import { exportFormat } from "../common/export";
import { MSG } from "../common/messages";
import { FSE_PERIODS } from "./enums";
import { fseAnswerFields, fseInformationFields } from "./information";
import { FSE_MSG } from "./messages";

/** recordId: required, exactly 32 characters (spec §5, §9). */
const recordId = z.string({ error: MSG.required }).min(1, MSG.required).length(32, MSG.exactLength(32));

/**
 * POST /api/recordFse: the record and the survey, its period inside `information`. The fields are checked here one by one;
 * the display rules (and the hidden fields' normalisation) are applied by the server with `fseInformationSchema`, so that a
 * 400 names every field at once under `body.information.*`.
 */
export const fseCreateBodySchema = z.object({ recordId, information: fseInformationFields });
export type FseCreateBodyInput = z.input<typeof fseCreateBodySchema>;

/**
 * PATCH /api/recordFse/{recordFseId}: the answers. A period may come along (the form holds one) but must be the survey's own:
 * the server refuses another (409), since moving a survey would break the order of the periods.
 */
export const fsePatchBodySchema = z.object({
  information: fseAnswerFields.extend({ period: z.enum(enumValues(FSE_PERIODS), { error: MSG.required }).optional() }),
  /** The survey's version as read: a save based on an older one is refused (409) rather than overwriting a change it did not see. */
  version: z.number().int().min(1).optional(),
});
export type FsePatchBodyInput = z.input<typeof fsePatchBodySchema>;

const optionalDay = z.preprocess((value) => (value === "" ? undefined : value), requiredDateOnly().optional());

/**
 * GET /api/recordFse/export: the period (absent: all), the surveys updated between two days (inclusive, days in France), the format.
 * The spec's offset and limit are not used: the export is the whole selection.
 */
export const fseExportQuerySchema = z
  .object({
    period: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(enumValues(FSE_PERIODS), { error: FSE_MSG.exportBadPeriod }).optional(),
    ),
    startDate: optionalDay,
    endDate: optionalDay,
    format: exportFormat,
  })
  .refine((query) => !query.startDate || !query.endDate || query.endDate >= query.startDate, {
    path: ["endDate"],
    message: FSE_MSG.exportEndBeforeStart,
  });
export type FseExportQuery = z.output<typeof fseExportQuerySchema>;
