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
