/**
 * The order suite files start in. Files whose checks wait on the target's clock (edit and move time limits: a
 * second or more of polling, whatever the machine) start first, so that their waits overlap the other files'
 * work instead of ending the run alone. The rest follow vitest's own order (the previous run's durations when its
 * cache has them): a fresh clone, with no cache, would otherwise start them whenever vitest's default order says.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Suite files (relative to the project root) that wait on time limits, the longest wait first. */
export const WAITING_FILES: readonly string[] = [
  'suites/messages/patch-messages-time-limits.test.ts',
  'suites/messages/patch-messages-content.test.ts',
  'suites/messages/patch-messages-channels.test.ts',
];

/**
 * A sequencer that starts the files named in `first` (paths relative to the project root), in that order, before the
 * rest, which keep vitest's own order.
 */
export function startingFirst(first: readonly string[]): typeof BaseSequencer {
  return class extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (spec: TestSpecification) => {
        const i = first.findIndex((file) => spec.moduleId.endsWith(file));
        return i === -1 ? first.length : i;
      };
      return sorted
        .map((spec, i) => ({ spec, i }))
        .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
        .map(({ spec }) => spec);
    }
  };
}

export const WaitsFirstSequencer = startingFirst(WAITING_FILES);
