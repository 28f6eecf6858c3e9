/** The data-quality gate's answers (resources/common/wire.ts): the SPA's types are these schemas' outputs. */
import { z } from "zod";
import { AGORA_SOURCES } from "../records/agora-errors";

/** GET /api/records/{recordId}/quality: one failing check of the record's next push ('Contrôles avant envoi à AGORA'). */
export const qualityCheckAnswer = z.strictObject({
  level: z.enum(["blocking", "warning"]),
  code: z.string(),
  agoraCode: z.number().int(),
  message: z.string(),
  source: z.enum(AGORA_SOURCES),
  field: z.string(),
});
export type QualityCheckAnswer = z.output<typeof qualityCheckAnswer>;

/** GET /api/communes?postalCode=: a commune of the postal code, spelled as INSEE spells it, for the address forms. */
export const communeAnswer = z.strictObject({ code: z.string(), name: z.string(), department: z.string() });
export type CommuneAnswer = z.output<typeof communeAnswer>;

export const QUALITY_MSG = {
  postalCodeFormat: "Le code postal doit comporter 5 chiffres",
} as const;
