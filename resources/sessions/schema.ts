/**
 * Sessions (spec part 2 §3, §5, §7), one entry for the client and the server (pure TS: the server imports it).
 * Each concern lives in its own module.
 */
export * from "./messages";
export * from "./enums";
export * from "./information";
export * from "./result";
export * from "./medias";
export * from "./bodies";
export * from "./api-answers";
