import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../reference/core/errors.ts';
import { parseRateLimit, RateLimiter, type RateLimitStyle } from '../../reference/http/rate-limit.ts';

function fakeResponse() {
  const headers: Record<string, string> = {};
  return {
    headers,
    res: { setHeader: (k: string, v: string) => (headers[k.toLowerCase()] = v) } as unknown as ServerResponse,
  };
}

describe('rate limit', () => {
  it('labels answers with the budget and refuses the request over it with RATE_LIMIT_HIT', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ requests: 2, windowSeconds: 10 }, () => now);
    const first = fakeResponse();
    limiter.take(8, first.res);
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': '2',
      'x-ratelimit-remaining': '1',
      'x-ratelimit-reset': '1010',
    });
    limiter.take(8, fakeResponse().res);
    limiter.take(9, fakeResponse().res); // another user has a budget of its own
    now += 4000;
    const over = fakeResponse();
    let error: unknown;
    try {
      limiter.take(8, over.res);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMIT_HIT', extra: { 'retry-after': 6 } });
    expect(over.headers['retry-after']).toBe('6');
    now += 6000;
    const next = fakeResponse();
    limiter.take(8, next.res);
    expect(next.headers['x-ratelimit-remaining']).toBe('1');
  });

  it('parses REQUESTS/SECONDS[:STYLE]', () => {
    expect(parseRateLimit('200/60')).toEqual({ requests: 200, windowSeconds: 60, style: 'zulip' });
    expect(parseRateLimit('5/0.5:fixed')).toEqual({ requests: 5, windowSeconds: 0.5, style: 'fixed' });
    for (const bad of ['200', '0/60', '200/0', 'x/y', '200/60:leaky']) expect(parseRateLimit(bad), bad).toBeUndefined();
  });
});

/** Calls at the given times (ms); what each answer said: status, Remaining, Reset, Retry-After. */
function calls(style: RateLimitStyle, times: number[]) {
  let now = 0;
  const limiter = new RateLimiter({ requests: 2, windowSeconds: 10, style }, () => now);
  return times.map((t) => {
    now = t;
    const { res, headers } = fakeResponse();
    let status = 200;
    try {
      limiter.take(8, res);
    } catch {
      status = 429;
    }
    return [status, headers['x-ratelimit-remaining'], headers['x-ratelimit-reset'], headers['retry-after']];
  });
}

describe('rate limit styles', () => {
  it('zulip (default): a sliding log; Reset when the window is clear of all calls; a 429 is not counted', () => {
    expect(calls('zulip', [0, 3000, 4000, 10_000, 10_500])).toEqual([
      [200, '1', '10', undefined],
      [200, '0', '13', undefined],
      [429, '0', '13', '6'], // until the call at 0 leaves
      [200, '0', '20', undefined], // the call at 0 has left; the refused one was never counted
      [429, '0', '20', '3'], // until the call at 3000 leaves
    ]);
  });

  it('next-slot: the same log, Reset naming when the oldest call leaves', () => {
    expect(calls('next-slot', [0, 3000, 4000])).toEqual([
      [200, '1', '0', undefined],
      [200, '0', '10', undefined],
      [429, '0', '10', '6'],
    ]);
  });

  it('fixed: the whole budget back when the window opened by the first call ends', () => {
    expect(calls('fixed', [0, 3000, 4000, 10_000, 10_500, 10_600])).toEqual([
      [200, '1', '10', undefined],
      [200, '0', '10', undefined],
      [429, '0', '10', '6'],
      [200, '1', '20', undefined],
      [200, '0', '20', undefined],
      [429, '0', '20', '10'],
    ]);
  });

  it('retry-after-only: 429 with Retry-After, no X-RateLimit headers', () => {
    expect(calls('retry-after-only', [0, 3000, 4000])).toEqual([
      [200, undefined, undefined, undefined],
      [200, undefined, undefined, undefined],
      [429, undefined, undefined, '6'],
    ]);
  });

  it.each(['zulip', 'fixed'] as const)(
    '%s: tallies each user: calls allowed, refused, and the fullest window',
    (style) => {
      let now = 1_000_000;
      const limiter = new RateLimiter({ requests: 2, windowSeconds: 10, style }, () => now);
      const take = (user: number) => {
        try {
          limiter.take(user, fakeResponse().res);
        } catch {
          // the 429 is counted as refused
        }
      };
      take(8);
      take(8);
      take(8); // refused: the window holds two
      take(9);
      now += 10_000; // the window is clear again
      take(8);
      expect(Object.fromEntries(limiter.tallyByUser())).toEqual({
        8: { allowed: 3, refused: 1, fullest: 2 },
        9: { allowed: 1, refused: 0, fullest: 1 },
      });
    },
  );
});
