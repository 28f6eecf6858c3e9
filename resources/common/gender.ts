/** Gender of employees and trainees, shown Homme/Femme (spec part 1 §3). */
export const GENDERS = { MALE: "Homme", FEMALE: "Femme" } as const;
export type Gender = keyof typeof GENDERS;
