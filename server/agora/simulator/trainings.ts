import type { AgoraTraining } from "../types";

/** Trainings the simulator knows (README lists them). Filled by the trainings issue. */
export const SIMULATED_TRAININGS: AgoraTraining[] = [];
