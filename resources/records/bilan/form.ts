/**
 * The internship review's values (spec part 2 §5 "Record internship"): the API's own schema (dates required, end on or after
 * start, texts of at most 1024 characters) and the version read, so that a change saved meanwhile is refused (409).
 */
import { z } from "zod";
import { recordInternshipFormValues, recordInternshipSchema, type RecordInternshipInput, type RecordPatchBodyInput, type TrainingRecord } from "../schema";

export interface RecordBilanValues {
  internship: RecordInternshipInput;
  version: number;
}

const bilanSchema = z.object({ internship: recordInternshipSchema, version: z.number().int() });
export type RecordBilanOutput = z.output<typeof bilanSchema>;
export const recordBilanSchema: z.ZodType<RecordBilanOutput, RecordBilanValues> = bilanSchema;

export const recordToBilanValues = (record: TrainingRecord): RecordBilanValues => ({
  internship: recordInternshipFormValues(record),
  version: record.version,
});

export const recordBilanBody = ({ internship, version }: RecordBilanOutput): RecordPatchBodyInput => ({ internship, version });
