import type { Executor } from "../../db/connection";
import type { AgoraClient } from "../types";
import { SIMULATED_PERSONS } from "./persons";
import { simulatedRecordCalls, type SimulatorOptions } from "./records";
import { simulatorStore } from "./store";
import { SIMULATED_TRAININGS } from "./trainings";

const normalize = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toUpperCase();

/** Deterministic fixtures; answers like the real system would, and keeps what it was sent in `db` (schema agora_sim, store.ts). */
export function createAgoraSimulator(db: Executor, options: SimulatorOptions = {}): AgoraClient {
  return {
    ...simulatedRecordCalls(simulatorStore(db), options),
    async findPerson(ssn, birthName) {
      return SIMULATED_PERSONS.find((p) => p.ssn === ssn.trim() && normalize(p.birthName) === normalize(birthName)) ?? null;
    },
    async findTraining(number, actionNumber) {
      return (
        SIMULATED_TRAININGS.find((t) => normalize(t.number) === normalize(number) && normalize(t.actionNumber) === normalize(actionNumber)) ??
        null
      );
    },
  };
}
