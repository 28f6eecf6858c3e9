/** A session's bilan (spec part 2 §3, §5): fourteen texts and the level, and whether it is validated (then locked). */
import { z } from "zod";
import { enumValues } from "../common/enum";
import { optionalText } from "../common/strings";
import { optionalEnum } from "../trainings/field-schemas";
import { RESULT_LEVELS, RESULT_TEXT_FIELDS, type ResultTextField } from "./enums";

const resultTextSchemas = Object.fromEntries(
  Object.entries(RESULT_TEXT_FIELDS).map(([field, { max }]) => [field, optionalText(max, 0, { multiline: true })]),
) as Record<ResultTextField, ReturnType<typeof optionalText>>;

/** What the bilan says, without its validation state: stored as is, compared to refuse changes once validated. */
export const sessionResultContentSchema = z.object({
  ...resultTextSchemas,
  level: optionalEnum(enumValues(RESULT_LEVELS)),
});
export type SessionResultContent = { [K in ResultTextField]: string | null } & { level: z.output<typeof sessionResultContentSchema>["level"] };

/** The Bilan tab and the PATCH body's `result`: `validatedAssessment` true validates it (irreversible). */
export const sessionResultSchema = sessionResultContentSchema.extend({ validatedAssessment: z.boolean().default(false) });
export type SessionResultInput = z.input<typeof sessionResultSchema>;

/** The bilan's content with every field present (missing or blank → null), so that two bilans compare field by field. */
export function normalizedResult(content: Partial<Record<keyof SessionResultContent, string | null | undefined>>): SessionResultContent {
  const texts = Object.fromEntries(Object.keys(RESULT_TEXT_FIELDS).map((field) => [field, content[field as ResultTextField] ?? null]));
  return { ...(texts as Record<ResultTextField, string | null>), level: (content.level ?? null) as SessionResultContent["level"] };
}

export const sameResultContent = (a: SessionResultContent, b: SessionResultContent) =>
  (Object.keys(a) as (keyof SessionResultContent)[]).every((key) => a[key] === b[key]);

/** An empty bilan, for a new session and the Bilan tab's first values. */
export const emptyResult = (): SessionResultContent => normalizedResult({});
