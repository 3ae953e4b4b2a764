// The clauses judged over every response (RESP-*) have no vitest test: they get Allure results of their own.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addJudgedClauses } from '../../helpers/reporters/judged-clauses.ts';
import type { ClauseResult, RunResults } from '../../helpers/reporters/results.ts';

const result = (id: string, outcome: ClauseResult['outcome'], reason?: string): ClauseResult => ({
  id,
  level: 'MUST',
  title: `answer every call of ${id} <well>`,
  section: 'Errors',
  endpoint: 'POST /drafts',
  outcome,
  ...(reason ? { reason } : {}),
});

describe('clauses judged over every response, in Allure', () => {
  const dir = mkdtempSync(join(tmpdir(), 'judged-'));
  const results = {
    clauses: [
      result('DRAFTS-CREATE-001', 'failed', 'x'),
      result('RESP-A-001', 'failed', 'POST /drafts answered "msg": 1 & more\nsecond line'),
      result('RESP-B-001', 'passed'),
      result('RESP-C-001', 'not-run'),
    ],
  } as unknown as RunResults;
  addJudgedClauses(dir, results, new Set(['RESP-A-001', 'RESP-B-001', 'RESP-C-001']));

  it('writes one Allure result per judged clause, with its status and clause label', () => {
    const files = readdirSync(join(dir, 'allure-results')).filter((f) => f.endsWith('-result.json'));
    const written = files.map((f) => JSON.parse(readFileSync(join(dir, 'allure-results', f), 'utf8')));
    const byClause = Object.fromEntries(
      written.map((r) => [r.labels.find((l: { name: string }) => l.name === 'clause').value, r.status]),
    );
    expect(byClause).toEqual({ 'RESP-A-001': 'failed', 'RESP-B-001': 'passed', 'RESP-C-001': 'skipped' });
  });
});
