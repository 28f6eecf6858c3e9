/**
 * A record's internship review (spec part 2 §5 "Record internship"; our route /records/{rid}/bilan): the form and the `internship`
 * of PATCH /api/records/{recordId}.
 */
import { z } from "zod";
import { endNotBeforeStart, requiredDateOnly } from "../common/date-only";
import { optionalText } from "../common/strings";

/** The review's texts in the form's order, with their French labels; each at most 1024 characters. */
export const INTERNSHIP_TEXT_FIELDS = {
  internshipCompanyName: "Nom de l'entreprise",
  internshipTutorAssessment: "Appréciation du tuteur",
  internshipTrainingResult: "Résultat de la formation",
  internshipProspects: "Perspectives",
} as const;
const INTERNSHIP_TEXT_MAX = 1024;

const text = () => optionalText(INTERNSHIP_TEXT_MAX, 0, { multiline: true }).transform((value) => value ?? null);

export const recordInternshipSchema = z
  .object({
    // Marked required in the interface (spec §5): asked on the API too, so a saved review always has its period.
    internshipStartDate: requiredDateOnly(),
    internshipEndDate: requiredDateOnly(),
    internshipCompanyName: text(),
    internshipTutorAssessment: text(),
    internshipTrainingResult: text(),
    internshipProspects: text(),
  })
  .refine((review) => review.internshipEndDate >= review.internshipStartDate, endNotBeforeStart("internshipStartDate", "internshipEndDate"));
export type RecordInternshipInput = z.input<typeof recordInternshipSchema>;
export type RecordInternship = z.output<typeof recordInternshipSchema>;

/** The form's starting values: the record's review, empty texts as "". */
export const recordInternshipFormValues = (record: { [K in keyof RecordInternship]: string | null }): RecordInternshipInput => ({
  internshipStartDate: record.internshipStartDate ?? "",
  internshipEndDate: record.internshipEndDate ?? "",
  internshipCompanyName: record.internshipCompanyName ?? "",
  internshipTutorAssessment: record.internshipTutorAssessment ?? "",
  internshipTrainingResult: record.internshipTrainingResult ?? "",
  internshipProspects: record.internshipProspects ?? "",
});
