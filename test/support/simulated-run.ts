/**
 * A run's requests against a limiter of each style (the reference's own, reference/http/rate-limit.ts) on a fake
 * clock: `workers` threads, each sending its share one request at a time through its pacing, as the client does
 * (wait, send, learn from the answer; a 429 is waited out and sent again). What the benchmark measures on a real
 * run, in milliseconds of fake time: how long, how many 429s.
 */
import { type RateLimit, RateLimiter } from '../../reference/http/rate-limit.ts';
import type { PacingWorld } from './pacing-world.ts';

/** A request's way to the target, and its answer's way back. */
const LATENCY_MS = 5;

export interface Outcome {
  elapsedMs: number;
  refusals: number;
  accepted: number;
}

/** Sends `requests` calls of one account from `workers` threads of the run (thread ids 1..workers). */
export async function simulate(
  world: PacingWorld,
  limit: RateLimit,
  { workers, requests, reserve, runId }: { workers: number; requests: number; reserve: number; runId?: string },
): Promise<Outcome> {
  const { clock } = world;
  const limiter = new RateLimiter(limit, () => clock.now());
  const threads = Array.from({ length: workers }, (_, i) => (i === 0 ? world.p : world.worker(i + 1)));
  if (runId !== undefined) for (const pacing of threads) pacing.enterRun(runId);
  const started = clock.now();
  let sent = 0;
  let refusals = 0;
  const account = 'sim@example.com';
  const call = async (pacing: (typeof threads)[number]) => {
    for (;;) {
      await pacing.waitForBudget(account, reserve);
      await clock.sleep(LATENCY_MS);
      const headers: Record<string, string> = {};
      let retryAfterMs: number | undefined;
      try {
        limiter.take(1, { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value) } as never);
      } catch (error) {
        retryAfterMs = 1000 * (error as { extra: { 'retry-after': number } }).extra['retry-after'];
      }
      await clock.sleep(LATENCY_MS);
      const now = clock.now();
      if (retryAfterMs !== undefined) pacing.noteRefusal(account, retryAfterMs, now, headers);
      pacing.noteBudget(account, headers, now);
      pacing.noteAnswered(account, retryAfterMs === undefined, now, 'x-ratelimit-remaining' in headers);
      if (retryAfterMs === undefined) return;
      refusals++;
    }
  };
  const worker = async (pacing: (typeof threads)[number]) => {
    while (sent < requests) {
      sent++;
      await call(pacing);
    }
  };
  await clock.drive(Promise.all(threads.map(worker)), 100);
  return { elapsedMs: clock.now() - started, refusals, accepted: requests };
}
