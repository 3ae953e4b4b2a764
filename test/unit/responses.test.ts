// Every response judged: the tally of one check's exchanges (on whole bodies) and the per-operation RESP-* clauses
// the reporter sums from all checks' tallies.
import { describe, expect, it } from 'vitest';
import { tallyResponses } from '../../helpers/checks/responses.ts';
import type { Clause } from '../../helpers/clauses/types.ts';
import type { Exchange } from '../../helpers/http/exchange.ts';
import { Recorder } from '../../helpers/http/recorder.ts';
import { buildResults, type RunInfo, type TestSeen } from '../../helpers/reporters/results.ts';

const answer = (path: string, body: unknown, contentType = 'application/json'): Exchange => ({
  method: 'GET',
  url: `http://t/api/v1${path}`,
  caller: 'a@example.com',
  encoding: 'query',
  params: [],
  status: 200,
  responseHeaders: { 'content-type': contentType },
  responseBody: JSON.stringify(body),
  ms: 1,
});
const ok = { result: 'success', msg: '' };

describe('tallyResponses', () => {
  it('counts the judged answers per operation and keeps the first departure, ignoring set-up operations', () => {
    const recorder = new Recorder();
    recorder.add(answer('/drafts', { ...ok, count: 0, drafts: [] }));
    recorder.add(answer('/drafts', { ...ok, drafts: [] }));
    recorder.add(answer('/drafts', { ...ok, msg: 'x', count: 0, drafts: [] }));
    recorder.add(answer('/users/me', { ...ok, user_id: 1 }));
    const tally = tallyResponses(recorder, 400, 'X-001');
    expect(tally.judged).toEqual({ 'GET /drafts': 3 });
    expect(tally.departures['GET /drafts']?.rule).toBe('shape.field-missing');
    expect(tally.departures['GET /drafts']?.curl).toContain('/api/v1/drafts');
  });

  it('judges the whole body, not the excerpt a report keeps', () => {
    const recorder = new Recorder();
    const streams = Array.from({ length: 200 }, (_, i) => ({ stream_id: i, name: `channel ${i}`.padEnd(40, '.') }));
    const whole = answer('/streams', { ...ok, streams: Object.fromEntries(streams.map((s, i) => [i, s])) });
    recorder.add({ ...whole, responseBody: `${whole.responseBody!.slice(0, 100)}…` }, whole.responseBody);
    expect(tallyResponses(recorder, 400, 'X-001').departures['GET /streams']?.rule).toBe('shape.field-type');
  });
});

describe('RESP-* clauses', () => {
  const resp: Clause = {
    id: 'RESP-DRAFTS-LIST-001',
    level: 'MUST',
    title: 'answer every call of GET /drafts …',
    section: '11. Get drafts; Conventions; Errors',
    endpoint: 'GET /drafts',
    area: 'conventions',
    file: 'suites/drafts/get-drafts.test.ts',
    drivenBy: 'DRAFTS-LIST-001',
  };
  const RUN: RunInfo = {
    runId: 'r',
    seed: 1,
    profile: 'full',
    target: 'http://t',
    embedded: true,
    featureLevel: 400,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
  };
  const seenWith = (bodies: unknown[], contentType?: string): TestSeen[] =>
    bodies.map((body, i) => {
      const recorder = new Recorder();
      recorder.add(answer('/drafts', body, contentType));
      return {
        clauseId: `X-00${i}`,
        state: 'passed',
        record: { clauseId: `X-00${i}`, outcome: 'passed', responses: tallyResponses(recorder, 400, `X-00${i}`) },
      };
    });

  it('fails on the first departing answer of its operation in any check, with the exchange as evidence and the check named', () => {
    const results = buildResults(
      seenWith([
        { ...ok, count: 0, drafts: [] },
        { ...ok, msg: 'no' },
      ]),
      RUN,
      't',
      [resp],
    );
    const r = results.clauses[0]!;
    expect(r.outcome).toBe('failed');
    expect(r.reason).toMatch(/^GET \/drafts: .*envelope\.success-msg-empty.*, in answer to a request of check X-001$/);
    expect(r.exchanges).toHaveLength(1);
    expect(r.curl).toContain('curl');
    expect(results.responsesJudged).toBe(2);
  });

  it('passes when every answer conforms, saying how many were judged; known-failure when listed', () => {
    const good = seenWith([{ ...ok, count: 0, drafts: [] }]);
    expect(buildResults(good, RUN, 't', [resp]).clauses[0]).toMatchObject({
      outcome: 'passed',
      notes: ['1 response of GET /drafts judged'],
    });
    const bad = seenWith([{ ...ok, count: '0', drafts: [] }]);
    const listed = { 'RESP-DRAFTS-LIST-001': 'known' };
    expect(buildResults(bad, RUN, 't', [resp], listed).clauses[0]?.outcome).toBe('known-failure');
  });

  it('warns, at its rule’s own level, on a SHOULD departure (a JSON body labelled text/plain), and only notes statuses', () => {
    const plain = seenWith([{ ...ok, count: 0, drafts: [] }], 'text/plain');
    expect(buildResults(plain, RUN, 't', [resp]).clauses[0]).toMatchObject({
      outcome: 'warned',
      reason: expect.stringMatching(/envelope\.content-type, a SHOULD/),
    });
    const recorder = new Recorder();
    recorder.add({ ...answer('/drafts', { ...ok, count: 0, drafts: [] }), status: 299 });
    recorder.add({ ...answer('/drafts', { result: 'error', msg: 'no', code: 'BAD_REQUEST' }), status: 200 });
    const seen: TestSeen[] = [
      {
        clauseId: 'X',
        state: 'passed',
        record: { clauseId: 'X', outcome: 'passed', responses: tallyResponses(recorder, 400, 'X-001') },
      },
    ];
    const r = buildResults(seen, RUN, 't', [resp]).clauses[0]!;
    expect(r.outcome).toBe('passed');
    expect(r.notes?.join('\n')).toMatch(/envelope\.error-status; the contract leaves it open, recorded/);
  });

  it('takes its driving check’s reason when no answer of the operation was seen', () => {
    const seen: TestSeen[] = [
      {
        clauseId: 'DRAFTS-LIST-001',
        state: 'skipped',
        record: { clauseId: 'DRAFTS-LIST-001', outcome: 'disabled', reason: 'needs MEMBER_EMAIL' },
      },
    ];
    expect(buildResults(seen, RUN, 't', [resp]).clauses[0]).toMatchObject({ outcome: 'disabled' });
    expect(buildResults([], RUN, 't', [resp]).clauses[0]?.outcome).toBe('not-run');
  });
});
