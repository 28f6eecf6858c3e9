/** Validation messages quoted verbatim from the spec (part 1 §5, part 2 §5). */
export const MSG = {
  required: "Ce champ est obligatoire",
  minLength: (n: number) => `Le nombre de caractères minimum est ${n}`,
  maxLength: (n: number) => `Le nombre de caractères est limité à ${n}`,
  exactLength: (n: number) => `Le nombre de caractères doit être ${n}`,
  email: "Cette adresse email n'est pas valide",
  endBeforeStart: "La date de fin doit être postérieure ou égale à la date de début",
} as const;
