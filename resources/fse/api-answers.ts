/** The surveys as the API answers them (spec part 2 §3 "Record FSE"; resources/common/wire.ts). */
import { z } from "zod";
import { enumValues } from "../common/enum";
import { isoDate, isoTimestamp } from "../common/wire";
import { FSE_ALLOWANCE_KEYS, FSE_CURRENT_SITUATIONS, FSE_EMPLOYED_DETAILS, FSE_LEVELS, FSE_PERIODS, FSE_YES_NO_ANSWERS } from "./enums";

const period = z.enum(enumValues(FSE_PERIODS));
const allowances = Object.fromEntries(FSE_ALLOWANCE_KEYS.map((key) => [key, z.boolean()])) as Record<
  (typeof FSE_ALLOWANCE_KEYS)[number],
  z.ZodBoolean
>;

/** The stored answers, every key present (hidden ones null or false), and the period as in POST's body. */
export const fseInformationAnswer = z.strictObject({
  period,
  frenchNationality: z.boolean(),
  europeanNationality: z.boolean().nullable(),
  currentSituation: z.enum(enumValues(FSE_CURRENT_SITUATIONS)),
  employed: z.boolean(),
  employedDetail: z.enum(enumValues(FSE_EMPLOYED_DETAILS)).nullable(),
  inProfessionalTraining: z.boolean(),
  lookingForJob: z.boolean(),
  unemployedDate: isoDate.nullable(),
  registeredPoleEmploi: z.boolean(),
  poleEmploiDate: isoDate.nullable(),
  level: z.enum(enumValues(FSE_LEVELS)),
  handicap: z.boolean(),
  ...allowances,
  noAid: z.boolean(),
  homeless: z.enum(enumValues(FSE_YES_NO_ANSWERS)),
  parentBornInEurope: z.enum(enumValues(FSE_YES_NO_ANSWERS)),
});

/** One survey: POST's and PATCH's answer, an item of GET /api/recordFse/{recordId}. The period also at the top, as the entity. */
export const fseAnswer = z.strictObject({
  id: z.string(),
  recordId: z.string(),
  period,
  information: fseInformationAnswer,
  /** The version a save states (PATCH `version`): one based on an older one is refused (409). */
  version: z.number().int(),
  createdDate: isoTimestamp,
  updatedDate: isoTimestamp,
});
export type RecordFse = z.output<typeof fseAnswer>;
export type RecordFseInput = z.input<typeof fseAnswer>;
