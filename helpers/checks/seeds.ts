/** One run seed, many reproducible streams: each check derives its own seed from the run seed and its id. */
import type { Profile } from '../config/schema.ts';

/**
 * FNV-1a over the run seed and a label; stable across platforms and Node versions. (The offset basis is FNV's own:
 * mixing the seed into it as well cancelled out against its first digit, so that seeds 0 to 9 all drew alike.)
 */
export function deriveSeed(runSeed: number, label: string): number {
  let h = 0x811c9dc5;
  for (const ch of `${runSeed}:${label}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Property runs per profile: few on every pull request, many at night. */
export const NUM_RUNS: Record<Profile, number> = { quick: 3, full: 30, nightly: 300 };

/** A small seeded generator of numbers in [0, 1) (mulberry32): draws a seed replays exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function newRunSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
