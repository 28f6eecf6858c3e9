import { DEMO_TRAINEES } from "../../db/demo/trainees";
import type { AgoraPerson } from "../types";

/**
 * Persons the simulator knows (README lists them): every demo trainee (derived from the demo seeder's own list, so they cannot
 * drift; importing one answers "already in the product"), and persons not yet in the product, to try a successful import.
 */
export const NEW_PERSONS: AgoraPerson[] = [
  { ssn: "2850275123456", birthName: "DURAND", lastName: "DURAND", firstName1: "Marie", birthDate: "1985-02-11" },
  { ssn: "1921169381042", birthName: "LEROY", lastName: "LEROY", firstName1: "Antoine", birthDate: "1992-11-03" },
  { ssn: "2000793215067", birthName: "N'DIAYE", lastName: "SALL", firstName1: "Awa", birthDate: "2000-07-21" },
  { ssn: "1780433042118", birthName: "FONTAINE", lastName: "FONTAINE", firstName1: "Gérard", birthDate: "1978-04-09" },
  { ssn: "2950631555123", birthName: "ÉTIENNE", lastName: "ROCHE", firstName1: "Amélie", birthDate: "1995-06-30" },
];

export const SIMULATED_PERSONS: AgoraPerson[] = [
  ...DEMO_TRAINEES.map(({ ssn, birthName, lastName, firstName, birthDate }) => ({
    ssn,
    birthName,
    lastName,
    firstName1: firstName,
    birthDate,
  })),
  ...NEW_PERSONS,
];
