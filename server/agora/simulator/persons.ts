import type { AgoraPerson } from "../types";

/** Persons the simulator knows (README lists them). Filled by the trainees issue. */
export const SIMULATED_PERSONS: AgoraPerson[] = [];
