// `npm run conformance` against the embedded reference server: the whole suite passes, and the reports are right.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../../fixtures/realm.ts';
import { CLAUSES } from '../../suites/catalog.ts';
import { type RunOutcome, runConformance, SKIPPED_BY_DESIGN } from './run-conformance.ts';

let run: RunOutcome;
beforeAll(async () => {
  run = await runConformance();
}, 120_000);

describe('a conformance run against the embedded reference server', () => {
  it('exits 0 with every clause passed (no false failures)', () => {
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    const notPassed = run
      .results!.clauses.filter((c) => c.outcome !== 'passed')
      .filter((c) => !(SKIPPED_BY_DESIGN.includes(c.id) && c.outcome === 'skipped-unsupported'))
      .map((c) => `${c.id}: ${c.outcome} ${c.reason ?? ''}`);
    expect(notPassed).toEqual([]);
  });

  it('prints the seed first', () => {
    expect(run.stdout.split('\n')[0]).toMatch(/^teamchat-conformance \S+ · seed 20261122 /);
  });

  it('writes all four reports, listing every clause', () => {
    for (const file of ['conformance.json', 'conformance.md', 'junit.xml'])
      expect(existsSync(join(run.reportDir, file)), file).toBe(true);
    expect(readdirSync(join(run.reportDir, 'allure-results')).filter((f) => f.endsWith('-result.json')).length).toBe(
      CLAUSES.length,
    );
    expect(run.results!.clauses.map((c) => c.id)).toEqual(CLAUSES.map((c) => c.id).sort());
    expect(run.results!.run).toMatchObject({ seed: 20261122, profile: 'quick', embedded: true, featureLevel: 472 });
    const junit = readFileSync(join(run.reportDir, 'junit.xml'), 'utf8');
    expect(junit).toContain(`tests="${CLAUSES.length}"`);
  });

  it('labels allure results with clause, level and endpoint', () => {
    const dir = join(run.reportDir, 'allure-results');
    const result = readdirSync(dir)
      .filter((f) => f.endsWith('-result.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))
      .find((r) => r.name.startsWith('DRAFTS-LIST-002 '));
    const labels = Object.fromEntries(result.labels.map((l: { name: string; value: string }) => [l.name, l.value]));
    expect(labels).toMatchObject({
      clause: 'DRAFTS-LIST-002',
      level: 'MUST',
      endpoint: 'GET /drafts',
      outcome: 'passed',
    });
  });

  it('leaks no API key or password into the reports or the output', () => {
    const secrets = SEED_USERS.flatMap((u) => [u.apiKey, u.password]).filter((s) => s.length > 0);
    const files = readdirSync(run.reportDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    const texts = [run.stdout, run.stderr, ...files.map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))];
    expect(secrets.filter((s) => texts.some((t) => t.includes(s)))).toEqual([]);
  });
});
