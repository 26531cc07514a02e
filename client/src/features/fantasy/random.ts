/**
 * A source of random numbers in [0, 1), like Math.random. The draft engine takes one as an argument
 * so tests can replay a league exactly with a seeded source.
 */
export type RandomSource = () => number;

/** A random integer from min to max, both included. */
export function randomInt(random: RandomSource, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A random real number from -spread to +spread. */
export function randomSpread(random: RandomSource, spread: number): number {
  return (random() * 2 - 1) * spread;
}

/**
 * A small seeded generator (mulberry32): the same seed gives the same sequence, which is all the
 * tests need; it is not meant for anything secret.
 */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
