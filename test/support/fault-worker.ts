/**
 * A kill-matrix worker (a child process of test/sensitivity.test.ts, talking over IPC): for each job it is sent, it
 * starts the reference server with the job's fault (and variants), prepares a world on it, runs the job's clauses
 * (the fault's clause alone by default) with the job's profile, undoes what the run created and answers with the
 * outcomes. One vitest instance serves
 * every fault, so only the first pays for vitest's start-up.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../helpers/config/load.ts';
import { exitCodeOf } from '../../helpers/reporters/results.ts';
import { FIXED_SEED, runConformance } from '../../helpers/run/run-conformance.ts';
import { SuiteRunner } from '../../helpers/run/suite-runner.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { CLAUSES } from '../../suites/catalog.ts';

export interface FaultJob {
  fault: string;
  clause: string;
  /** The clauses to run (default: the fault's clause alone), with this profile (default full). */
  ids?: readonly string[];
  profile?: 'quick' | 'full';
  /** Conforming variants to start the server with besides the fault. */
  variants?: readonly string[];
}

export interface FaultVerdict extends FaultJob {
  /** The clause's outcome, or why there is none. */
  outcome: string;
  /** The exit status the command line would have given this run. */
  exitCode: number | undefined;
  reportDir: string;
  ms: number;
  /** The clauses of the run that failed or warned, and those that ended otherwise than passed (with why). */
  failed?: string[];
  odd?: string[];
  /** Whether a clause of the run failed (not only warned): what makes the command line exit 1. */
  anyFailed?: boolean;
}

const root = resolve(import.meta.dirname, '../..');

/** Outcomes of a clause that neither judge the target nor break: what a run over an operation may show too. */
const QUIET = new Set(['passed', 'skipped-unsupported', 'not-applicable', 'disabled']);

async function judge(suites: SuiteRunner, job: FaultJob): Promise<FaultVerdict> {
  const { fault, clause } = job;
  const started = Date.now();
  const reportDir = mkdtempSync(join(tmpdir(), 'cf-fault-'));
  const config = loadConfig({
    PROFILE: job.profile ?? 'full',
    CONCURRENCY: '1',
    REPORT_DIR: reportDir,
    REFERENCE_FAULTS: fault,
    REFERENCE_VARIANTS: (job.variants ?? []).join(','),
  });
  const server = await startReferenceServer({
    port: 0,
    faults: config.referenceFaults,
    variants: config.referenceVariants,
  });
  try {
    const { results } = await runConformance({
      config,
      baseUrl: server.url,
      seed: FIXED_SEED,
      suites,
      clauses: CLAUSES,
      ids: new Set(job.ids ?? [clause]),
      version: 'kill-matrix',
    });
    const outcome = results?.clauses.find((c) => c.id === clause)?.outcome ?? 'no result';
    const ran = results?.clauses ?? [];
    return {
      fault,
      clause,
      outcome,
      exitCode: results && exitCodeOf(results),
      reportDir,
      ms: Date.now() - started,
      failed: ran.filter((c) => c.outcome === 'failed' || c.outcome === 'warned').map((c) => c.id),
      anyFailed: ran.some((c) => c.outcome === 'failed'),
      odd: ran
        .filter((c) => !QUIET.has(c.outcome) && c.outcome !== 'failed' && c.outcome !== 'warned')
        .map((c) => `${c.id}: ${c.outcome} ${(c.reason ?? '').slice(0, 300)}`),
    };
  } finally {
    await server.close();
  }
}

const suites = await SuiteRunner.open({ root, clauses: CLAUSES, concurrency: 1 });
process.on('message', (job: FaultJob | 'done') => {
  if (job === 'done') {
    void suites.close().then(() => process.exit(0));
    return;
  }
  judge(suites, job).then(
    (verdict) => process.send?.(verdict),
    (error: unknown) =>
      process.send?.({ ...job, outcome: `error: ${String(error)}`, exitCode: undefined, reportDir: '', ms: 0 }),
  );
});
process.send?.('ready');
