/** The vitest reporter that writes conformance.json and conformance.md when the run ends. */
import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';
import { type Clause, testNameOf } from '../clauses/types.ts';
import { redact } from '../http/redact.ts';
import type { World } from '../world/types.ts';
import { buildResults, type RunInfo, type RunResults, type TestSeen } from './results.ts';
import { writeReports } from './write.ts';

/** What a report says of the run it describes, as the world the run prepared gives it. */
export function runInfoOf(world: Pick<World, 'runId' | 'seed' | 'profile' | 'target' | 'featureLevel'>) {
  return {
    runId: world.runId,
    seed: world.seed,
    profile: world.profile,
    target: world.target.url,
    embedded: world.target.embedded,
    featureLevel: world.featureLevel,
  } satisfies Omit<RunInfo, 'startedAt' | 'durationMs'>;
}

export class ConformanceReporter implements Reporter {
  results: RunResults | undefined;
  private readonly started = Date.now();

  constructor(
    private readonly options: {
      reportDir: string;
      version: string;
      run: Omit<RunInfo, 'startedAt' | 'durationMs'>;
      /** The clauses this run selected. */
      clauses: readonly Clause[];
      expectedFailures?: { file: string; stale: string[] };
      /** Clause id → reason, from the expected-failures file (for the clauses judged over every response). */
      expectedById?: Readonly<Record<string, string>>;
      /** Why the run is being stopped (a signal), once it is: the reports then say the run was cut short. */
      interruption?: () => string | undefined;
    },
  ) {}

  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message?: string }> = [],
    reason?: TestRunEndReason,
  ): void {
    const seen: TestSeen[] = [];
    // A check's test is named after its clause (testNameOf), so a test that never ran names its clause too.
    const byName = new Map(this.options.clauses.map((c) => [testNameOf(c), c.id]));
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        // Tests outside the selection count too: a clause judged over every response sums what its driver saw.
        const clauseId = byName.get(test.name) ?? test.meta().conformance?.clauseId;
        if (!clauseId) continue;
        const result = test.result();
        const record = test.meta().conformance;
        seen.push({
          clauseId,
          state: result.state,
          ...(record ? { record } : {}),
          ...(result.errors?.[0] ? { error: redact(result.errors[0].message) } : {}),
        });
      }
    }
    const first = unhandledErrors[0];
    const cutShort =
      this.options.interruption?.() ??
      (reason === 'interrupted' ? 'interrupted' : undefined) ??
      (first
        ? `broken by ${unhandledErrors.length} unhandled error${unhandledErrors.length > 1 ? 's' : ''} of the test runner (${redact(first.message ?? 'no message')})`
        : undefined);
    this.write(seen, cutShort);
  }

  /** Reports for a run whose suites never reached their end (a crash, a stop before they started): nothing judged. */
  endWithout(cutShort: string): RunResults {
    return this.results ?? this.write([], cutShort);
  }

  private write(seen: readonly TestSeen[], cutShort: string | undefined): RunResults {
    const run: RunInfo = {
      ...this.options.run,
      startedAt: new Date(this.started).toISOString(),
      durationMs: Date.now() - this.started,
      ...(cutShort ? { cutShort } : {}),
    };
    const results = buildResults(seen, run, this.options.version, this.options.clauses, this.options.expectedById);
    if (this.options.expectedFailures) results.expectedFailures = this.options.expectedFailures;
    writeReports(this.options.reportDir, results);
    this.results = results;
    return results;
  }
}
