/**
 * What one check exchanged with the target, for its evidence and for judging every response (RESP-*), and how long
 * its requests waited for the target's rate limit or another check's turn.
 */
import type { Exchange } from './exchange.ts';

/**
 * Collects the exchanges of one check, for its evidence, and the time its requests spent waiting for the target's
 * rate limit or MAX_RPS (the target's pace, not the check's work: the check's time limit leaves it out).
 */
export class Recorder {
  readonly exchanges: Exchange[] = [];
  /** Each recorded exchange's whole response body (the record keeps a masked excerpt): for judging it, in memory. */
  private readonly bodies = new WeakMap<Exchange, string>();
  private waiting = 0;
  private waitingSince = 0;
  private waitedBefore = 0;

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
  beginWait(now = Date.now()): (end?: number) => void {
    if (this.waiting++ === 0) this.waitingSince = now;
    let ended = false;
    return (end = Date.now()) => {
      if (ended) return;
      ended = true;
      if (--this.waiting === 0) this.waitedBefore += end - this.waitingSince;
    };
  }

  /** Milliseconds spent waiting so far. */
  waitedMs(now = Date.now()): number {
    return this.waitedBefore + (this.waiting > 0 ? now - this.waitingSince : 0);
  }
}
