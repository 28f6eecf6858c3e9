import type { ExitReason, RecordStatus, RejectionReason } from "../../../resources/records/enums";
import { recordInformationSchema, type RecordInformation, type RecordInformationInput } from "../../../resources/records/schema";

/**
 * What happened to each demo record, as steps asked of AGORA (the simulator answers them, so refusals are the ones it would
 * give): by where its session stands today and a variant. Some steps are mistakes AGORA refuses (145, 1029, 209) and that the
 * user then put right; trainees named after a fixture (REFUS, SANSDATE, DESYNCHRO) get that fixture's refusal and stay blocked.
 */

export type Phase = "future" | "current" | "past";

/** When a step happens: days after the record's creation, or after the session's start or end. */
export type StepTime = { after: "creation" | "start" | "end"; days: number };

export type Step =
  | { op: "status"; to: RecordStatus; reason?: RejectionReason; at: StepTime }
  | { op: "repush"; at: StepTime };

const status = (to: RecordStatus, after: StepTime["after"], days: number, reason?: RejectionReason): Step => ({
  op: "status",
  to,
  ...(reason ? { reason } : {}),
  at: { after, days },
});
const repush = (after: StepTime["after"], days: number): Step => ({ op: "repush", at: { after, days } });

const VALIDATE = status("VALIDATED", "creation", 3);
const START = status("START_OF_TRAINING", "start", 0);
const END = status("END_OF_TRAINING", "end", 1);

const STORIES: Record<Phase, Step[][]> = {
  // Sessions to come: records being set up, validated, a rejection, a validation sent twice (1029, blocking).
  future: [
    [],
    [VALIDATE],
    [VALIDATE],
    [status("REJECTED", "creation", 5, "FundingNotGranted")],
    [VALIDATE, status("VALIDATED", "creation", 4)],
  ],
  // Running sessions: most trainees in training; some records never entered (blocking), an abandonment, a refused early exit.
  current: [
    [VALIDATE, START],
    [VALIDATE, START],
    [VALIDATE, START, repush("start", 2)],
    [VALIDATE, START],
    [],
    [VALIDATE],
    [VALIDATE, START, status("TERMINATED_NOT_DONE", "start", 12)],
    [VALIDATE, status("END_OF_TRAINING", "creation", 4), START],
  ],
  // Past sessions: closed records, some not closed yet, one still in training (blocking), a rejection first sent without its reason.
  past: [
    [VALIDATE, START, END, status("TERMINATED_FULLY_DONE", "end", 8)],
    [VALIDATE, START, END, status("TERMINATED_FULLY_DONE", "end", 10), repush("end", 12)],
    [VALIDATE, START, END, status("TERMINATED_PARTIALLY_DONE", "end", 9)],
    [VALIDATE, START, END],
    [VALIDATE, START],
    [VALIDATE, START, status("TERMINATED_NOT_DONE", "start", 20)],
    [status("REJECTED", "creation", 4), status("REJECTED", "creation", 5, "IncompleteFile")],
    [status("TERMINATED_NOT_DONE", "creation", 6)],
  ],
};

/** The story of a trainee named after a fixture (AGORA_RECORD_FIXTURES.traineeLastNames), and the phase of session it needs. */
export const FIXTURE_STORIES: Record<string, { phase: Phase; steps: Step[] }> = {
  REFUS: { phase: "current", steps: [VALIDATE] },
  SANSDATE: { phase: "past", steps: [VALIDATE, START, END] },
  DESYNCHRO: { phase: "current", steps: [VALIDATE, START, repush("start", 3)] },
};

export const storyOf = (phase: Phase, variant: number): Step[] => STORIES[phase][variant % STORIES[phase].length]!;

/** The entry/exit form as a user filled it once the trainee entered training, through the form's own rules (hidden fields null). */
export function demoInformation(
  variant: number,
  healthcareSocial: boolean,
  dates: { realStartDate: string; realEndDate: string | null },
  exitReason: ExitReason | null,
): RecordInformation {
  const looking = variant % 3 !== 0;
  const employee = !looking && variant % 2 === 0;
  const input: RecordInformationInput = {
    ...dates,
    employmentObligation: variant % 7 === 0 ? "YES" : "NO",
    studyLevel: (["NO_DIPLOMA", "LEVEL_3", "LEVEL_4", "LEVEL_5", "LEVEL_6"] as const)[variant % 5]!,
    studyGrade: (["THIRD_GRADE", "UPPER_SECONDARY", "FINAL_YEAR", "HIGHER_EDUCATION"] as const)[variant % 4]!,
    professionalSituation: looking ? "Looking" : "Employed",
    jobStatus: looking ? (variant % 2 === 0 ? "RegisteredJobSeeker" : "UnregisteredJobSeeker") : employee ? "Employee" : "SelfEmployed",
    contractType: variant % 4 === 0 ? "CDI" : "CDD",
    professionalCategory: variant % 5 === 0 ? "Technician" : "Employee",
    employerCategory: variant % 4 === 0 ? "N" : "O",
    employerSiret: "41816609600069",
    codeUrssaf: "75011234567890",
    exitReason,
  };
  return recordInformationSchema(healthcareSocial).parse(input);
}

export const EXIT_REASON_OF: Partial<Record<RecordStatus, ExitReason>> = {
  TERMINATED_FULLY_DONE: "PlannedEndOfTrainingAction",
  TERMINATED_PARTIALLY_DONE: "ReturnToEmploymentBeforeEndOfTraining",
  TERMINATED_NOT_DONE: "HolderAbandonment",
};
