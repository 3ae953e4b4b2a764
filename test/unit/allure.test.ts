// Allure's results are written from the run's results: one per clause, labelled, with a failure's evidence attached.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAllure } from '../../helpers/reporters/allure.ts';
import type { ClauseResult, RunResults } from '../../helpers/reporters/results.ts';

const result = (id: string, outcome: ClauseResult['outcome'], more: Partial<ClauseResult> = {}) =>
  ({
    id,
    level: 'MUST',
    title: `do ${id}`,
    section: '10. Create drafts',
    endpoint: 'POST /drafts',
    outcome,
    ...more,
  }) as ClauseResult;

const dir = join(mkdtempSync(join(tmpdir(), 'allure-')), 'allure-results');
const results = {
  run: { startedAt: '2026-11-26T00:00:00.000Z', durationMs: 1000 },
  clauses: [
    result('DRAFTS-CREATE-001', 'failed', {
      reason: 'wanted 1 id',
      curl: "curl -sS -X POST 'http://t/api/v1/drafts'",
      exchanges: [{ method: 'POST', url: 'http://t/api/v1/drafts', caller: 'x', encoding: 'form', params: [], ms: 3 }],
      ms: 250,
    }),
    result('RESP-DRAFTS-CREATE-001', 'passed', { notes: ['3 responses of POST /drafts judged'] }),
    result('DRAFTS-CREATE-002', 'error', { reason: 'setup step failed', since: 87 }),
    result('DRAFTS-CREATE-003', 'known-failure', { reason: 'oldest first' }),
  ],
} as unknown as RunResults;
writeAllure(dir, results);
const files = readdirSync(dir);
const written = files
  .filter((f) => f.endsWith('-result.json'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
const byClause: Record<string, any> = Object.fromEntries(
  written.map((r) => [r.labels.find((l: { name: string }) => l.name === 'clause').value, r]),
);

describe("Allure's results from the run's results", () => {
  it('writes one result per clause, judged-over-every-response ones too, with its status', () => {
    expect(written).toHaveLength(4);
    expect(Object.fromEntries(Object.entries(byClause).map(([id, r]) => [id, r.status]))).toEqual({
      'DRAFTS-CREATE-001': 'failed',
      'RESP-DRAFTS-CREATE-001': 'passed',
      'DRAFTS-CREATE-002': 'broken',
      'DRAFTS-CREATE-003': 'skipped',
    });
    expect(byClause['DRAFTS-CREATE-003'].statusDetails.message).toBe('known failure: oldest first');
  });

  it('labels each with its clause, level, endpoint, section, outcome and the feature level it needs', () => {
    const labels = (id: string) =>
      Object.fromEntries(byClause[id].labels.map((l: { name: string; value: string }) => [l.name, l.value]));
    expect(labels('DRAFTS-CREATE-002')).toMatchObject({
      clause: 'DRAFTS-CREATE-002',
      level: 'MUST',
      endpoint: 'POST /drafts',
      section: '10. Create drafts',
      outcome: 'error',
      severity: 'critical',
      featureLevel: '87',
    });
    expect(byClause['DRAFTS-CREATE-001'].name).toBe('DRAFTS-CREATE-001 MUST do DRAFTS-CREATE-001');
    expect(byClause['DRAFTS-CREATE-001'].stop - byClause['DRAFTS-CREATE-001'].start).toBe(250);
  });

  it("attaches a failure's exchanges and curl, and a check's notes, as files beside the result", () => {
    const attached = (id: string) =>
      Object.fromEntries(
        byClause[id].attachments.map((a: { name: string; source: string }) => [
          a.name,
          readFileSync(join(dir, a.source), 'utf8'),
        ]),
      );
    const failed = attached('DRAFTS-CREATE-001');
    expect(Object.keys(failed)).toEqual(['exchanges.json', 'reproduce.sh']);
    expect(JSON.parse(failed['exchanges.json']!)[0].url).toBe('http://t/api/v1/drafts');
    expect(failed['reproduce.sh']).toBe("curl -sS -X POST 'http://t/api/v1/drafts'");
    expect(attached('RESP-DRAFTS-CREATE-001')).toEqual({ 'notes.txt': '3 responses of POST /drafts judged' });
  });
});
