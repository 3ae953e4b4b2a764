/**
 * A clock for the pacing's unit tests: time moves only when the test says (`advance`), so that a test asserts what
 * the pacing decided (who went, how long it waited) and never how long a loaded machine took.
 */
import type { Clock } from '../../helpers/http/pacing/clock.ts';

interface Timer {
  at: number;
  seq: number;
  fire: () => void;
}

/** Lets everything the last timer woke run (promise chains, and any I/O ready meanwhile). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export class FakeClock implements Clock {
  private t: number;
  private seq = 0;
  private timers: Timer[] = [];

  constructor(start = 1_800_000_000_000) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.later(resolve, ms));
  }

  later(fire: () => void, ms: number): void {
    this.timers.push({ at: this.t + Math.max(0, ms), seq: this.seq++, fire });
  }

  /** The middle of the jitter's range: the same every run. */
  random(): number {
    return 0.5;
  }

  /** Moves time on by `ms`, firing each timer as its time comes, in order, and letting what it wakes run. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await settle();
      const due = this.timers.filter((timer) => timer.at <= end);
      if (due.length === 0) break;
      const next = due.reduce((a, b) => (b.at < a.at || (b.at === a.at && b.seq < a.seq) ? b : a));
      this.timers.splice(this.timers.indexOf(next), 1);
      this.t = Math.max(this.t, next.at);
      next.fire();
    }
    this.t = end;
    await settle();
  }

  /** Advances in steps of `stepMs` until `work` settles (work that also waits on I/O); its result. */
  async drive<T>(work: Promise<T>, stepMs = 5): Promise<T> {
    let done = false;
    const watched = work.finally(() => {
      done = true;
    });
    while (!done) await this.advance(stepMs);
    return watched;
  }
}
