/**
 * The order the project's test files start in: the longest first (measured on the 2-core machine, docs/performance.md),
 * so that their waits on rate windows, latency, leases and bounded timeouts overlap everything else instead of ending
 * the run alone. A fresh clone has no vitest cache of durations, so the order is written here; files not named follow
 * vitest's own order.
 */
import { startingFirst } from '../../helpers/run/sequencer.ts';

export const LONGEST_FIRST: readonly string[] = [
  'test/sensitivity.test.ts',
  'test/e2e/shared-server.test.ts',
  'test/e2e/time-limits.test.ts',
  'test/e2e/chaos.test.ts',
  'test/e2e/variants.test.ts',
  'test/e2e/zulip-flavour.test.ts',
  'test/e2e/external.test.ts',
  'test/e2e/configurations.test.ts',
  'test/e2e/residue.test.ts',
  'test/e2e/lease.test.ts',
];

export default startingFirst(LONGEST_FIRST);
