/**
 * Training records (spec part 2 §3, §4, §5, §7, §8), one entry for the client and the server (pure TS: the server imports it).
 * Each concern lives in its own module.
 */
export * from "./messages";
export * from "./enums";
export * from "./status-transitions";
export * from "./agora-errors";
export * from "./information";
export * from "./internship";
export * from "./bodies";
export * from "./api-answers";
export * from "./exchanges";
