/** The data-quality gate's answers (resources/common/wire.ts): the SPA's types are these schemas' outputs. */
import { z } from "zod";
import { AGORA_SOURCES } from "../records/agora-errors";

/** GET /api/records/{recordId}/quality: one failing check of the record's next push ('Contrôles avant envoi à AGORA'). */
export const qualityCheckAnswer = z.strictObject({
  /** A blocking failure stops the push; a warning is shown and never blocks (a trainee is always saved). */
  level: z.enum(["blocking", "warning"]),
  /** Stable identifier of the rule, e.g. 'nir.sexGender'. */
  code: z.string(),
  /** The AGORA catalogue code the failure matches, so the 'Erreurs Agora' block shows its source's hint and link. */
  agoraCode: z.number().int(),
  message: z.string(),
  /** The entity to fix, as the AGORA catalogue names them. */
  source: z.enum(AGORA_SOURCES),
  /** The field to fix in that entity's form, e.g. 'ssn', 'address.zipCode', 'funders.0.siret'. */
  field: z.string(),
});

/** GET /api/communes?postalCode=: a commune of the postal code, spelled as INSEE spells it, for the address forms. */
export const communeAnswer = z.strictObject({ code: z.string(), name: z.string(), department: z.string() });
export type CommuneAnswer = z.output<typeof communeAnswer>;

export const QUALITY_MSG = {
  postalCodeFormat: "Le code postal doit comporter 5 chiffres",
} as const;
