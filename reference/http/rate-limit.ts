/**
 * Optional per-user rate limit. By default it is Zulip's (TARGET.md): a sliding log of each user's calls; a call is
 * refused while the user already has `requests` calls within the last `windowSeconds`, with HTTP 429, code
 * RATE_LIMIT_HIT, `retry-after` in the body and a Retry-After header, both the time until the oldest of those calls
 * leaves the window; a refused call is not counted. Every limited answer carries X-RateLimit-Limit, -Remaining and
 * -Reset, Reset being the Unix time (whole seconds) when the window is clear of all calls (the newest call + the
 * window).
 *
 * Other servers limit otherwise, and the suite's pacing must hold for each: `fixed` windows (the budget comes back
 * whole when the window started by a user's first call ends), `next-slot` (Zulip's log, but Reset names when the
 * oldest call leaves, the next free slot), and `retry-after-only` (Zulip's log, 429 with Retry-After, no
 * X-RateLimit headers at all).
 */
import type { ServerResponse } from 'node:http';
import { ApiError } from '../core/errors.ts';
import { Variants } from '../variants.ts';

export const RATE_LIMIT_STYLES = ['zulip', 'fixed', 'next-slot', 'retry-after-only'] as const;
export type RateLimitStyle = (typeof RATE_LIMIT_STYLES)[number];

export interface RateLimit {
  readonly requests: number;
  readonly windowSeconds: number;
  /** Default `zulip`. */
  readonly style?: RateLimitStyle;
}

/**
 * What the limiter counted of one user over the server's life: calls allowed and refused, and the most calls one
 * window held at once (how near the user came to the limit; a sliding log's length, a fixed window's count).
 */
export interface UserTally {
  allowed: number;
  refused: number;
  fullest: number;
}

/** How the line that carries a limiter's tally starts on the reference server's standard output (main.ts). */
export const RATE_LIMIT_TALLY = 'rate limit tally: ';

interface Decision {
  allowed: boolean;
  /** Calls the user's window holds, this one included if allowed. */
  held: number;
  remaining: number;
  /** When the budget is whole again (ms), and when the next call would be allowed (ms). */
  resetMs: number;
  nextSlotMs: number;
}

export class RateLimiter {
  private readonly logs = new Map<number, number[]>();
  private readonly windows = new Map<number, { start: number; used: number }>();
  private readonly tallies = new Map<number, UserTally>();

  constructor(
    readonly limit: RateLimit,
    private readonly clock: () => number,
    private readonly variants: Variants = Variants.none,
  ) {}

  private slidingLog(userId: number, now: number): Decision {
    const windowMs = this.limit.windowSeconds * 1000;
    const log = (this.logs.get(userId) ?? []).filter((t) => t > now - windowMs);
    this.logs.set(userId, log);
    const allowed = log.length < this.limit.requests;
    if (allowed) log.push(now);
    const newest = log[log.length - 1] ?? now;
    return {
      allowed,
      held: log.length,
      remaining: Math.max(0, this.limit.requests - log.length),
      resetMs: newest + windowMs,
      nextSlotMs: log.length < this.limit.requests ? now : log[0]! + windowMs,
    };
  }

  private fixedWindow(userId: number, now: number): Decision {
    const windowMs = this.limit.windowSeconds * 1000;
    let window = this.windows.get(userId);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, used: 0 };
      this.windows.set(userId, window);
    }
    const allowed = window.used < this.limit.requests;
    if (allowed) window.used += 1;
    const end = window.start + windowMs;
    return {
      allowed,
      held: window.used,
      remaining: this.limit.requests - window.used,
      resetMs: end,
      nextSlotMs: allowed ? now : end,
    };
  }

  /** Counts one request of the user and labels the answer; throws the 429 when the budget is spent. */
  take(userId: number, res: ServerResponse): void {
    const now = this.clock();
    const style = this.limit.style ?? 'zulip';
    const d = style === 'fixed' ? this.fixedWindow(userId, now) : this.slidingLog(userId, now);
    const tally = this.tallies.get(userId) ?? { allowed: 0, refused: 0, fullest: 0 };
    if (d.allowed) tally.allowed += 1;
    else tally.refused += 1;
    tally.fullest = Math.max(tally.fullest, d.held);
    this.tallies.set(userId, tally);
    if (style !== 'retry-after-only') {
      const reset = style === 'next-slot' ? Math.max(d.nextSlotMs, now) : d.resetMs;
      res.setHeader('X-RateLimit-Limit', String(this.limit.requests));
      res.setHeader('X-RateLimit-Remaining', String(d.remaining));
      res.setHeader('X-RateLimit-Reset', String(Math.ceil(reset / 1000)));
    }
    if (!d.allowed) {
      const retryAfter = Math.max(0.001, (d.nextSlotMs - now) / 1000);
      // Variant `retry-after-http-date`: the wait as the HTTP-date it ends at (whole seconds, rounded up), with the
      // answer's Date from the same clock, and no `retry-after` in the body (Zulip's own field, not HTTP's).
      if (this.variants.has('retry-after-http-date')) {
        res.setHeader('Date', new Date(now).toUTCString());
        res.setHeader('Retry-After', new Date(Math.ceil((now + retryAfter * 1000) / 1000) * 1000).toUTCString());
        throw new ApiError(429, 'RATE_LIMIT_HIT', 'API usage exceeded rate limit');
      }
      res.setHeader('Retry-After', String(Math.ceil(retryAfter)));
      throw new ApiError(429, 'RATE_LIMIT_HIT', 'API usage exceeded rate limit', { 'retry-after': retryAfter });
    }
  }

  /** Each user's tally (see UserTally), by user id: what a benchmark reads of a run's load on the limiter. */
  tallyByUser(): ReadonlyMap<number, Readonly<UserTally>> {
    return this.tallies;
  }
}

/** `200/60` (Zulip's style) or `200/60:fixed`: 200 requests per 60 seconds, in the style named. */
export function parseRateLimit(text: string): RateLimit | undefined {
  const m = /^(\d+)\/(\d+(?:\.\d+)?)(?::([a-z-]+))?$/.exec(text.trim());
  if (!m) return undefined;
  const requests = Number(m[1]);
  const windowSeconds = Number(m[2]);
  const style = (m[3] ?? 'zulip') as RateLimitStyle;
  if (!RATE_LIMIT_STYLES.includes(style)) return undefined;
  return requests > 0 && windowSeconds > 0 ? { requests, windowSeconds, style } : undefined;
}
