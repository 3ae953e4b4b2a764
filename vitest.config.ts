/** The project's own tests (`npm test`): harness units, the reference server, and the suite against it. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    // The end-to-end files start whole conformance runs; give them room.
    slowTestThreshold: 5_000,
    reporters: ['default', './test/support/plain-summary.ts'],
  },
});
