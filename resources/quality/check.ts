/**
 * The data-quality gate (issue 15): checks that catch what AGORA would reject, before anything is sent. Pure, shared by the forms
 * (inline warnings) and the server (the gate before a push, the record's 'Contrôles avant envoi à AGORA').
 */
import type { AgoraSource } from "../records/agora-errors";

/** A blocking failure stops the push; a warning is shown and never blocks (a trainee is always saved). */
export type QualityLevel = "blocking" | "warning";

export interface QualityCheck {
  level: QualityLevel;
  /** Stable identifier of the rule, e.g. 'nir.sexGender'. */
  code: string;
  /** The AGORA catalogue code the failure matches, so the 'Erreurs Agora' block shows its source's hint and link. */
  agoraCode: number;
  message: string;
  /** The entity to fix, as the AGORA catalogue names them. */
  source: AgoraSource;
  /** The field to fix in that entity's form, e.g. 'ssn', 'address.zipCode', 'funders.0.siret'. */
  field: string;
}

export const blocking = (check: Omit<QualityCheck, "level">): QualityCheck => ({ level: "blocking", ...check });
export const warning = (check: Omit<QualityCheck, "level">): QualityCheck => ({ level: "warning", ...check });

export const blockingChecks = (checks: readonly QualityCheck[]): QualityCheck[] => checks.filter((c) => c.level === "blocking");
