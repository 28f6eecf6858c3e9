/**
 * The FSE survey (spec part 2 §2 "Survey screen", §3 "Record FSE", §4 "Survey periods", §5 "Survey", §7), one entry for the
 * client and the server (pure TS: the server imports it). Each concern lives in its own module.
 */
export * from "./enums";
export * from "./messages";
export * from "./information";
export * from "./bodies";
export * from "./api-answers";
