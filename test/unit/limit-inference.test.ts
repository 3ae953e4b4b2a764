import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALL_SLACK,
  type LimitModel,
  leftBy,
  limitsFrom,
  type SeenRefusal,
  slotBy,
  stillPossible,
  TIME_SLACK_MS,
} from '../../helpers/http/pacing/limit-inference.ts';

/** Zulip's limiter: a sliding log of accepted calls; a refused call is not counted; Retry-After is exact. */
function slidingLog(limit: number, windowMs: number) {
  const log: number[] = [];
  return (t: number): { accepted: true } | { accepted: false; retryAfterMs: number } => {
    const inWindow = log.filter((c) => c > t - windowMs);
    if (inWindow.length < limit) {
      log.push(t);
      return { accepted: true };
    }
    return { accepted: false, retryAfterMs: inWindow[inWindow.length - limit]! + windowMs - t };
  };
}

/**
 * A client of one account against `server`, one call at a time (the harness counts the calls on their way apart:
 * shared-cells.ts): it wants to call at each of `wanted` (ascending), waits out each 429,
 * and once limits are read off the 429s, keeps to them. Each answer comes `latencyMs(i)` after the target counted
 * the call. Returns the 429s, those that came while limits were read, and the limits read last.
 */
function client(server: ReturnType<typeof slidingLog>, wanted: readonly number[], latencyMs: (i: number) => number) {
  const answers: { loggedAt: number }[] = [];
  const refusals: SeenRefusal[] = [];
  let models: LimitModel[] = [];
  let [t, blockedUntil, answered, refused, refusedWhileRead] = [0, 0, 0, 0, 0];
  const logAt = (now: number) =>
    answers
      .map((a) => a.loggedAt)
      .filter((at) => at <= now)
      .sort((a, b) => a - b);
  for (const [i, want] of wanted.entries()) {
    t = Math.max(t, want, blockedUntil, answered); // one call at a time: none on its way uncounted
    // Answers on their way come into the log while the client waits: look again at the slot it waited for.
    while (models.length > 0 && leftBy(models, logAt(t), t) <= 0) t = Math.max(t + 1, slotBy(models, logAt(t), 0));
    const answer = server(t);
    const at = t + latencyMs(i);
    answered = at;
    if (answer.accepted) answers.push({ loggedAt: at });
    else {
      refused++;
      if (models.length > 0) refusedWhileRead++;
      refusals.push({ atMs: at, untilMs: at + answer.retryAfterMs });
      blockedUntil = at + answer.retryAfterMs;
      models = limitsFrom(logAt(at), refusals);
    }
  }
  return { refused, refusedWhileRead, models };
}

const near = (models: readonly LimitModel[], limit: number, windowMs: number) =>
  models.some((m) => Math.abs(m.limit - limit) <= CALL_SLACK && Math.abs(m.windowMs - windowMs) <= 2 * TIME_SLACK_MS);

describe('limits read off the 429s of a target that shows none', () => {
  it('reads a sliding log from its first 429 where a burst opened the window: the window and the limit', () => {
    // 200 calls in the first 20 s, then a call every 100 ms: the 201st is refused until the first leaves.
    const wanted = [
      ...Array.from({ length: 200 }, (_, i) => i * 100),
      ...Array.from({ length: 400 }, (_, i) => 20_000 + i * 100),
    ];
    const { refused, refusedWhileRead, models } = client(slidingLog(200, 60_000), wanted, () => 20);
    expect(near(models, 200, 60_000)).toBe(true);
    expect(refused).toBe(1); // one 429 for the whole run: it tells what the target shows nowhere else
    expect(refusedWhileRead).toBe(0);
  });

  it('rules out a window whose gap is missing, or in which more calls were accepted than its limit', () => {
    const burst = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + 10 * i);
    // 60 calls in the first 0.6 s, a quiet stretch, 40 calls from 3 s; a call at 3.4 s is refused until 5 s. Only a
    // call with 1.6 s of quiet before it can be the oldest (0, or 3000), and a window of 2 s from 3000 would have
    // held 40 calls, where 60 were accepted within 0.6 s.
    const log = [...burst(0, 60), ...burst(3000, 40)];
    expect(limitsFrom(log, [{ atMs: 3400, untilMs: 5000 }])).toEqual([{ limit: 100, windowMs: 5000 }]);
    // Calls evenly apart cannot tell a window from a shorter one with fewer calls: nothing is read.
    const even = Array.from({ length: 50 }, (_, i) => i * 100);
    expect(limitsFrom(even, [{ atMs: 4950, untilMs: 5000 }])).toEqual([]);
  });

  it('rules out by each later answer: a call accepted beyond a limit, a 429 whose wait ends at no quiet call', () => {
    const burst = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + 10 * i);
    // 40 calls, a quiet stretch, 40 more, and a 429 until 5 s: 80 calls in 5 s, or 40 in 2 s.
    const first = { atMs: 3400, untilMs: 5000 };
    const log = [...burst(0, 40), ...burst(3000, 40)];
    const both = [
      { limit: 80, windowMs: 5000 },
      { limit: 40, windowMs: 2000 },
    ];
    expect(limitsFrom(log, [first])).toEqual(both);
    // Calls accepted beyond a limit rule it out: after a quiet stretch, 60 within 0.6 s (more than 40 and the slack).
    const quiet = [...log, ...burst(20_000, 60)];
    expect(stillPossible(both, quiet, 20_500)).toEqual(both);
    expect(stillPossible(both, quiet, 20_590)).toEqual([both[0]]);
    // Or the next 429: the calls from 5 s take the first burst's slots, and at 5.4 s a call is refused until the
    // second burst's first call leaves (8 s). By 40 in 2 s, a call of 6 s would have left then: there is none.
    const later = [...log, ...burst(5000, 40)];
    expect(limitsFrom(later, [first, { atMs: 5400, untilMs: 8000 }])).toEqual([both[0]]);
  });

  it("reads another account's limit where a wait of milliseconds fits too many alike to it", () => {
    // 200 calls a minute: a burst of 60 (3 ms apart), 140 spread over the minute, and a minute on, calls as the
    // burst's leave the window. At 60,004 ms the window holds 200: refused until 60,006, when the call of 6 ms leaves.
    const log = [
      ...Array.from({ length: 60 }, (_, i) => 3 * i),
      ...Array.from({ length: 140 }, (_, i) => 1000 + 400 * i),
      60_000,
      60_003,
    ];
    const refusal = { atMs: 60_004, untilMs: 60_006 };
    // Every call of the burst may be the oldest by a limit of its own: too many to tell apart.
    expect(limitsFrom(log, [refusal])).toEqual([]);
    const minute = { limit: 200, windowMs: 60_000 };
    // Alike to another account's (each of the burst's is), and fitting this account's calls and 429: that limit.
    // Not one they do not fit: 150 a minute would have refused calls the target accepted.
    expect(limitsFrom(log, [refusal], [minute, { limit: 150, windowMs: 60_000 }])).toEqual([minute]);
  });

  it('reads nothing from too few calls, and keeps to the strictest of the limits left', () => {
    expect(limitsFrom([0, 100, 200], [{ atMs: 300, untilMs: 500 }])).toEqual([]);
    const models = [
      { limit: 10, windowMs: 1000 },
      { limit: 15, windowMs: 3000 },
    ];
    const log = Array.from({ length: 15 }, (_, i) => i * 200); // 0 .. 2800
    // At 3000: 5 calls within the last 1.1 s (10 − 5 = 5 left), 15 within 3.1 s (none left).
    expect(leftBy(models, log, 3000)).toBe(0);
    // A slot by the 3 s window frees as the oldest call leaves it (0 + 3000 + the slack); by the 1 s window, at once.
    expect(slotBy(models, log, 0)).toBe(3000 + TIME_SLACK_MS);
    expect(slotBy(models, log, 10)).toBe(Number.POSITIVE_INFINITY);
  });

  it('once read, sends no call into a closed window, whatever the pattern of calls (property, seed 23)', () => {
    const schedule = fc.record({
      limit: fc.constantFrom(50, 200),
      windowMs: fc.constantFrom(10_000, 60_000),
      gaps: fc.array(fc.oneof(fc.integer({ min: 10, max: 60 }), fc.integer({ min: 500, max: 5000 })), {
        minLength: 300,
        maxLength: 600,
      }),
      latencies: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 20 }),
    });
    fc.assert(
      fc.property(schedule, ({ limit, windowMs, gaps, latencies }) => {
        let at = 0;
        const wanted = gaps.map((gap) => (at += gap));
        const { refusedWhileRead, models } = client(
          slidingLog(limit, windowMs),
          wanted,
          (i) => latencies[i % latencies.length]!,
        );
        // Every limit read is one the target could have: the true one among them, or none read at all.
        expect(models.length === 0 || near(models, limit, windowMs)).toBe(true);
        expect(refusedWhileRead).toBe(0);
      }),
      { seed: 23, numRuns: 60 },
    );
  });
});
