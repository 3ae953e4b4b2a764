/**
 * The command line (`teamchat-conformance`, `npm run conformance -- …`): runs the suites against the target, or
 * against the embedded reference server, and writes the reports. `--help` lists the flags. Exit status:
 * 0 conforming (or only expected failures), 1 a clause failed unexpectedly, 2 a configuration or target error, a check
 * in error or a run that left clauses unjudged, 130 interrupted (helpers/reporters/results.ts exitCodeOf).
 */
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { newRunSeed } from '../helpers/checks/seeds.ts';
import { parseCommand, type RunOptions, USAGE } from '../helpers/cli/args.ts';
import { formatClauseList, formatFaultList } from '../helpers/cli/list.ts';
import { ProgressReporter } from '../helpers/cli/progress-reporter.ts';
import { type Selection, select } from '../helpers/cli/select.ts';
import { type EmbeddedReplay, embeddedReplayOf, summaryLines } from '../helpers/cli/summary.ts';
import { type Config, ConfigError, loadConfig, readEnv } from '../helpers/config/load.ts';
import { describeConfig } from '../helpers/config/summary.ts';
import { HarnessError, NotTheApiError, TargetError } from '../helpers/errors.ts';
import { type ExpectedFailures, loadExpectedFailures } from '../helpers/expectations/expected-failures.ts';
import { redact } from '../helpers/http/redact.ts';
import { type BaselineDiff, describeDiff, diffBaseline } from '../helpers/reporters/baseline.ts';
import { writeJobSummary } from '../helpers/reporters/job-summary.ts';
import { mergeReportDirs } from '../helpers/reporters/merge.ts';
import { exitCodeOf, type RunResults } from '../helpers/reporters/results.ts';
import { type ConformanceRun, runConformance } from '../helpers/run/run-conformance.ts';
import type { SuiteRunner } from '../helpers/run/suite-runner.ts';
import type { World } from '../helpers/world/types.ts';
import { FAULTS } from '../reference/faults.ts';
import { referenceOptionProblems } from '../reference/options.ts';
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
    case 'list': {
      const selection = command.only.length ? select(command.only, CLAUSES) : undefined;
      if (selection?.unmatched.length) return fatal(matchesNone(selection));
      log(formatClauseList(selection ? CLAUSES.filter((c) => selection.ids.has(c.id)) : CLAUSES));
      return 0;
    }
    case 'list-faults':
      log(formatFaultList(FAULTS));
      return 0;
    case 'error':
      return fatal(`${command.message}\n${USAGE.split('\n')[0]} (--help for all flags)`);
    case 'merge': {
      const dir = resolve(command.reportDir ?? 'reports');
      const merged = mergeReportDirs(command.inputs, dir);
      printSummary(merged, { reportDir: dir });
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
    config = loadConfig(
      { ...readEnv(envFile ?? '.env', process.env, envFile !== undefined), ...options.overrides },
      referenceOptionProblems,
    );
    if (config.expectedFailures)
      expected = loadExpectedFailures(config.expectedFailures, new Set(CLAUSES.map((c) => c.id)));
  } catch (error) {
    if (error instanceof ConfigError) return fatal(error.message);
    throw error;
  }
  const unusable = unusableFile(config, options);
  if (unusable) return fatal(unusable);
  const selection = options.only.length ? select(options.only, CLAUSES) : undefined;
  if (selection?.unmatched.length) return fatal(matchesNone(selection));
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
      reporters: [new ProgressReporter()],
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
    const embedded = server
      ? embeddedReplayOf(
          {
            faults: config.referenceFaults,
            variants: config.referenceVariants,
            flavour: config.referenceFlavour,
            editGraceSeconds: config.referenceEditGraceSeconds,
            featureLevel: config.referenceFeatureLevel,
          },
          new URL(server.url).port,
        )
      : undefined;
    printSummary(results, { reportDir, leftovers, ...(embedded ? { embedded } : {}) });
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

function printSummary(
  results: RunResults | undefined,
  options: { reportDir: string; leftovers?: string[]; embedded?: EmbeddedReplay },
): void {
  if (!results) {
    log('\nno results: the suites did not run to the end (see above)');
    return;
  }
  for (const line of summaryLines(results, options)) log(line);
}

/**
 * A file the run would write or read later and could not: said before the run starts, in one line, rather than as
 * a stack trace after it (a report directory it cannot write, a baseline that is no conformance.json).
 */
function unusableFile(config: Config, options: RunOptions): string | undefined {
  const reportDir = resolve(config.reportDir);
  try {
    mkdirSync(reportDir, { recursive: true });
    accessSync(reportDir, constants.W_OK);
  } catch (error) {
    return `REPORT_DIR ${reportDir} cannot be written: ${(error as Error).message}`;
  }
  if (options.baseline && existsSync(options.baseline)) {
    try {
      const baseline = JSON.parse(readFileSync(options.baseline, 'utf8')) as Partial<RunResults>;
      if (!Array.isArray(baseline.clauses)) throw new Error('it has no clauses');
    } catch (error) {
      const why = (error as Error).message.replace(/\s+/g, ' '); // JSON.parse quotes the text, line breaks and all
      return `--baseline ${options.baseline} is not a conformance.json of an earlier run: ${why}`;
    }
  }
  return undefined;
}

const matchesNone = (selection: Selection) =>
  `--only ${selection.unmatched.join(', ')} matches no clause (--list shows them all)`;

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
