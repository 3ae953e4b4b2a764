/**
 * Shrinking in bounded time. A property's failure is shrunk to the smallest counterexample a person can act on; but
 * against a real server every candidate of every shrink is sent, so shrinking stops SHRINK_MS after the first
 * failure, and the smallest failing case found by then is reported (fast-check keeps it, with its seed and path).
 * Counted from the failure, not the start (fast-check's interruptAfterTimeLimit): a property that has not failed is
 * never cut short.
 */
import fc from 'fast-check';

/** A minute, as long as the sequences' own bound (suites/explore): one bound a run's reader can rely on. */
export const SHRINK_MS = 60_000;

/**
 * A fast-check plugin: after the first failure, runs until `ms` have passed, then interrupts the shrinking. It never
 * looks at the values, so it suits every property's parameters (fast-check's Plugin is invariant in them).
 */
export function boundedShrink(ms = SHRINK_MS, now: () => number = Date.now): fc.Plugin<any> {
  return () => {
    let failedAt: number | undefined;
    return {
      decorateRun: (run) => (value) => {
        if (failedAt !== undefined && now() - failedAt >= ms) return new fc.PreconditionFailure(true);
        const settle = (out: Awaited<ReturnType<typeof run>>) => {
          if (out !== null && !fc.PreconditionFailure.isFailure(out)) failedAt ??= now();
          return out;
        };
        const out = run(value);
        return (out instanceof Promise ? out.then(settle) : settle(out)) as ReturnType<typeof run>;
      },
    };
  };
}

/** Reruns a sequence's shrinking may send at most, beside SHRINK_MS: each rerun replays steps against the target. */
export const SHRINK_RERUNS = 30;

/**
 * Shrinks a failing run of steps (the covering walks' sequences) by leaving runs of steps out, halving in length down
 * to one step, each from the last back to the first; the `keep` last steps always stay (the one that departed).
 * `rerun` sends a candidate and answers its failure (whose `steps` are those that ran, which may stop short of the
 * candidate's), or undefined where the candidate did not depart; a shorter failure replaces the best. Bounded by
 * `deadline` (SHRINK_MS from now) and SHRINK_RERUNS reruns, `spent` of them already. A long walk's failure loses
 * most of its steps in its first few reruns.
 */
export async function shrinkByRuns<T, F extends { readonly steps: readonly T[] }>(
  first: F,
  rerun: (steps: readonly T[]) => Promise<F | undefined>,
  { keep = 0, spent = 0, deadline = Date.now() + SHRINK_MS }: { keep?: number; spent?: number; deadline?: number } = {},
): Promise<{ best: F; reruns: number }> {
  let best = first;
  let reruns = spent;
  for (let size = Math.max(1, Math.floor(best.steps.length / 2)); size >= 1; size = Math.floor(size / 2)) {
    for (let end = best.steps.length - keep; end - size >= 0; ) {
      if (reruns >= SHRINK_RERUNS || Date.now() > deadline) break;
      reruns += 1;
      const start = end - size;
      const failed = await rerun([...best.steps.slice(0, start), ...best.steps.slice(end)]);
      if (failed && failed.steps.length < best.steps.length) best = failed;
      end = Math.min(start, best.steps.length - keep);
    }
  }
  return { best, reruns };
}
