// A failed check's evidence: its own exchanges up to the one whose answer departed, never the cleanup that followed.
import { describe, expect, it } from 'vitest';
import { ConformanceAssertion } from '../../helpers/checks/matchers.ts';
import { evidenceOf, RESENT_FIGURE, recordOf } from '../../helpers/checks/record.ts';
import type { Clause } from '../../helpers/clauses/types.ts';
import type { Exchange } from '../../helpers/http/exchange.ts';
import { Recorder } from '../../helpers/http/recorder.ts';

const exchange = (n: number): Exchange => ({
  method: 'GET',
  url: `http://t/api/v1/drafts/${n}`,
  caller: 'x',
  encoding: 'query',
  params: [],
  ms: 1,
});
const made = Array.from({ length: 10 }, (_, i) => exchange(i));

describe('the evidence of a failed check', () => {
  it('ends at the exchange the assertion names, with up to five before it', () => {
    expect(evidenceOf(made, new ConformanceAssertion('wanted', made[7]))).toEqual(made.slice(2, 8));
    expect(evidenceOf(made, new ConformanceAssertion('wanted', made[1]))).toEqual(made.slice(0, 2));
  });

  it("finds it inside another error's cause (fast-check's report of a failed property)", () => {
    const report = new Error('Property failed', { cause: new ConformanceAssertion('wanted', made[4]) });
    expect(evidenceOf(made, report).at(-1)).toBe(made[4]);
  });

  it('is the named exchange alone where another check sent it (a judgement several clauses share)', () => {
    const elsewhere = exchange(99);
    expect(evidenceOf(made, new ConformanceAssertion('wanted', elsewhere))).toEqual([elsewhere]);
    expect(evidenceOf([], new ConformanceAssertion('wanted', elsewhere))).toEqual([elsewhere]);
  });

  it("is the check's last exchanges when no exchange is named (a set-up error, an expect())", () => {
    expect(evidenceOf(made, new Error('setup step failed'))).toEqual(made.slice(4));
    expect(evidenceOf(made, new ConformanceAssertion('wanted'))).toEqual(made.slice(4));
  });
});

describe("a check's record", () => {
  const clause = {
    id: 'X-001',
    level: 'MUST',
    title: 't',
    section: 's',
    endpoint: '*',
    area: 'x',
    file: 'x',
  } as Clause;
  const recordAfter = (kind: 'rate-limit' | 'other') => {
    const recorder = new Recorder();
    const now = Date.now();
    recorder.beginWait(now - 3000, kind)(now);
    const ctx = { world: { featureLevel: null }, notes: [], figures: {} } as any;
    return recordOf(clause, 'passed', {
      started: now - 4000,
      recorder,
      exchanged: 0,
      failure: undefined,
      leftovers: [],
      ctx,
    });
  };

  it("says the check waited for the target's rate limit only when it did, not for another check's turn", () => {
    expect(recordAfter('rate-limit').notes).toEqual(["waited 3 s for the target's rate limit"]);
    expect(recordAfter('other').notes).toBeUndefined();
  });

  it('counts among its figures the requests sent twice (a kept-alive connection closed under them)', () => {
    const recorder = new Recorder();
    for (const e of [
      exchange(1),
      { ...exchange(2), resent: 'reset' },
      exchange(3),
      { ...exchange(4), resent: 'reset' },
    ])
      recorder.add(e);
    const ctx = { world: { featureLevel: null }, notes: [], figures: { 'bad-input probes sent': 3 } } as any;
    const end = { started: Date.now(), recorder, exchanged: 4, failure: undefined, leftovers: [], ctx };
    expect(recordOf(clause, 'passed', end).figures).toEqual({ 'bad-input probes sent': 3, [RESENT_FIGURE]: 2 });
    expect(ctx.figures).toEqual({ 'bad-input probes sent': 3 });
  });
});
