/** A small seeded PRNG (mulberry32): the same seed gives the same data set on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Skewed towards the start of the list (index ~ u²): the first items are the common ones. */
export const pickSkewed = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() ** 2 * items.length)]!;

export const intBetween = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
