// --shard i/n splits the suite files; merge combines the parts into one report that covers every clause.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUSES } from '../../suites/catalog.ts';
import { runConformance, SKIPPED_BY_DESIGN } from './run-conformance.ts';

describe('shards', () => {
  it('run disjoint parts that merge into one complete report', async () => {
    const [one, two] = await Promise.all([
      runConformance({ args: ['--shard', '1/2'] }),
      runConformance({ args: ['--shard', '2/2'] }),
    ]);
    for (const part of [one, two]) expect(part.code, part.stdout + part.stderr).toBe(0);
    // A clause judged over every response (RESP-*) is judged in both: the merge keeps the worse outcome.
    const judged = new Set(CLAUSES.filter((c) => c.drivenBy).map((c) => c.id));
    const ran = (r: typeof one) =>
      r.results!.clauses.filter((c) => c.outcome !== 'not-run' && !judged.has(c.id)).map((c) => c.id);
    expect(
      ran(one).filter((id) => ran(two).includes(id)),
      'clauses both shards ran',
    ).toEqual([]);
    expect(ran(one).length).toBeGreaterThan(0);
    expect(ran(two).length).toBeGreaterThan(0);

    const baseline = join(one.reportDir, 'baseline', 'conformance.json');
    const merged = await runConformance({
      args: [
        'merge',
        one.reportDir,
        two.reportDir,
        '--report-dir',
        join(one.reportDir, 'merged'),
        '--baseline',
        baseline,
        '--update-baseline',
      ],
    });
    expect(merged.code, merged.stdout + merged.stderr).toBe(0);
    expect(merged.stdout).toContain(`baseline written to ${baseline}`);
    expect(JSON.parse(readFileSync(baseline, 'utf8')).counts['not-run']).toBe(0);
    const dir = join(one.reportDir, 'merged');
    const results = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));
    expect(results.counts.passed).toBe(CLAUSES.length - SKIPPED_BY_DESIGN.length);
    expect(results.counts['not-run']).toBe(0);
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)).toHaveLength(CLAUSES.length);
    expect(existsSync(join(dir, 'conformance.md'))).toBe(true);
  }, 120_000);
});
