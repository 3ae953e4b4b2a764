/**
 * The time the pacing reads and waits on, injected: the real clock in a run, a fake one in its unit tests, which
 * then assert what the pacing decides rather than how long a loaded machine took to decide it.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves once `ms` have passed. */
  sleep(ms: number): Promise<void>;
  /** Calls `fn` once `ms` have passed, without keeping the process alive for it. */
  later(fn: () => void, ms: number): void;
  /** A number in [0, 1): the jitter that spreads workers freed by the same 429. */
  random(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
  later: (fn, ms) => {
    setTimeout(fn, ms).unref();
  },
  random: () => Math.random(),
};
