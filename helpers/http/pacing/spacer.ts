/**
 * MAX_RPS: spaces a process's requests at least `intervalMs` apart. Each worker process gets an equal share of the
 * budget (the runner divides it by CONCURRENCY), so the target sees at most MAX_RPS in all. The process's, not a
 * run's: runs at once in one process share it.
 */
import { type Clock, systemClock } from './clock.ts';

export class Spacer {
  private nextSlot = 0;

  constructor(private readonly clock: Clock = systemClock) {}

  async pace(intervalMs: number): Promise<void> {
    if (intervalMs <= 0) return;
    const now = this.clock.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + intervalMs;
    if (at > now) await this.clock.sleep(at - now);
  }
}
