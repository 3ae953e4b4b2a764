import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../reference/core/errors.ts';
import { parseRateLimit, RateLimiter } from '../../reference/http/rate-limit.ts';

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

  it('parses REQUESTS/SECONDS', () => {
    expect(parseRateLimit('200/60')).toEqual({ requests: 200, windowSeconds: 60 });
    expect(parseRateLimit('5/0.5')).toEqual({ requests: 5, windowSeconds: 0.5 });
    for (const bad of ['200', '0/60', '200/0', 'x/y']) expect(parseRateLimit(bad), bad).toBeUndefined();
  });
});
