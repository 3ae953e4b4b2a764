/**
 * The conformance suites. Run them through `npm run conformance` (scripts/conformance.ts), which prepares the
 * world, hands it to the workers with `provide`, and adds the reporters.
 */
import { defineConfig } from 'vitest/config';
import { WaitsFirstSequencer } from './helpers/run/sequencer.ts';

export default defineConfig({
  test: {
    // Model-based files (fast-check `commands`) are checks too: suites/<area>/*.model.ts.
    include: ['suites/**/*.test.ts', 'suites/**/*.model.ts'],
    // Checks are I/O-bound: files share workers (isolate: false halves the run time on 2 cores). Worker threads
    // rather than processes: a tenth less CPU for a quick run (no process start-up, no IPC through pipes).
    pool: 'threads',
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // A flaky target must show as flaky, not be retried into a pass.
    retry: 0,
    sequence: { sequencer: WaitsFirstSequencer },
  },
});
