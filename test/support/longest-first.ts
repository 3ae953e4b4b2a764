/**
 * The order the project's test files start in: the longest first (by their wall time on a 2-core machine),
 * so that their waits on rate windows, latency, leases and bounded timeouts overlap everything else instead of ending
 * the run alone. A fresh clone has no vitest cache of durations, so the order is written here; files not named follow
 * vitest's own order.
 */
import { startingFirst } from '../../helpers/run/sequencer.ts';

export const LONGEST_FIRST: readonly string[] = [
  'test/sensitivity.test.ts',
  // Mostly waiting (rate windows, edit grace, time limits, hangs): started at once, they overlap the kill matrix.
  'test/e2e/shared-server.test.ts',
  'test/e2e/time-limits.test.ts',
  'test/e2e/chaos.test.ts',
  'test/e2e/levels.test.ts',
  'test/e2e/zulip-flavour.test.ts',
  'test/e2e/variants.test.ts',
  'test/e2e/residue.test.ts',
  'test/e2e/external.test.ts',
  'test/e2e/configurations.test.ts',
  'test/e2e/lease.test.ts',
  // Then the other whole or sliced runs, before the short unit files that fill the gaps at the end.
  'test/e2e/pack.test.ts',
  'test/e2e/expectations.test.ts',
  'test/e2e/auth-resilience.test.ts',
  'test/e2e/shards.test.ts',
  'test/e2e/html-report.test.ts',
  'test/e2e/embedded.test.ts',
  'test/reference/robustness.test.ts',
  'test/reference/fuzz.test.ts',
  'test/reference/faults.test.ts',
];

export default startingFirst(LONGEST_FIRST);
