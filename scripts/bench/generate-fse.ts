/**
 * Bench FSE surveys (issue 14): for a record, its entry survey, then the exit one and the six-month one for part of them (the
 * periods' order holds), each with answers that follow the survey's display rules (hidden answers null or false), so that
 * what the export reads is what the API would have stored. Changed a few days after the record's last change, spread over time.
 */
import type { RecordStatus } from "../../resources/common/record-statuses";
import { FSE_ALLOWANCE_KEYS, FSE_PERIOD_ORDER, type FseAnswers, type FsePeriod } from "../../resources/fse/schema";
import { DAY, type Row } from "./generate";
import { uuidV7At } from "./identifiers";
import { intBetween, pick, type Random } from "./random";

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** One survey's answers, drawn at random within the display rules. */
export function fseAnswersRow(random: Random, changedAt: number): FseAnswers {
  const frenchNationality = random() < 0.85;
  const employed = random() < 0.35;
  const lookingForJob = !employed && random() < 0.7;
  const registeredPoleEmploi = random() < 0.6;
  const noAid = random() < 0.55;
  const allowances = Object.fromEntries(FSE_ALLOWANCE_KEYS.map((key) => [key, !noAid && random() < 0.15])) as Record<(typeof FSE_ALLOWANCE_KEYS)[number], boolean>;
  return {
    frenchNationality,
    europeanNationality: frenchNationality ? null : random() < 0.4,
    currentSituation: pick(random, ["IN_SCHOOL", "MINOR", "RETIREMENT", "OTHER", "OTHER", "OTHER"] as const),
    employed,
    employedDetail: employed ? pick(random, ["SELF_EMPLOYED", "PERMANENT", "TEMPORARY", "WORK_STUDY", "ANOTHER"] as const) : null,
    inProfessionalTraining: !employed && random() < 0.3,
    lookingForJob,
    unemployedDate: lookingForJob ? day(changedAt - intBetween(random, 10, 700) * DAY) : null,
    registeredPoleEmploi,
    poleEmploiDate: registeredPoleEmploi && random() < 0.8 ? day(changedAt - intBetween(random, 10, 900) * DAY) : null,
    level: pick(random, ["CITE_0", "CITE_1_2", "CITE_3_4", "CITE_3_4", "CITE_5_8"] as const),
    handicap: random() < 0.08,
    ...allowances,
    noAid,
    homeless: pick(random, ["NO", "NO", "NO", "NO", "YES", "NO_ANSWER"] as const),
    parentBornInEurope: pick(random, ["NO", "NO", "YES", "NO_ANSWER"] as const),
  };
}

/**
 * How many surveys (periods, in order) a bench record on an FSE training has, by its status: the entry one for most records
 * that entered training, the exit one too for those that left it, the six-month one for some closed ones; none before entry.
 */
export function fsePeriodCount(random: Random, status: RecordStatus): number {
  if (status === "START_OF_TRAINING" || status === "TERMINATED_NOT_DONE") return random() < 0.85 ? 1 : 0;
  if (status === "END_OF_TRAINING") return random() < 0.8 ? 2 : 1;
  if (status === "TERMINATED_FULLY_DONE" || status === "TERMINATED_PARTIALLY_DONE") return random() < 0.3 ? 3 : 2;
  return 0;
}

/** The record's surveys: `periods` of them (1 to 3), in order, each some weeks after the previous one. */
export function fseSurveyRows(random: Random, recordId: string, recordUpdatedAt: number, periods: number, now: number): Row[] {
  let changed = recordUpdatedAt;
  return FSE_PERIOD_ORDER.slice(0, periods).map((period: FsePeriod, index) => {
    changed = Math.min(now - 60_000, changed + intBetween(random, index === 2 ? 150 : 1, index === 2 ? 200 : 90) * DAY);
    return {
      id: uuidV7At(changed, random),
      record_id: recordId,
      period,
      information: JSON.stringify(fseAnswersRow(random, changed)),
      created_at: new Date(changed).toISOString(),
      updated_at: new Date(Math.min(now - 60_000, changed + intBetween(random, 0, 3) * DAY)).toISOString(),
    };
  });
}
