/**
 * What one check exchanged with the target, for its evidence and for judging every response (RESP-*), and how long
 * its requests waited for the target's rate limit or another check's turn.
 */
import type { Exchange } from './exchange.ts';

/** Time spent in waits, overlapping waits counted once. */
class WaitClock {
  private waiting = 0;
  private waitingSince = 0;
  private waitedBefore = 0;

  begin(now: number): (end?: number) => void {
    if (this.waiting++ === 0) this.waitingSince = now;
    let ended = false;
    return (end = Date.now()) => {
      if (ended) return;
      ended = true;
      if (--this.waiting === 0) this.waitedBefore += end - this.waitingSince;
    };
  }

  waitedMs(now: number): number {
    return this.waitedBefore + (this.waiting > 0 ? now - this.waitingSince : 0);
  }
}

/** A wait for the target's rate limit (a spent budget, a 429), or another (MAX_RPS pacing, another check's turn). */
export type WaitKind = 'rate-limit' | 'other';

/**
 * Collects the exchanges of one check, for its evidence, and the time its requests spent waiting for the target's
 * rate limit or MAX_RPS (the target's pace, not the check's work: the check's time limit leaves it out).
 */
export class Recorder {
  readonly exchanges: Exchange[] = [];
  /** Each recorded exchange's whole response body (the record keeps a masked excerpt): for judging it, in memory. */
  private readonly bodies = new WeakMap<Exchange, string>();
  private readonly all = new WaitClock();
  /** Rate-limit waits alone: they come in bursts between steps, unlike MAX_RPS's steady pace (helpers/checks/timed.ts). */
  private readonly rateLimit = new WaitClock();

  add(e: Exchange, wholeBody?: string): void {
    this.exchanges.push(e);
    if (wholeBody !== undefined) this.bodies.set(e, wholeBody);
  }
  /** The exchange with its whole response body, for judging (never for a report: it is not masked). */
  whole(e: Exchange): Exchange {
    const body = this.bodies.get(e);
    return body === undefined ? e : { ...e, responseBody: body };
  }
  last(): Exchange | undefined {
    return this.exchanges.at(-1);
  }

  /** Marks the start of a wait; call the returned function when it ends. Overlapping waits count once. */
  beginWait(now = Date.now(), kind: WaitKind = 'other'): (end?: number) => void {
    const endAll = this.all.begin(now);
    const endRateLimit = kind === 'rate-limit' ? this.rateLimit.begin(now) : undefined;
    return (end = Date.now()) => {
      endAll(end);
      endRateLimit?.(end);
    };
  }

  /** Milliseconds spent waiting so far. */
  waitedMs(now = Date.now()): number {
    return this.all.waitedMs(now);
  }

  /** Milliseconds spent waiting for the target's rate limit so far. */
  rateLimitWaitedMs(now = Date.now()): number {
    return this.rateLimit.waitedMs(now);
  }
}
