/**
 * The command line (`teamchat-conformance`, `npm run conformance -- …`): runs the suites against the target, or
 * against the embedded reference server, and writes the reports. `--help` lists the flags. Exit status:
 * 0 conforming (or only expected failures), 1 a clause failed unexpectedly, 2 configuration or target error.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { newRunSeed } from '../helpers/checks/seeds.ts';
import { parseCommand, type RunOptions, USAGE } from '../helpers/cli/args.ts';
import { formatClauseList } from '../helpers/cli/list.ts';
import { select } from '../helpers/cli/select.ts';
import { type Config, ConfigError, loadConfig, readEnv } from '../helpers/config/load.ts';
import { describeConfig } from '../helpers/config/summary.ts';
import { HarnessError, NotTheApiError, TargetError } from '../helpers/errors.ts';
import { type ExpectedFailures, loadExpectedFailures } from '../helpers/expectations/expected-failures.ts';
import { redact } from '../helpers/http/redact.ts';
import { type BaselineDiff, describeDiff, diffBaseline } from '../helpers/reporters/baseline.ts';
import { writeJobSummary } from '../helpers/reporters/job-summary.ts';
import { mergeReportDirs } from '../helpers/reporters/merge.ts';
import {
  errorsByCause,
  exitCodeOf,
  judgedFigures,
  type RunResults,
  requestCount,
  requestsByAccount,
} from '../helpers/reporters/results.ts';
import { verdictOf } from '../helpers/reporters/verdict.ts';
import { type ConformanceRun, runConformance } from '../helpers/run/run-conformance.ts';
import type { SuiteRunner } from '../helpers/run/suite-runner.ts';
import type { World } from '../helpers/world/types.ts';
import { startReferenceServer } from '../reference/server.ts';
import { CLAUSES } from '../suites/catalog.ts';

const root = resolve(import.meta.dirname, '..');
const version: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const log = (line: string) => console.log(line);

/**
 * Ctrl-C (SIGINT) or SIGTERM: the checks are cancelled and everything the run created is undone before it exits
 * (status 130). A second signal leaves at once; the next run then recovers what is left (helpers/world/recover.ts).
 */
const interrupt: { signal?: NodeJS.Signals; suites?: SuiteRunner } = {};
function onSignal(signal: NodeJS.Signals): void {
  if (interrupt.signal) process.exit(130);
  interrupt.signal = signal;
  console.error(`teamchat-conformance: ${signal}: stopping the checks and cleaning up (again to leave at once)`);
  void interrupt.suites?.cancel();
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

async function main(argv: readonly string[]): Promise<number> {
  const command = parseCommand(argv);
  switch (command.kind) {
    case 'help':
      log(USAGE);
      return 0;
    case 'list':
      log(formatClauseList(CLAUSES));
      return 0;
    case 'error':
      return fatal(`${command.message}\n${USAGE.split('\n')[0]} (--help for all flags)`);
    case 'merge': {
      const dir = resolve(command.reportDir ?? 'reports');
      const merged = mergeReportDirs(command.inputs, dir);
      printSummary(merged, dir, []);
      const diff = command.baseline
        ? compareWithBaseline(merged, command.baseline, command.updateBaseline, dir)
        : undefined;
      summarizeForCi(merged, diff);
      return exitCodeOf(merged);
    }
    case 'run':
      return run(command);
  }
}

async function run(options: RunOptions): Promise<number> {
  let config: Config;
  let expected: ExpectedFailures | undefined;
  const envFile = options.envFile ?? process.env.ENV_FILE;
  try {
    config = loadConfig({ ...readEnv(envFile ?? '.env', process.env, envFile !== undefined), ...options.overrides });
    if (config.expectedFailures)
      expected = loadExpectedFailures(config.expectedFailures, new Set(CLAUSES.map((c) => c.id)));
  } catch (error) {
    if (error instanceof ConfigError) return fatal(error.message);
    throw error;
  }
  const selection = options.only.length ? select(options.only, CLAUSES) : undefined;
  if (selection?.unmatched.length)
    return fatal(`--only ${selection.unmatched.join(', ')} matches no clause (--list shows them all)`);
  if (options.replay && selection?.ids.size !== 1)
    return fatal('--replay replays one property: name its clause with --only ID');

  const seed = config.seed ?? newRunSeed();
  log(`teamchat-conformance ${version} · seed ${seed} (--seed ${seed} replays this run) · profile ${config.profile}`);
  const server = config.embedded
    ? await startReferenceServer({
        port: 0,
        faults: config.referenceFaults,
        flavour: config.referenceFlavour,
        variants: config.referenceVariants,
        ...(config.referenceEditGraceSeconds !== undefined
          ? { editGraceSeconds: config.referenceEditGraceSeconds }
          : {}),
        ...(config.referenceFeatureLevel !== undefined ? { featureLevel: config.referenceFeatureLevel } : {}),
      })
    : undefined;
  const baseUrl = server?.url ?? config.targetUrl;
  log(describeConfig(config, baseUrl));
  if (expected?.stale.length)
    log(`expected failures: ${expected.file} names no clause ${expected.stale.join(', ')} (stale entries)`);
  const openSuites = async (world: World) => {
    // vitest is loaded only for a run that gets to its checks (a quarter of the command's start-up): a target that
    // cannot be reached or a bad account ends the run before.
    const { SuiteRunner } = await import('../helpers/run/suite-runner.ts');
    const suites = await SuiteRunner.open({
      root,
      clauses: CLAUSES,
      concurrency: world.options.workers,
      ...(options.shard ? { shard: options.shard } : {}),
      reporters: ['default'],
    });
    // Vitest's logger exits the process on SIGINT/SIGTERM; the runner must undo what the run created first, so
    // only its own handlers stay (vitest's close() still restores the terminal).
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) if (listener !== onSignal) process.off(signal, listener);
    }
    interrupt.suites = suites;
    return suites;
  };
  try {
    let run: ConformanceRun;
    try {
      run = await runConformance({
        config,
        baseUrl,
        seed,
        suites: openSuites,
        clauses: CLAUSES,
        ...(selection ? { ids: selection.ids } : {}),
        ...(expected ? { expected } : {}),
        ...(options.replay ? { replay: options.replay } : {}),
        version,
        log,
        interruption: () => (interrupt.signal ? `interrupted by ${interrupt.signal}` : undefined),
        ...(options.shard ? { shard: options.shard } : {}),
      });
    } catch (error) {
      if (error instanceof ConfigError) return fatal(error.message);
      if (error instanceof NotTheApiError) return fatal(error.message);
      if (error instanceof TargetError)
        return fatal(
          `cannot reach the target at ${baseUrl}: ${error.message}\nIs the server running, and is TARGET_URL right?`,
        );
      if (error instanceof HarnessError) return fatal(error.message);
      throw error;
    }
    const { results, leftovers } = run;
    const reportDir = resolve(config.reportDir);
    printSummary(results, reportDir, leftovers);
    if (results) {
      const diff = options.baseline
        ? compareWithBaseline(results, options.baseline, options.updateBaseline, reportDir)
        : undefined;
      // A shard's summary would be partial: the merge writes the whole run's.
      if (!options.shard) summarizeForCi(results, diff);
    }
    if (interrupt.signal) return 130;
    return results ? exitCodeOf(results) : 2;
  } finally {
    await interrupt.suites?.close();
    interrupt.suites = undefined;
    await server?.close();
  }
}

function compareWithBaseline(
  results: RunResults,
  file: string,
  update: boolean,
  reportDir: string,
): BaselineDiff | undefined {
  let diff: BaselineDiff | undefined;
  if (existsSync(file)) {
    diff = diffBaseline(JSON.parse(readFileSync(file, 'utf8')) as RunResults, results);
    log(describeDiff(diff, file));
    writeFileSync(join(reportDir, 'baseline-diff.json'), `${JSON.stringify(diff, null, 2)}\n`);
  } else if (!update) {
    log(`no baseline at ${file} yet (--update-baseline writes one)`);
  }
  if (update) {
    mkdirSync(dirname(resolve(file)), { recursive: true });
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    log(`baseline written to ${file}`);
  }
  return diff;
}

/** The job summary of a GitHub Actions step, with the baseline comparison when there is one. */
function summarizeForCi(results: RunResults, diff: BaselineDiff | undefined): void {
  if (writeJobSummary(results, process.env, diff)) log('job summary written to $GITHUB_STEP_SUMMARY');
}

function printSummary(results: RunResults | undefined, reportDir: string, leftovers: string[]): void {
  log('');
  if (!results) {
    log('no results: the suites did not run to the end (see above)');
    return;
  }
  log(verdictOf(results).text);
  const c = results.counts;
  const parts = [`${c.passed} passed`, `${c.failed} failed`, `${c.warned} warned`, `${c.error} errors`];
  for (const o of ['known-failure', 'skipped-unsupported', 'not-applicable', 'disabled', 'not-run'] as const)
    if (c[o]) parts.push(`${c[o]} ${o}`);
  log(
    `clauses ${results.clauses.length}: ${parts.join(', ')} · ${requestCount(results)} requests in ${(results.run.durationMs / 1000).toFixed(1)} s${judgedFigures(results)}`,
  );
  for (const r of results.clauses.filter((r) => r.outcome === 'failed' || r.outcome === 'warned').slice(0, 10)) {
    log(`  ${r.outcome.padEnd(6)} ${r.id} ${r.level} ${r.title}\n         ${redact(r.reason?.split('\n')[0] ?? '')}`);
  }
  for (const [cause, ids] of errorsByCause(results)) {
    log(
      `  error  ${ids.length} check${ids.length > 1 ? 's' : ''} (${ids.slice(0, 4).join(', ')}${ids.length > 4 ? ', …' : ''}): ${redact(cause)}`,
    );
  }
  const limited = results.clauses.reduce((n, r) => n + (r.rateLimited ?? 0), 0);
  if (limited) log(`  ${limited} answers were 429 (rate limit hit) and were waited out`);
  const busiest = requestsByAccount(results).slice(0, 3);
  if (busiest.length)
    log(
      `  requests by account: ${busiest.map(([who, n]) => `${who} ${n}`).join(', ')}${requestsByAccount(results).length > 3 ? ', …' : ''}`,
    );
  const unexpected = results.clauses.filter((r) => r.unexpectedPass).map((r) => r.id);
  if (unexpected.length)
    log(`  passed although expected to fail (update the expected-failures file): ${unexpected.join(', ')}`);
  for (const l of leftovers) log(`  left on the target: ${l}`);
  log(
    `reports: ${reportDir}/conformance.html, conformance.md, conformance.json, junit.xml, allure-results/ (npm run report: Allure HTML)`,
  );
}

function fatal(message: string): number {
  console.error(`teamchat-conformance: ${redact(message)}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`teamchat-conformance: internal error: ${redact(String(error?.stack ?? error))}`);
    process.exit(2);
  },
);
