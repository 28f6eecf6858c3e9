import type { AgoraClient } from "../types";
import { SIMULATED_PERSONS } from "./persons";
import { normalizeName, simulatedRecordCalls, type SimulatorOptions } from "./records";
import { SIMULATED_TRAININGS } from "./trainings";


/** Deterministic fixtures; answers like the real system would. */
export function createAgoraSimulator(options: SimulatorOptions = {}): AgoraClient {
  return {
    ...simulatedRecordCalls(options),
    async findPerson(ssn, birthName) {
      return SIMULATED_PERSONS.find((p) => p.ssn === ssn.trim() && normalizeName(p.birthName) === normalizeName(birthName)) ?? null;
    },
    async findTraining(number, actionNumber) {
      return (
        SIMULATED_TRAININGS.find((t) => normalizeName(t.number) === normalizeName(number) && normalizeName(t.actionNumber) === normalizeName(actionNumber)) ??
        null
      );
    },
  };
}
