// The exploration's pure parts: two failures alike are reported once (explore.ts, signatureOf), and a message's age under
// the sequences' time limit (model.ts, ages).
import { describe, expect, it } from 'vitest';
import { signatureOf } from '../../suites/explore/topics/explore.ts';
import { ages } from '../../suites/explore/topics/model.ts';

describe('the signature of an exploration failure', () => {
  const failure = (id: number, run: string) =>
    `the sequence:\n  1. send to t0\nafter delete topic #1 ("cf-${run}-t0-1-${id}"): wanted message ${id} deleted with its topic\n  got: …`;

  it('is the same for the same step and expectation, whatever the ids and the names', () => {
    expect(signatureOf(failure(1017, 'tp3aaaaaaa'))).toBe(signatureOf(failure(2044, 'tp3bbbbbbb')));
    expect(signatureOf(failure(1017, 'tp3aaaaaaa'))).toBe(
      'after delete topic #N ("cf-…"): wanted message N deleted with its topic',
    );
  });

  it('differs for another step or another expectation', () => {
    const other =
      'after resolve topic #0 (from its message #1) ("cf-x-t1-1-2"): wanted message 3 in topic "✔ cf-x-t1-1-2"';
    expect(signatureOf(other)).not.toBe(signatureOf(failure(1, 'x')));
  });
});

describe("the age of a message under the sequences' time limit (ages)", () => {
  // A limit of 3 s; the probe, sent from t=10 000 to 10 050, was refused by t=14 000 (so tooOldMs 4 000 + 1 000).
  const limit = {
    seconds: 3,
    probedFrom: 10_050,
    tooOldMs: 5_000,
    holds: new Set<'member2'>(['member2']),
    old: [],
    oldTopic: 'old',
  };
  const model = {
    sent: new Map([
      [1, { start: 9_000, end: 9_020, n: 1 }], // sent before the probe: too old for good
      [2, { start: 20_000, end: 20_030, n: 2 }],
    ]),
  };

  it('counts a message sent before the refused probe too old, whenever it is moved', () => {
    expect(ages(model, limit, [1], { asked: 10_100, answered: 10_120 })).toEqual({ tooOld: [1], unsure: [] });
  });

  it('counts a message surely within the limit (less a second) as neither, and one in between as unsure', () => {
    expect(ages(model, limit, [2], { asked: 21_000, answered: 21_900 })).toEqual({ tooOld: [], unsure: [] });
    expect(ages(model, limit, [2], { asked: 21_900, answered: 22_100 })).toEqual({ tooOld: [], unsure: [2] });
  });

  it('counts a message as old as the refused probe was (plus a second) too old', () => {
    expect(ages(model, limit, [2], { asked: 25_030, answered: 25_050 })).toEqual({ tooOld: [2], unsure: [] });
    expect(ages(model, limit, [2], { asked: 25_000, answered: 25_050 })).toEqual({ tooOld: [], unsure: [2] });
  });
});
