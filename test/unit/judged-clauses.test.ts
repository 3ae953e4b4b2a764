// The clauses judged over every response (RESP-*) have no vitest test: they are added to junit.xml and Allure.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addJudgedClauses } from '../../helpers/reporters/judged-clauses.ts';
import type { ClauseResult, RunResults } from '../../helpers/reporters/results.ts';

const JUNIT = `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="teamchat-conformance" tests="2" failures="1" errors="0" time="1.5">
    <testsuite name="suites/drafts/post-drafts.test.ts" tests="2" failures="1" errors="0" skipped="0" time="1.5">
    </testsuite>
</testsuites>
`;

const result = (id: string, outcome: ClauseResult['outcome'], reason?: string): ClauseResult => ({
  id,
  level: 'MUST',
  title: `answer every call of ${id} <well>`,
  section: 'Errors',
  endpoint: 'POST /drafts',
  outcome,
  ...(reason ? { reason } : {}),
});

describe('clauses judged over every response, in junit.xml and Allure', () => {
  const dir = mkdtempSync(join(tmpdir(), 'judged-'));
  writeFileSync(join(dir, 'junit.xml'), JUNIT);
  const results = {
    clauses: [
      result('DRAFTS-CREATE-001', 'failed', 'x'),
      result('RESP-A-001', 'failed', 'POST /drafts answered "msg": 1 & more\nsecond line'),
      result('RESP-B-001', 'passed'),
      result('RESP-C-001', 'not-run'),
    ],
  } as unknown as RunResults;
  addJudgedClauses(dir, results, new Set(['RESP-A-001', 'RESP-B-001', 'RESP-C-001']));
  const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');

  it('adds a testsuite of the judged clauses, with failures and skips, and raises the root counts', () => {
    expect(junit).toContain('<testsuites name="teamchat-conformance" tests="5" failures="2" errors="0" time="1.5">');
    expect(junit).toContain('<testsuite name="every response judged" tests="3" failures="1" errors="0" skipped="1"');
    expect(junit).toContain(
      '<failure message="POST /drafts answered &quot;msg&quot;: 1 &amp; more" type="ConformanceAssertion">',
    );
    expect(junit).toContain(
      'name="RESP-C-001 MUST answer every call of RESP-C-001 &lt;well&gt;" time="0">\n            <skipped/>',
    );
    expect(junit.trimEnd().endsWith('</testsuites>')).toBe(true);
    expect(junit.match(/<testcase /g)).toHaveLength(3);
  });

  it('writes one Allure result per judged clause, with its status and clause label', () => {
    const files = readdirSync(join(dir, 'allure-results')).filter((f) => f.endsWith('-result.json'));
    const written = files.map((f) => JSON.parse(readFileSync(join(dir, 'allure-results', f), 'utf8')));
    const byClause = Object.fromEntries(
      written.map((r) => [r.labels.find((l: { name: string }) => l.name === 'clause').value, r.status]),
    );
    expect(byClause).toEqual({ 'RESP-A-001': 'failed', 'RESP-B-001': 'passed', 'RESP-C-001': 'skipped' });
  });
});
