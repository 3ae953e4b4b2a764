/**
 * Sensitivity: for every fault of the catalogue, the reference server is started with it and the suite must fail,
 * on the clause the fault breaks (a failed SHOULD counts: it is reported as warned). Only that clause runs
 * (`--only ID`), two faults at a time, with the full profile's property runs. Prints the kill matrix.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../fixtures/realm.ts';
import { FAULTS } from '../reference/faults.ts';
import { type RunOutcome, runConformance } from './e2e/run-conformance.ts';

const rows: { fault: string; clause: string; outcome: string; caught: boolean; ms: number }[] = [];
const started = Date.now();

function runFault(fault: string, clause: string): Promise<RunOutcome> {
  return runConformance({
    env: { REFERENCE_FAULTS: fault, CONCURRENCY: '1', PROFILE: 'full' },
    args: ['--only', clause],
  });
}

describe('sensitivity: each fault is caught by its own clause', () => {
  it.concurrent.each(Object.entries(FAULTS))(
    '%s',
    async (fault, { clause }) => {
      const run = await runFault(fault, clause);
      const outcome =
        run.results?.clauses.find((c) => c.id === clause)?.outcome ??
        `no result (exit ${run.code}: ${run.stderr.slice(0, 300)})`;
      const caught = outcome === 'failed' || outcome === 'warned';
      rows.push({ fault, clause, outcome, caught, ms: run.ms });
      expect(caught, `${fault} should make ${clause} fail; it was ${outcome}`).toBe(true);
      expect(run.code, 'exit status of a run with a failed or warned clause').toBe(outcome === 'failed' ? 1 : 0);
      // Failures carry evidence: exchanges and a curl command, with no credential in them.
      const secrets = SEED_USERS.flatMap((u) => [u.apiKey, u.password]).filter(Boolean);
      const report =
        readFileSync(join(run.reportDir, 'conformance.json'), 'utf8') +
        readFileSync(join(run.reportDir, 'conformance.md'), 'utf8') +
        run.stdout;
      expect(
        secrets.filter((s) => report.includes(s)),
        'credentials in the reports',
      ).toEqual([]);
      expect(report).toContain('curl -sS');
    },
    120_000,
  );
});

afterAll(() => {
  const caught = rows.filter((r) => r.caught).length;
  const lines = rows
    .sort((a, b) => a.clause.localeCompare(b.clause) || a.fault.localeCompare(b.fault))
    .map(
      (r) =>
        `  ${r.caught ? 'caught ' : 'MISSED '} ${r.clause.padEnd(18)} ${r.fault.padEnd(38)} ${r.outcome.padEnd(8)} ${(r.ms / 1000).toFixed(1)} s`,
    );
  console.log(
    `\nkill matrix: ${caught}/${rows.length} faults caught in ${((Date.now() - started) / 1000).toFixed(1)} s\n${lines.join('\n')}\n`,
  );
});
