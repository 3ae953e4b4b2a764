/**
 * The order the project's test files start in: the longest first (measured on the 2-core machine, docs/performance.md),
 * so that their waits on rate windows, latency, leases and bounded timeouts overlap everything else instead of ending
 * the run alone. A fresh clone has no vitest cache of durations, so the order is written here; files not named follow
 * vitest's own order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONGEST_FIRST: readonly string[] = [
  'test/sensitivity.test.ts',
  'test/e2e/shared-server.test.ts',
  'test/e2e/chaos.test.ts',
  'test/e2e/variants.test.ts',
  'test/e2e/zulip-flavour.test.ts',
  'test/e2e/external.test.ts',
  'test/e2e/configurations.test.ts',
  'test/e2e/residue.test.ts',
  'test/e2e/lease.test.ts',
];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
