/**
 * The data-quality gate (issue 15): checks that catch what AGORA would reject, before anything is sent. Pure, shared by the forms
 * (inline warnings) and the server (the gate before a push, the record's 'Contrôles avant envoi à AGORA').
 */
import type { z } from "zod";
import type { qualityCheckAnswer } from "./answers";

/** One failing check, as GET /api/records/{recordId}/quality answers it (resources/quality/answers.ts). */
export type QualityCheck = z.output<typeof qualityCheckAnswer>;

export const blocking = (check: Omit<QualityCheck, "level">): QualityCheck => ({ level: "blocking", ...check });
export const warning = (check: Omit<QualityCheck, "level">): QualityCheck => ({ level: "warning", ...check });

export const blockingChecks = (checks: readonly QualityCheck[]): QualityCheck[] => checks.filter((c) => c.level === "blocking");
