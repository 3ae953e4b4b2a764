// A run's pacing against every limiter style, headers or none, on a fake clock (helpers/http/pacing/): what the
// rate-limit benchmark measures on real runs, here for a few windows of one account.
import { describe, expect, it } from 'vitest';
import { runTagOf } from '../../helpers/http/pacing/cells.ts';
import { RATE_LIMIT_STYLES } from '../../reference/http/rate-limit.ts';
import { pacingWorld } from '../support/pacing-world.ts';
import { simulate } from '../support/simulated-run.ts';

const LIMIT = 50;
const WINDOW_MS = 10_000;
const WORKERS = 4;
/** Three windows and a half: the least time is three windows. */
const REQUESTS = 3.5 * LIMIT;
const FLOOR_MS = 3 * WINDOW_MS;
const run = { workers: WORKERS, requests: REQUESTS, reserve: WORKERS + 2 };

describe.each(RATE_LIMIT_STYLES)('against a %s limiter', (style) => {
  const limit = { requests: LIMIT, windowSeconds: WINDOW_MS / 1000, style };

  it('keeps near the least time its windows allow, meeting a 429 only where nothing was known yet', async () => {
    const { elapsedMs, refusals } = await simulate(pacingWorld(), limit, run);
    expect(elapsedMs).toBeGreaterThanOrEqual(FLOOR_MS);
    if (style === 'retry-after-only') {
      // No budget shown: the limit is read off the 429s, and confirmed by a second one.
      expect(refusals).toBeLessThanOrEqual(2 * WORKERS);
      expect(elapsedMs).toBeLessThanOrEqual(1.5 * FLOOR_MS);
    } else {
      // The first 429 may come to each request on its way; after it the headers and the log pace the account.
      expect(refusals).toBeLessThanOrEqual(WORKERS);
      expect(elapsedMs).toBeLessThanOrEqual(1.15 * FLOOR_MS);
    }
  });

  it("starts a later run of the process as new: the last run's 429 holds it back no more", async () => {
    const first = pacingWorld();
    await simulate(first, limit, { ...run, runId: 'first' });
    // The first run's thread ended holding a minute-long 429 (no close: the thread died).
    first.cells.storeBlockedUntil('sim@example.com', first.clock.now() + 60_000, runTagOf('first'));
    await first.clock.advance(WINDOW_MS); // the target's window is clear again
    const second = pacingWorld({ clock: first.clock, cells: first.cells });
    const { elapsedMs } = await simulate(second, limit, { ...run, requests: LIMIT / 2, runId: 'second' });
    expect(elapsedMs).toBeLessThan(1000);
  });
});
