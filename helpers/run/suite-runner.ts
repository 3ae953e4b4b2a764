/**
 * One vitest instance running the conformance suites, once (the command line) or many times in a row with a
 * different world each time (the kill matrix: one run per fault, each against its own faulty reference server).
 * Reusing the instance keeps its worker processes and transformed modules, so a run after the first costs only
 * its checks.
 */

import { join } from 'node:path';
import type { Reporter, Vitest } from 'vitest/node';
import { createVitest } from 'vitest/node';
import { type Clause, testNameOf } from '../clauses/types.ts';
import { progressFilter } from '../progress.ts';
import type { ConformanceReporter } from '../reporters/conformance-reporter.ts';
import type { RunResults } from '../reporters/results.ts';
import type { World } from '../world/types.ts';
import { type ReusedThreads, reusedThreads } from './reused-threads.ts';

type ReporterEntry = string | [string, Record<string, unknown>] | Reporter;

export interface SuiteRunnerOptions {
  /** The project root (where vitest.conformance.config.ts and suites/ are). */
  root: string;
  concurrency: number;
  shard?: { index: number; count: number };
  /** Every clause the suites check (suites/catalog.ts): which file checks which clause. */
  clauses: readonly Clause[];
  /** Reporters for the life of the instance (progress lines); each run adds its own conformance reporter. */
  reporters?: ReporterEntry[];
  /** Keep the worker threads from one run to the next (reused-threads.ts): for an instance that runs many times. */
  reuseThreads?: boolean;
}

export class SuiteRunner {
  private current: ConformanceReporter | undefined;
  private readonly byId: Map<string, Clause>;

  private constructor(
    readonly vitest: Vitest,
    clauses: readonly Clause[],
    private readonly threads: ReusedThreads | undefined,
  ) {
    this.byId = new Map(clauses.map((c) => [c.id, c]));
  }

  static async open(options: SuiteRunnerOptions): Promise<SuiteRunner> {
    let runner: SuiteRunner | undefined;
    const threads = options.reuseThreads ? reusedThreads() : undefined;
    // Forwards the end of each run to that run's conformance reporter.
    const perRun: Reporter = {
      onTestRunEnd: (modules, unhandledErrors, reason) =>
        runner?.current?.onTestRunEnd(modules, unhandledErrors, reason),
    };
    const vitest = await createVitest(
      'test',
      {
        run: true,
        config: join(options.root, 'vitest.conformance.config.ts'),
        root: options.root,
        watch: false,
        maxWorkers: options.concurrency,
        ...(options.shard ? { shard: `${options.shard.index}/${options.shard.count}` } : {}),
        reporters: [...(options.reporters ?? []), perRun],
        onConsoleLog: progressFilter(),
      },
      // Over the configuration file's pool (an option of createVitest's own would not be).
      threads ? { test: { pool: threads } } : {},
    );
    runner = new SuiteRunner(vitest, options.clauses, threads);
    await vitest.init();
    return runner;
  }

  /** Runs the suites (only the files checking `ids`, and only those checks, when given) against `world`. */
  async run(world: World, reporter: ConformanceReporter, ids?: ReadonlySet<string>): Promise<RunResults | undefined> {
    this.vitest.provide('world', world);
    // A clause judged over every response of its operation runs the check that drives it.
    const chosen = ids
      ? [...ids].map((id) => this.clauseOf(id)).map((c) => (c.drivenBy ? this.clauseOf(c.drivenBy) : c))
      : [];
    // Exactly the chosen checks' test names (testNameOf), after their describe blocks' names: vitest filters by
    // the full name.
    if (ids) this.vitest.setGlobalTestNamePattern(new RegExp(`(?:^| )(?:${chosen.map(testNamePattern).join('|')})$`));
    else this.vitest.resetGlobalTestNamePattern();
    const files = [...new Set(chosen.map((c) => c.file))];
    const specifications = await this.vitest.getRelevantTestSpecifications(files);
    this.current = reporter;
    try {
      await this.vitest.runTestSpecifications(specifications, !ids);
    } finally {
      this.current = undefined;
    }
    return reporter.results;
  }

  private clauseOf(id: string): Clause {
    const clause = this.byId.get(id);
    if (!clause) throw new Error(`no clause ${id} in the catalogue`);
    return clause;
  }

  /** Lets the checks in flight finish, then ends the run (Ctrl-C). */
  cancel(): Promise<void> {
    return this.vitest.cancelCurrentRun('keyboard-input');
  }

  async close(): Promise<void> {
    await this.vitest.close();
    await this.threads?.terminate();
  }
}

const testNamePattern = (clause: Clause) => testNameOf(clause).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
