import type { TraineeInput } from "../../../resources/trainees/schema";

let seq = 0;

/** A valid creation body; each call gets its own NIR and e-mail (numbered, so unique within a test file's database). */
export function traineeBody(overrides: Partial<TraineeInput> = {}): TraineeInput {
  seq += 1;
  return {
    firstName: "jean-luc",
    lastName: "Dupont",
    birthName: "Dupont",
    email: `Jean.Luc.${seq}@Exemple.fr`,
    phoneNumber: "0612345678",
    gender: "MALE",
    ssn: `18001750${String(10000 + seq).slice(-5)}`,
    birthDate: "1980-01-15",
    address: { streetNumber: "3", streetType: "RUE", streetName: "des Écoles", zipCode: "75005", city: "paris" },
    department: "D75",
    situation: "SINGLE",
    bornInFrance: true,
    ...overrides,
  };
}
