/**
 * A kill-matrix worker (a child process of test/sensitivity.test.ts, talking over IPC): for each fault it is sent,
 * it starts the reference server with that fault alone, prepares a world on it, runs the fault's clause with the
 * full profile, undoes what the run created and answers with the clause's outcome. One vitest instance serves
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
}

export interface FaultVerdict extends FaultJob {
  /** The clause's outcome, or why there is none. */
  outcome: string;
  /** The exit status the command line would have given this run. */
  exitCode: number | undefined;
  reportDir: string;
  ms: number;
}

const root = resolve(import.meta.dirname, '../..');

async function judge(suites: SuiteRunner, { fault, clause }: FaultJob): Promise<FaultVerdict> {
  const started = Date.now();
  const reportDir = mkdtempSync(join(tmpdir(), 'cf-fault-'));
  const config = loadConfig({ PROFILE: 'full', CONCURRENCY: '1', REPORT_DIR: reportDir, REFERENCE_FAULTS: fault });
  const server = await startReferenceServer({ port: 0, faults: config.referenceFaults });
  try {
    const { results } = await runConformance({
      config,
      baseUrl: server.url,
      seed: FIXED_SEED,
      suites,
      clauses: CLAUSES,
      ids: new Set([clause]),
      version: 'kill-matrix',
    });
    const outcome = results?.clauses.find((c) => c.id === clause)?.outcome ?? 'no result';
    return { fault, clause, outcome, exitCode: results && exitCodeOf(results), reportDir, ms: Date.now() - started };
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
