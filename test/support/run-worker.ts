/**
 * A run worker (a child process of a test, talking over IPC; see run-pool.ts): for each job it is sent, it starts a
 * reference server as the job says (faults, variants, level, production-like), prepares a world on it, runs the
 * job's clauses (every clause when none are named) and answers with the run's results. One vitest instance serves
 * every job, so only the first pays for vitest's start-up: the kill matrix's hundreds of runs, and any test that
 * needs many whole runs, cost their checks and little more.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../../helpers/config/load.ts';
import { loadExpectedFailures } from '../../helpers/expectations/expected-failures.ts';
import { exitCodeOf, type RunResults } from '../../helpers/reporters/results.ts';
import { FIXED_SEED, runConformance } from '../../helpers/run/run-conformance.ts';
import { SuiteRunner } from '../../helpers/run/suite-runner.ts';
import { type ReferenceServerOptions, startReferenceServer } from '../../reference/server.ts';
import { CLAUSES } from '../../suites/catalog.ts';
import { targetState } from './target-state.ts';

type TargetState = ReturnType<typeof targetState>;

export interface RunJob {
  /** The clauses to run; every clause when absent. */
  ids?: readonly string[];
  /** Default full. */
  profile?: 'quick' | 'full';
  server?: Pick<ReferenceServerOptions, 'faults' | 'variants' | 'developmentLogin' | 'featureLevel' | 'flavour'>;
  /**
   * Configuration variables. With `external`, the server is the run's TARGET_URL, as a server started apart is:
   * its accounts come from these variables (or its development login), not the embedded realm's defaults.
   */
  env?: Record<string, string>;
  external?: boolean;
  /** Default the fixed seed of runs that must act alike every time. */
  seed?: number;
  /** An expected-failures file (EXPECTED_FAILURES), relative to the project. */
  expectedFailures?: string;
  /** Undo what the run created, as a run against a lasting target does, and answer what it left (`residue`). */
  residue?: true;
}

/** What a run that undid its work left: its clean-up's own account, and the target's state that differs. */
export interface Residue {
  leftovers: string[];
  changed: Record<string, { before: unknown; after: unknown }>;
}

/** A job as the pool sends it: with where the run writes its reports (the pool makes it, and removes it). */
export type SentJob = RunJob & { reportDir: string };

export interface RunReply {
  /** Undefined when the run did not get to the end (see `error`). */
  results?: RunResults;
  /** The exit status the command line would have given this run. */
  exitCode?: number;
  reportDir: string;
  ms: number;
  /** Why the run did not start or end (a configuration or set-up error, or its time limit: `timedOut`). */
  error?: string;
  /** The run outlasted the time limit its caller gave it (run-pool.ts). */
  timedOut?: true;
  /** With the job's `residue`. */
  residue?: Residue;
}

const root = resolve(import.meta.dirname, '../..');
/** Suite files at once in each run (run-pool.ts sets it): more overlap waits (time limits, grace), fewer cost less CPU. */
const concurrency = Number(process.env.RUN_WORKER_CONCURRENCY ?? 1);

async function run(suites: SuiteRunner, job: RunJob, reportDir: string): Promise<RunReply> {
  const started = Date.now();
  const server = await startReferenceServer({ port: 0, ...job.server });
  const before = job.residue && targetState(server.store);
  try {
    const config = loadConfig({
      PROFILE: job.profile ?? 'full',
      CONCURRENCY: String(concurrency),
      REPORT_DIR: reportDir,
      ...job.env,
      ...(job.external ? { TARGET_URL: server.url } : {}),
    });
    const { results, leftovers } = await runConformance({
      config,
      baseUrl: server.url,
      seed: job.seed ?? FIXED_SEED,
      suites,
      clauses: CLAUSES,
      ...(job.ids ? { ids: new Set(job.ids) } : {}),
      ...(job.expectedFailures
        ? { expected: loadExpectedFailures(resolve(root, job.expectedFailures), new Set(CLAUSES.map((c) => c.id))) }
        : {}),
      version: 'run-worker',
      // The server goes away with the job: nothing to recover before the run or undo after it, unless asked.
      cleanUp: before !== undefined,
    });
    const residue = before && { leftovers, changed: changedState(before, targetState(server.store)) };
    return { results, exitCode: results && exitCodeOf(results), reportDir, ms: Date.now() - started, residue };
  } finally {
    await server.close();
  }
}

function changedState(before: TargetState, after: TargetState): Residue['changed'] {
  const changed: Residue['changed'] = {};
  for (const key of Object.keys(before) as (keyof TargetState)[])
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changed[key] = { before: before[key], after: after[key] };
  return changed;
}

const suites = await SuiteRunner.open({ root, clauses: CLAUSES, concurrency, reuseThreads: true });
process.on('message', (job: SentJob | 'done') => {
  if (job === 'done') {
    void suites.close().then(() => process.exit(0));
    return;
  }
  const { reportDir } = job;
  run(suites, job, reportDir).then(
    (reply) => process.send?.(reply),
    (error: unknown) => process.send?.({ error: String(error), reportDir, ms: 0 } satisfies RunReply),
  );
});
process.send?.('ready');
