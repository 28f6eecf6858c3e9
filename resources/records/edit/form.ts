/**
 * The entry/exit form's values (spec part 2 §2 "/records/{rid}/edit", §5 "Record entry"): the record's information, checked by
 * the API's own schema with its training's display rules, and the version read, so that a change saved meanwhile is refused
 * (409) rather than overwritten.
 */
import { z } from "zod";
import { recordInformationFormValues, recordInformationSchema, type RecordInformationInput, type RecordPatchBodyInput, type TrainingRecord } from "../schema";

export interface RecordEditValues {
  information: RecordInformationInput;
  version: number;
}

const editSchema = (healthcareSocial: boolean) => z.object({ information: recordInformationSchema(healthcareSocial), version: z.number().int() });
export type RecordEditOutput = z.output<ReturnType<typeof editSchema>>;

/** The schema of this record's training (healthcare-social or not decides what is asked). */
export const recordEditSchema = (record: TrainingRecord): z.ZodType<RecordEditOutput, RecordEditValues> =>
  editSchema(record.session.training.healthcareSocial);

/** The record's answers; empty real dates start at the session's dates (spec §2). */
export const recordToFormValues = (record: TrainingRecord): RecordEditValues => ({
  information: recordInformationFormValues(record, record.session),
  version: record.version,
});

export const recordEditBody = ({ information, version }: RecordEditOutput): RecordPatchBodyInput => ({ information, version });
