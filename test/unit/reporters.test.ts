import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Clause } from '../../helpers/clauses/types.ts';
import { diffBaseline } from '../../helpers/reporters/baseline.ts';
import { toHtml } from '../../helpers/reporters/html.ts';
import { writeJobSummary } from '../../helpers/reporters/job-summary.ts';
import { toMarkdown } from '../../helpers/reporters/markdown.ts';
import {
  buildResults,
  errorsByCause,
  exitCodeOf,
  judgedFigures,
  type TestSeen,
} from '../../helpers/reporters/results.ts';
import { RUN } from '../support/run-info.ts';

const clause = (id: string, level: Clause['level'], endpoint = 'POST /drafts'): Clause => ({
  id,
  area: 'drafts',
  file: 'suites/drafts/post-drafts.test.ts',
  level,
  title: `do the thing ${id}`,
  section: '10. Create drafts',
  endpoint,
});
const CLAUSES = [
  clause('B-001', 'MUST'),
  clause('A-001', 'SHOULD', '*'),
  clause('C-001', 'MUST'),
  clause('D-001', 'MAY'),
  clause('E-001', 'MUST'),
];
const exchange = {
  method: 'POST',
  url: 'http://t/api/v1/drafts',
  caller: 'a@example.com',
  encoding: 'form' as const,
  params: [],
  status: 200,
  responseBody: '{"result":"success"}',
  ms: 3,
};

const seen: TestSeen[] = [
  {
    clauseId: 'C-001',
    state: 'failed',
    record: {
      clauseId: 'C-001',
      outcome: 'failed',
      reason: 'wanted BAD_REQUEST\n  got: …',
      exchanges: [exchange],
      curl: "curl -sS -X POST 'http://t/api/v1/drafts'",
    },
  },
  { clauseId: 'A-001', state: 'passed', record: { clauseId: 'A-001', outcome: 'warned', reason: 'wanted json' } },
  { clauseId: 'B-001', state: 'passed', record: { clauseId: 'B-001', outcome: 'passed', notes: ['saw x'] } },
  {
    clauseId: 'D-001',
    state: 'skipped',
    record: { clauseId: 'D-001', outcome: 'disabled', reason: 'needs the guest account' },
  },
  { clauseId: 'E-001', state: 'failed', error: 'TypeError: boom' },
];

describe('results', () => {
  const results = buildResults(seen, RUN, '0.1.0', CLAUSES);

  it('lists every registered clause once, in stable id order, with its outcome', () => {
    expect(results.clauses.map((c) => [c.id, c.outcome])).toEqual([
      ['A-001', 'warned'],
      ['B-001', 'passed'],
      ['C-001', 'failed'],
      ['D-001', 'disabled'],
      ['E-001', 'error'],
    ]);
    expect(buildResults([...seen].reverse(), RUN, '0.1.0', CLAUSES).clauses).toEqual(results.clauses);
  });

  it('reports a registered clause no check ran as not-run', () => {
    expect(buildResults([], RUN, '0.1.0', CLAUSES).counts['not-run']).toBe(5);
  });

  it('counts per outcome and per level', () => {
    expect(results.counts).toMatchObject({ passed: 1, failed: 1, warned: 1, disabled: 1, error: 1 });
    expect(results.countsByLevel.MUST).toMatchObject({ passed: 1, failed: 1, error: 1 });
    expect(results.countsByLevel.SHOULD.warned).toBe(1);
  });

  it('exits 1 on failures, else 2 on harness errors, 0 otherwise (warnings included)', () => {
    expect(exitCodeOf(results)).toBe(1);
    expect(exitCodeOf(buildResults(seen.slice(1), RUN, '0.1.0', CLAUSES))).toBe(2);
    expect(exitCodeOf(buildResults(seen.slice(0, 4), RUN, '0.1.0', CLAUSES.slice(0, 4)))).toBe(1);
    expect(exitCodeOf(buildResults(seen.slice(1, 4), RUN, '0.1.0', CLAUSES.slice(0, 2).concat(CLAUSES[3]!)))).toBe(0);
  });
});

describe('errors by cause', () => {
  it('group checks whose errors have the same cause, whatever request it was about', () => {
    const down = (id: string, req: string): TestSeen => ({
      clauseId: id,
      state: 'failed',
      record: { clauseId: id, outcome: 'error', reason: `${req}: ECONNRESET socket hang up\nmore` },
    });
    const r = buildResults(
      [
        down('A-001', 'GET http://t/api/v1/drafts'),
        down('B-001', 'POST http://t/api/v1/drafts'),
        // A RESP-* clause without an answer to judge ends as its driving check did.
        down('D-001', 'no response of GET /drafts to judge: POST http://t/api/v1/drafts'),
        {
          clauseId: 'C-001',
          state: 'failed',
          record: { clauseId: 'C-001', outcome: 'error', reason: 'setup step failed' },
        },
      ],
      RUN,
      '0',
      CLAUSES,
    );
    expect(errorsByCause(r)).toEqual([
      ['ECONNRESET socket hang up', ['A-001', 'B-001', 'D-001']],
      ['setup step failed', ['C-001']],
    ]);
  });
});

describe('conformance.md', () => {
  const md = toMarkdown(buildResults(seen, RUN, '0.1.0', CLAUSES));

  it('states target, feature level and seed', () => {
    expect(md).toContain('- target: http://t');
    expect(md).toContain('feature level judged against: 400');
    expect(md).toContain('seed: 42');
  });

  it('groups clauses per endpoint, rules over every operation first', () => {
    expect(md.indexOf('### Every operation')).toBeLessThan(md.indexOf('### POST /drafts'));
    expect(md).toMatch(/\| C-001 \| MUST \| ❌ failed \|/);
  });

  it('leads with the verdict, then the failures (failed first), before counts and tables', () => {
    expect(md.split('\n')[2]).toBe(
      '**Not conforming: 1 MUST clause failed, 1 check ended in error; 1 SHOULD clause warned.**',
    );
    const failures = md.indexOf('## Failures');
    expect(failures).toBeLessThan(md.indexOf('## Counts'));
    expect(md.indexOf('### C-001', failures)).toBeLessThan(md.indexOf('### E-001', failures));
    expect(md.indexOf('### E-001', failures)).toBeLessThan(md.indexOf('### A-001', failures));
  });

  it('shows failures with their evidence and a curl command', () => {
    const failures = md.slice(md.indexOf('## Failures'), md.indexOf('## Clauses by endpoint'));
    expect(failures).toContain('### C-001');
    expect(failures).toContain('wanted BAD_REQUEST');
    expect(failures).toContain("curl -sS -X POST 'http://t/api/v1/drafts'");
    expect(failures).toContain('### A-001');
    expect(failures).not.toContain('### B-001');
  });
});

describe('the GitHub Actions job summary', () => {
  const results = buildResults(seen, RUN, '0.1.0', CLAUSES);
  const env = (file: string) => ({
    GITHUB_STEP_SUMMARY: file,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/chat',
    GITHUB_RUN_ID: '77',
  });

  it('appends the verdict, the counts, each problem with its sentence, the baseline changes and the reports link', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cf-summary-')), 'summary.md');
    const baseline = buildResults(
      seen.map((s) =>
        s.clauseId === 'C-001'
          ? { clauseId: 'C-001', state: 'passed', record: { clauseId: 'C-001', outcome: 'passed' } }
          : s,
      ),
      RUN,
      '0.1.0',
      CLAUSES,
    );
    expect(writeJobSummary(results, env(file), diffBaseline(baseline, results))).toBe(true);
    const md = readFileSync(file, 'utf8');
    const lines = md.split('\n');
    expect(lines[0]).toBe(
      '## ❌ Team Chat API conformance: Not conforming: 1 MUST clause failed, 1 check ended in error; 1 SHOULD clause warned.',
    );
    expect(md).toContain('| level | passed | failed | warned | disabled | error |');
    expect(md).toContain('| **all** | **1** | **1** | **1** | **1** | **1** |');
    const row = lines.find((l) => l.startsWith('| C-001 |'));
    expect(row).toBe('| C-001 | failed | MUST do the thing C-001 | wanted BAD_REQUEST |');
    expect(lines.findIndex((l) => l.startsWith('| C-001 |'))).toBeLessThan(
      lines.findIndex((l) => l.startsWith('| A-001 |')),
    );
    expect(md).toContain('**1 newly failing**');
    expect(md).toContain('- newly failing C-001: passed → failed');
    expect(md).toContain('[download](https://github.com/acme/chat/actions/runs/77#artifacts)');
  });

  it('says "Conforming" when nothing failed, and writes nothing outside GitHub Actions', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cf-summary-')), 'summary.md');
    const passing = buildResults(seen.slice(1, 3), RUN, '0.1.0', CLAUSES.slice(0, 2));
    writeJobSummary(passing, env(file));
    expect(readFileSync(file, 'utf8').split('\n')[0]).toMatch(/^## ✅ Team Chat API conformance: Conforming/);
    expect(writeJobSummary(passing, {})).toBe(false);
  });
});

describe('conformance.html', () => {
  it('escapes everything the target sent, so evidence never becomes markup', () => {
    const hostile: TestSeen = {
      clauseId: 'C-001',
      state: 'failed',
      record: {
        clauseId: 'C-001',
        outcome: 'failed',
        reason: '<script>alert(1)</script>',
        exchanges: [{ ...exchange, responseBody: '<img src=x onerror=alert(2)>' }],
        curl: "curl 'x'",
      },
    };
    const html = toHtml(buildResults([hostile], RUN, '0.1.0', CLAUSES));
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.match(/<script>/g)).toHaveLength(1); // only the page's own filter script
  });

  it('loads nothing from the network', () => {
    const html = toHtml(buildResults(seen, RUN, '0.1.0', CLAUSES));
    expect(html).not.toMatch(/(src|href)=["']?https?:/);
    expect(html).not.toMatch(/@import|url\(/);
  });
});

describe('named figures', () => {
  it("keeps each check's figures on its clause and sums each over the run, for every report to show", () => {
    const counted = (id: string, figures: Record<string, number>): TestSeen => ({
      clauseId: id,
      state: 'passed',
      record: { clauseId: id, outcome: 'passed', figures },
    });
    const r = buildResults(
      [counted('B-001', { 'bad-input probes sent': 3 }), counted('C-001', { 'bad-input probes sent': 4, widgets: 1 })],
      RUN,
      't',
      CLAUSES,
    );
    expect(r.clauses.find((c) => c.id === 'C-001')?.figures).toEqual({ 'bad-input probes sent': 4, widgets: 1 });
    expect(r.figures).toEqual({ 'bad-input probes sent': 7, widgets: 1 });
    expect(judgedFigures(r)).toBe(' · 7 bad-input probes sent · 1 widgets');
    expect(toMarkdown(r)).toContain('7 bad-input probes sent · 1 widgets');
  });
});
