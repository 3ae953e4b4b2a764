// Allure's results are written from the run's results through allure-js-commons: one test per clause, labelled,
// timed as its check ran, a step per exchange of its evidence with the exchange attached, the curl and notes beside.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lanesOf, writeAllure } from '../../helpers/reporters/allure.ts';
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

const T0 = Date.parse('2026-11-26T00:00:00.000Z');
const exchange = { caller: 'hamlet@zulip.com', encoding: 'form', ms: 3 } as const;

function written(clauses: ClauseResult[], run: Partial<RunResults['run']> = {}) {
  const dir = join(mkdtempSync(join(tmpdir(), 'allure-')), 'allure-results');
  writeAllure(dir, { run: { startedAt: new Date(T0).toISOString(), durationMs: 1000, ...run }, clauses } as RunResults);
  const tests = readdirSync(dir)
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  const byClause: Record<string, any> = Object.fromEntries(
    tests.map((r) => [r.labels.find((l: { name: string }) => l.name === 'clause').value, r]),
  );
  const read = (a: { source: string }) => readFileSync(join(dir, a.source), 'utf8');
  return { tests, byClause, read };
}

const { tests, byClause, read } = written([
  result('DRAFTS-CREATE-001', 'failed', {
    reason: 'wanted 1 id',
    curl: "curl -sS -X POST 'http://t/api/v1/drafts'",
    exchanges: [
      {
        ...exchange,
        method: 'GET',
        url: 'http://t/api/v1/drafts',
        encoding: 'query',
        params: [],
        status: 200,
        at: T0 + 10,
      },
      {
        ...exchange,
        method: 'POST',
        url: 'http://t/api/v1/drafts',
        params: [['drafts', '[]']],
        status: 400,
        responseHeaders: { 'content-type': 'application/json' },
        responseBody: '{"result":"error"}',
        at: T0 + 20,
      },
    ],
    started: T0 + 5,
    ms: 250,
  }),
  result('RESP-DRAFTS-CREATE-001', 'passed', { notes: ['3 responses of POST /drafts judged'] }),
  result('DRAFTS-CREATE-002', 'error', { reason: 'setup step failed', since: 87, started: T0 + 100, ms: 50 }),
  result('DRAFTS-CREATE-003', 'known-failure', { reason: 'oldest first' }),
]);

describe("Allure's results from the run's results", () => {
  it('writes one test per clause, judged-over-every-response ones too, with its status and a stable historyId', () => {
    expect(tests).toHaveLength(4);
    expect(Object.fromEntries(Object.entries(byClause).map(([id, r]) => [id, r.status]))).toEqual({
      'DRAFTS-CREATE-001': 'failed',
      'RESP-DRAFTS-CREATE-001': 'passed',
      'DRAFTS-CREATE-002': 'broken',
      'DRAFTS-CREATE-003': 'skipped',
    });
    expect(byClause['DRAFTS-CREATE-003'].statusDetails.message).toBe('known failure: oldest first');
    expect(byClause['DRAFTS-CREATE-001'].historyId).toBe('DRAFTS-CREATE-001');
  });

  it('labels each with its clause, level, endpoint, section, outcome, the feature level it needs, and its host', () => {
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
      suite: 'POST /drafts',
      parentSuite: '10. Create drafts',
      host: expect.any(String),
    });
    expect(byClause['DRAFTS-CREATE-001'].name).toBe('DRAFTS-CREATE-001 MUST do DRAFTS-CREATE-001');
  });

  it('times each test as its check ran; a clause without a check of its own sits at the run start', () => {
    expect(byClause['DRAFTS-CREATE-001']).toMatchObject({ start: T0 + 5, stop: T0 + 255 });
    expect(byClause['RESP-DRAFTS-CREATE-001']).toMatchObject({ start: T0, stop: T0 });
  });

  it('puts checks that overlap in time on different timeline lanes, and reuses a lane once free', () => {
    const lanes = lanesOf([
      result('A', 'passed', { started: 0, ms: 100 }),
      result('B', 'passed', { started: 50, ms: 100 }),
      result('C', 'passed', { started: 120, ms: 10 }),
      result('D', 'passed'),
    ]);
    expect(Object.fromEntries(lanes)).toEqual({ A: 'lane 1', B: 'lane 2', C: 'lane 1' });
    const thread = (id: string) => byClause[id].labels.find((l: { name: string }) => l.name === 'thread')?.value;
    // 001 ran from +5 to +255 ms, 002 from +100: side by side.
    expect([thread('DRAFTS-CREATE-001'), thread('DRAFTS-CREATE-002'), thread('RESP-DRAFTS-CREATE-001')]).toEqual([
      'lane 1',
      'lane 2',
      undefined,
    ]);
  });

  it("makes each exchange of the evidence a step, the departing one last with the clause's status", () => {
    const steps = byClause['DRAFTS-CREATE-001'].steps;
    expect(steps.map((s: any) => [s.name, s.status, s.start, s.stop])).toEqual([
      ['GET /drafts → 200', 'passed', T0 + 10, T0 + 13],
      ['POST /drafts → 400', 'failed', T0 + 20, T0 + 23],
    ]);
    expect(steps[1].parameters).toEqual([{ name: 'as', value: 'hamlet@zulip.com' }]);
    const [attached] = steps[1].attachments;
    expect(attached).toMatchObject({ name: 'POST /drafts', type: 'application/vnd.allure.http+json' });
    expect(JSON.parse(read(attached))).toEqual({
      schemaVersion: 1,
      request: {
        method: 'POST',
        url: 'http://t/api/v1/drafts',
        body: { contentType: 'application/x-www-form-urlencoded', form: [{ name: 'drafts', value: '[]' }] },
      },
      response: {
        status: 400,
        headers: [{ name: 'content-type', value: 'application/json' }],
        body: { encoding: 'utf8', value: '{"result":"error"}', contentType: 'application/json' },
      },
      start: T0 + 20,
      stop: T0 + 23,
    });
  });

  it("attaches a failure's curl and a check's notes to the test", () => {
    const attached = (id: string) =>
      Object.fromEntries(byClause[id].attachments.map((a: { name: string; source: string }) => [a.name, read(a)]));
    expect(attached('DRAFTS-CREATE-001')).toEqual({ 'reproduce.sh': "curl -sS -X POST 'http://t/api/v1/drafts'" });
    expect(attached('RESP-DRAFTS-CREATE-001')).toEqual({ 'notes.txt': '3 responses of POST /drafts judged' });
  });

  it('reports a clause a cut-short run never reached as broken, saying why', () => {
    const cut = written([result('DRAFTS-CREATE-004', 'not-run')], { cutShort: 'interrupted by SIGINT' });
    expect(cut.byClause['DRAFTS-CREATE-004']).toMatchObject({
      status: 'broken',
      statusDetails: { message: 'not run: the run was interrupted by SIGINT' },
    });
  });
});
