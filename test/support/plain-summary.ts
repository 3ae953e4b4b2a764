/** Ends `npm test` with the plain closing line CI reads: `tests: N passed, N failed, N skipped`. */
import type { Reporter, TestModule } from 'vitest/node';

export default class PlainSummary implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    const counts = { passed: 0, failed: errors.length, skipped: 0 };
    for (const m of modules) {
      if (m.state() === 'failed' && [...m.children.allTests()].length === 0) counts.failed += 1; // a file that failed to load
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    // After vitest's own summary, alone on its line.
    setImmediate(() =>
      console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`),
    );
  }
}
