/**
 * One conformance run, start to end: open the cleanup ledger, prepare the world on the target, undo what crashed
 * runs left, run the suites (their reporter writes the reports), then undo what the run created. The command line,
 * the kill-matrix worker and the mutation runner all run through here; each brings its target (an external URL or
 * a reference server it started) and the vitest instance to run on, which it may reuse for many runs.
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Clause } from '../clauses/types.ts';
import type { Config } from '../config/load.ts';
import { applicableAt, type ExpectedFailures } from '../expectations/expected-failures.ts';
import { keepNews } from '../http/rate-budget.ts';
import { ConformanceReporter, runInfoOf } from '../reporters/conformance-reporter.ts';
import type { RunResults } from '../reporters/results.ts';
import { openLedger } from '../world/ledger.ts';
import { prepareWorld } from '../world/prepare.ts';
import { recoverCrashedRuns, undoLedger } from '../world/recover.ts';
import { forgetRunFiles } from '../world/run-files.ts';
import type { World } from '../world/types.ts';
import type { SuiteRunner } from './suite-runner.ts';

/** The seed of runs that must act alike every time (the kill matrix, mutation testing). */
export const FIXED_SEED = 20261122;

export interface ConformanceRunOptions {
  config: Config;
  /** The target's base URL: config.targetUrl, or the reference server the caller started. */
  baseUrl: string;
  seed: number;
  /**
   * The vitest instance to run the suites on: one the caller reuses run after run, or a function opening one for
   * this run's world (its worker count depends on what the target shows). The caller closes it.
   */
  suites: SuiteRunner | ((world: World) => Promise<SuiteRunner>);
  /** The whole catalogue (suites/catalog.ts); `ids` narrows the run to some of its clauses. */
  clauses: readonly Clause[];
  ids?: ReadonlySet<string>;
  expected?: ExpectedFailures;
  /** `--replay`: the one property case to replay. */
  replay?: World['replay'];
  version: string;
  log?: (line: string) => void;
  /** False where the target goes away with the run (a throwaway reference server): nothing is recovered or undone. */
  cleanUp?: boolean;
  /**
   * Asked between steps and when the suites end: why the run is being stopped ("interrupted by SIGINT") once the
   * user or a CI job's limit asked it to stop, else undefined. The suites are then not started, and the reports say
   * the run was cut short.
   */
  interruption?: () => string | undefined;
  /** `--shard i/n`: the run's share of the suites (its reports count the other shares' clauses as theirs). */
  shard?: { index: number; count: number };
}

export interface ConformanceRun {
  world: World;
  /** Undefined when the suites did not run to the end. */
  results: RunResults | undefined;
  /** Crashed runs' leftovers undone before the checks. */
  recovered: string[];
  /** What could not be undone. */
  leftovers: string[];
}

/**
 * Runs the suites against `baseUrl`. Throws what preparing the world throws (ConfigError, NotTheApiError,
 * TargetError, HarnessError): the run then has not started, and the caller says why.
 */
export async function runConformance(options: ConformanceRunOptions): Promise<ConformanceRun> {
  const { config, baseUrl, seed, suites, log = () => {}, cleanUp = true, interruption = () => undefined } = options;
  const ledgerFile = openLedger(baseUrl);
  let runId: string | undefined;
  // The runner's requests before the suites: their news goes to the workers with the world.
  const endKeeping = keepNews();
  try {
    const prepared = await prepareWorld({ config, baseUrl, seed, ledgerFile, log });
    runId = prepared.runId;
    const world: World = {
      ...prepared,
      // An entry for other releases than the target's feature level is not applied: its clause is judged normally.
      expectedFailures: options.expected ? applicableAt(options.expected, prepared.featureLevel).byId : {},
      ...(options.replay ? { replay: options.replay } : {}),
    };
    log(
      `run ${world.runId}: objects are named ${world.prefix}…; judged at feature level ${world.featureLevel ?? 'unknown'}`,
    );
    const recovered = cleanUp ? await recoverCrashedRuns(world) : [];
    if (recovered.length) log(`recovered what crashed runs left on this target:\n  ${recovered.join('\n  ')}`);
    const reportDir = resolve(config.reportDir);
    rmSync(join(reportDir, 'allure-results'), { recursive: true, force: true });
    const { ids, expected } = options;
    const reporter = new ConformanceReporter({
      reportDir,
      version: options.version,
      run: {
        ...runInfoOf(world),
        ...(options.shard ? { shard: `${options.shard.index}/${options.shard.count}` } : {}),
      },
      interruption,
      clauses: ids ? options.clauses.filter((c) => ids.has(c.id)) : options.clauses,
      expectedById: world.expectedFailures,
      ...(expected ? { expectedFailures: { file: expected.file, stale: expected.stale } } : {}),
    });
    const runner = interruption() ? undefined : typeof suites === 'function' ? await suites(world) : suites;
    const budgetNews = endKeeping();
    let results: RunResults | undefined;
    try {
      results = runner && !interruption() ? await runner.run({ ...world, budgetNews }, reporter, ids) : undefined;
    } catch (error) {
      // The reports must not be left saying what an earlier run found: they say this one broke off.
      reporter.endWithout(`ended by a crash of the test runner (${String((error as Error)?.message ?? error)})`);
      throw error;
    }
    // Stopped before the suites started: the reports still say so (every clause not run), as a run's reports must.
    if (!results && interruption()) results = reporter.endWithout(interruption()!);
    // Whatever the checks could not undo (a crashed worker, a failed clean-up), then the run's own channels.
    const leftovers = cleanUp ? (await undoLedger(world, ledgerFile, { ownRun: true })).left : [];
    return { world, results, recovered, leftovers };
  } finally {
    endKeeping(); // where preparing failed, or no run followed
    if (!cleanUp) rmSync(ledgerFile, { force: true });
    // The files its workers shared, however the run ended (the leases' requests are drafts of the ledger).
    if (runId !== undefined)
      for (const kind of ['lease', 'turn', 'channel', 'narrow'] as const) forgetRunFiles(runId, kind);
  }
}
