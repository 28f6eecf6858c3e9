import type { Executor } from "../../db/connection";
import type { AgoraClient } from "../types";
import { SIMULATED_PERSONS } from "./persons";
import { normalizeName, simulatedRecordCalls, type SimulatorOptions } from "./records";
import { simulatorStore } from "./store";
import { SIMULATED_TRAININGS } from "./trainings";


/** Deterministic fixtures; answers like the real system would, and keeps what it was sent in `db` (schema agora_sim, store.ts). */
export function createAgoraSimulator(db: Executor, options: SimulatorOptions = {}): AgoraClient {
  return {
    ...simulatedRecordCalls(simulatorStore(db), options),
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
