// One file per table group; a new resource adds its line here.
export * from "./organizations";
export * from "./employees";
export * from "./password-resets";
export * from "./trainees";
export * from "./trainings";
export * from "./medias";
export * from "./sessions";
export * from "./records";
export * from "./record-events";
export * from "./record-fse";
export * from "./shared-state";
export * from "./jobs";
export * from "./agora-exchanges";
