/** The vitest reporter that writes conformance.json and conformance.md when the run ends. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import type { Clause } from '../clauses/types.ts';
import { redact } from '../http/redact.ts';
import type { World } from '../world/types.ts';
import { toHtml } from './html.ts';
import { toMarkdown } from './markdown.ts';
import { buildResults, type RunInfo, type RunResults, type TestSeen } from './results.ts';

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

const CLAUSE_ID = /^([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d{3}) /;

export class ConformanceReporter implements Reporter {
  results: RunResults | undefined;
  private readonly started = Date.now();

  constructor(
    private readonly options: {
      reportDir: string;
      version: string;
      run: Omit<RunInfo, 'startedAt' | 'durationMs'>;
      /** The clauses this run selected (all by default). */
      clauses?: readonly Clause[];
      expectedFailures?: { file: string; stale: string[] };
    },
  ) {}

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const seen: TestSeen[] = [];
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const clauseId = CLAUSE_ID.exec(test.name)?.[1];
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
    const run: RunInfo = {
      ...this.options.run,
      startedAt: new Date(this.started).toISOString(),
      durationMs: Date.now() - this.started,
    };
    this.results = buildResults(seen, run, this.options.version, this.options.clauses);
    if (this.options.expectedFailures) this.results.expectedFailures = this.options.expectedFailures;
    mkdirSync(this.options.reportDir, { recursive: true });
    writeFileSync(join(this.options.reportDir, 'conformance.json'), `${JSON.stringify(this.results, null, 2)}\n`);
    writeFileSync(join(this.options.reportDir, 'conformance.md'), toMarkdown(this.results));
    writeFileSync(join(this.options.reportDir, 'conformance.html'), toHtml(this.results));
  }
}
