// The random source and its helpers are shared with the server's leagues with friends.
export { randomInt, randomSpread, type RandomSource } from '@shared/fantasy/ai-picks';
import type { RandomSource } from '@shared/fantasy/ai-picks';

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
