/**
 * Optional per-user rate limit, as Zulip enforces one (200 requests a minute by default): every authenticated
 * answer carries X-RateLimit-Limit / -Remaining / -Reset (Unix seconds), and a request over the limit gets 429
 * RATE_LIMIT_HIT with `retry-after` (seconds) in the body and a Retry-After header. Fixed windows per user.
 */
import type { ServerResponse } from 'node:http';
import { ApiError } from '../core/errors.ts';

export interface RateLimit {
  readonly requests: number;
  readonly windowSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<number, { start: number; used: number }>();

  constructor(
    readonly limit: RateLimit,
    private readonly clock: () => number,
  ) {}

  /** Counts one request of the user and labels the answer; throws the 429 when the window's budget is spent. */
  take(userId: number, res: ServerResponse): void {
    const now = this.clock();
    const windowMs = this.limit.windowSeconds * 1000;
    let window = this.windows.get(userId);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, used: 0 };
      this.windows.set(userId, window);
    }
    window.used += 1;
    const resetMs = window.start + windowMs;
    res.setHeader('X-RateLimit-Limit', String(this.limit.requests));
    res.setHeader('X-RateLimit-Remaining', String(Math.max(0, this.limit.requests - window.used)));
    res.setHeader('X-RateLimit-Reset', String(Math.ceil(resetMs / 1000)));
    if (window.used > this.limit.requests) {
      const retryAfter = Math.max(0.001, (resetMs - now) / 1000);
      res.setHeader('Retry-After', String(Math.ceil(retryAfter)));
      throw new ApiError(429, 'RATE_LIMIT_HIT', 'API usage exceeded rate limit', { 'retry-after': retryAfter });
    }
  }
}

/** `200/60`: 200 requests per 60 seconds. */
export function parseRateLimit(text: string): RateLimit | undefined {
  const m = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return undefined;
  const requests = Number(m[1]);
  const windowSeconds = Number(m[2]);
  return requests > 0 && windowSeconds > 0 ? { requests, windowSeconds } : undefined;
}
