// Expected failures and baselines on real runs: a known departure does not fail the run, a fixed one is reported,
// and a baseline tells what newly fails.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runConformance } from './run-conformance.ts';

const only = ['--only', 'GET /drafts'];

describe('expected failures', () => {
  it('turn a listed failure into known-failure (exit 0) and name stale entries', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cf-expected-')), 'expected.json');
    writeFileSync(
      file,
      JSON.stringify({
        failures: [
          { id: 'DRAFTS-LIST-002', reason: 'oldest first' },
          { id: 'RETIRED-001', reason: 'gone' },
        ],
      }),
    );
    const run = await runConformance({
      env: { REFERENCE_FAULTS: 'drafts-oldest-first', EXPECTED_FAILURES: file },
      args: only,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.results!.clauses.find((c) => c.id === 'DRAFTS-LIST-002')!.outcome).toBe('known-failure');
    expect(run.stdout).toContain('names no clause RETIRED-001');
    expect(run.results!.expectedFailures).toEqual({ file, stale: ['RETIRED-001'] });

    const fixed = await runConformance({ args: [...only, '--expected-failures', file] });
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain(
      'passed although expected to fail (update the expected-failures file): DRAFTS-LIST-002',
    );
    expect(readFileSync(join(fixed.reportDir, 'conformance.md'), 'utf8')).toContain(
      'passed although listed as expected to fail',
    );
  }, 120_000);

  it('ship a file for real Zulip that names only registered clauses', async () => {
    const run = await runConformance({
      args: [...only, '--expected-failures', 'fixtures/expected-failures/zulip.json'],
    });
    expect(run.code).toBe(0);
    expect(run.results!.expectedFailures?.stale).toEqual([]);
  }, 60_000);
});

describe('baselines', () => {
  it('print newly failing clauses against an earlier run, and --update-baseline writes one', async () => {
    const baseline = join(mkdtempSync(join(tmpdir(), 'cf-baseline-')), 'baseline.json');
    const write = await runConformance({ args: [...only, '--baseline', baseline, '--update-baseline'] });
    expect(write.stdout).toContain(`baseline written to ${baseline}`);
    const run = await runConformance({
      env: { REFERENCE_FAULTS: 'drafts-oldest-first' },
      args: [...only, '--baseline', baseline],
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('1 newly failing, 0 newly passing');
    expect(run.stdout).toContain('newly failing DRAFTS-LIST-002: passed → failed');
    expect(JSON.parse(readFileSync(join(run.reportDir, 'baseline-diff.json'), 'utf8')).newlyFailing).toHaveLength(1);
  }, 120_000);
});
