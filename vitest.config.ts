/**
 * The project's own tests, in two tiers (vitest projects):
 * - `fast` (`npm run test:fast`, under a minute): harness units, the reference server, the clause pin and one
 *   whole run against the embedded server. Run it after every change.
 * - `slow`: the kill matrix, and whole or sliced conformance runs against misbehaving, shared, rate-limited,
 *   production-like and variant servers, which mostly wait (on latency, rate windows, leases, timeouts).
 * `npm test` (what CI and the README run) runs both, several files at once: the waits overlap.
 */
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/longest-first.ts';

const FAST = ['test/unit/**/*.test.ts', 'test/reference/**/*.test.ts', 'test/e2e/embedded.test.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    // A worker runs file after file without re-importing the modules they share: a sixth less CPU for npm test
    // (docs/performance.md). The files keep no state between them: what a file starts (servers, run pools) it stops.
    isolate: false,
    // More files at once than the 2 cores: most of the slow tier waits rather than computes.
    maxWorkers: 6,
    // The kill matrix's faults run as concurrent tests on its pool of run workers (test/sensitivity.test.ts): as many
    // at once as it has workers, not vitest's usual 5.
    maxConcurrency: 8,
    testTimeout: 30_000,
    // The end-to-end files start whole conformance runs; give them room.
    slowTestThreshold: 5_000,
    reporters: ['default', './test/support/plain-summary.ts'],
    sequence: { sequencer: LongestFirstSequencer },
    // One temporary folder for the whole run, removed at its end (test/support/temporary-folder.ts).
    globalSetup: ['./test/support/temporary-folder.ts'],
    projects: [
      { extends: true, test: { name: 'fast', include: FAST } },
      { extends: true, test: { name: 'slow', include: ['test/**/*.test.ts'], exclude: FAST } },
    ],
  },
});
