// junit.xml is written from the run's results: every clause a testcase, grouped by operation, counts at both levels.
import { describe, expect, it } from 'vitest';
import { toJunit } from '../../helpers/reporters/junit.ts';
import type { ClauseResult, RunResults } from '../../helpers/reporters/results.ts';

const result = (id: string, endpoint: string, outcome: ClauseResult['outcome'], more: Partial<ClauseResult> = {}) =>
  ({ id, level: 'MUST', title: `do ${id} <well>`, section: 'Errors', endpoint, outcome, ...more }) as ClauseResult;

const results = {
  run: { durationMs: 1500 },
  clauses: [
    result('DRAFTS-CREATE-001', 'POST /drafts', 'failed', {
      reason: 'POST /drafts answered "msg": 1 & more\nsecond line',
      curl: "curl -sS -X POST 'http://t/api/v1/drafts'",
      ms: 1250,
    }),
    result('RESP-DRAFTS-CREATE-001', 'POST /drafts', 'passed'),
    result('DRAFTS-LIST-001', 'GET /drafts', 'error', { reason: 'setup step failed' }),
    result('DRAFTS-LIST-002', 'GET /drafts', 'disabled', { reason: 'set MEMBER_EMAIL' }),
    result('DRAFTS-LIST-003', 'GET /drafts', 'known-failure', { reason: 'oldest first' }),
    result('DRAFTS-LIST-004', 'GET /drafts', 'warned', { level: 'SHOULD', reason: 'text/plain' }),
  ],
} as unknown as RunResults;
const junit = toJunit(results);

describe('junit.xml from the results', () => {
  it('counts every clause at the root, and each operation in its testsuite', () => {
    expect(junit).toContain(
      '<testsuites name="teamchat-conformance" tests="6" failures="1" errors="1" skipped="2" time="1.500">',
    );
    expect(junit).toContain(
      '<testsuite name="POST /drafts" tests="2" failures="1" errors="0" skipped="0" time="1.250">',
    );
    expect(junit).toContain(
      '<testsuite name="GET /drafts" tests="4" failures="0" errors="1" skipped="2" time="0.000">',
    );
    expect(junit.match(/<testcase /g)).toHaveLength(6);
    expect(junit.trimEnd().endsWith('</testsuites>')).toBe(true);
  });

  it("names each testcase as its check's test, escaped, and gives a failure its reason and curl", () => {
    expect(junit).toContain('name="DRAFTS-CREATE-001 MUST do DRAFTS-CREATE-001 &lt;well&gt;" time="1.250"');
    expect(junit).toContain('<failure message="POST /drafts answered &quot;msg&quot;: 1 &amp; more" type="MUST">');
    expect(junit).toContain('second line\n\ncurl -sS -X POST &apos;http://t/api/v1/drafts&apos;</failure>');
    expect(junit).toContain('<error message="setup step failed" type="SetupError">');
  });

  it('skips what was not judged here, saying why; a warning passes with its warning on the output', () => {
    expect(junit).toContain('<skipped message="disabled: set MEMBER_EMAIL"/>');
    expect(junit).toContain('<skipped message="known-failure: oldest first"/>');
    expect(junit).toContain('<system-out>warned (SHOULD): text/plain</system-out>');
  });
});
