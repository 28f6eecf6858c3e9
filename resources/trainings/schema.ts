/**
 * Trainings and their funders (spec part 2 §3, §5), one entry for the client and the server (pure TS: the server imports it).
 * Each concern lives in its own module; of the field-schema helpers, only the two this entry already exported are re-exported.
 */
export * from "./messages";
export * from "./enums";
export { amount, toNumberOrNull } from "./field-schemas";
export * from "./funders";
export * from "./form-schemas";
export * from "./api-answers";
export * from "./side-lock";
