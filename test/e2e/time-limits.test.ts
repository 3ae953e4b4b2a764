// The checks whose verdict depends on the target's clock (edit and move time limits) against a tight per-user rate
// limit in every limiter style, with real Zulip's 20 s of grace: a wait for the rate limit between their timed steps
// starts those steps again (helpers/checks/timed.ts) and is never judged as time the target had. The sequences'
// moves under a time limit (EXPLORE-006) meet the 429s of the second case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_STYLES } from '../../reference/http/rate-limit.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { startChaosProxy } from '../support/chaos-proxy.ts';
import { failedOrErrored, KEY_ACCOUNT_ENV, runConformance } from './run-conformance.ts';

const TIMED = ['--only', 'EDIT-LIMIT-*,EDIT-CONTENT-007'];
/** With the sequences' moves under a time limit: judged by the messages' ages, which a wait only makes older. */
const TIMED_AND_SEQUENCES = ['--only', 'EDIT-LIMIT-*,EDIT-CONTENT-007,EXPLORE-006'];

describe('time-limit checks at 60 requests per 60 s per user, Zulip flavour (20 s of grace)', () => {
  const servers: Awaited<ReturnType<typeof startReferenceServer>>[] = [];
  beforeAll(async () => {
    for (const style of RATE_LIMIT_STYLES)
      servers.push(
        await startReferenceServer({
          port: 0,
          flavour: 'zulip',
          rateLimit: { requests: 60, windowSeconds: 60, style },
        }),
      );
  });
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  // The four styles at once: each run mostly waits on its own server's windows.
  it.concurrent('pass in every limiter style', async () => {
    const runs = await Promise.all(
      servers.map((server) =>
        runConformance({
          env: { TARGET_URL: server.url, ...KEY_ACCOUNT_ENV, ALLOW_REALM_CHANGES: 'true' },
          args: TIMED,
          timeoutMs: 280_000,
        }),
      ),
    );
    for (const [i, run] of runs.entries()) {
      expect(run.results, run.stdout + run.stderr).toBeDefined();
      expect(failedOrErrored(run), `${RATE_LIMIT_STYLES[i]}:\n${run.stdout}`).toEqual([]);
      expect(run.results!.counts.passed, RATE_LIMIT_STYLES[i]).toBe(run.results!.clauses.length);
    }
  }, 300_000);
});

describe('time-limit checks meeting 429s (Retry-After 4 s) on a quarter of their sends and edits, no grace', () => {
  it.concurrent('pass: a wait between timed steps starts them again, and is never judged as time the target had', async () => {
    const server = await startReferenceServer({ port: 0 });
    const proxy = await startChaosProxy({
      upstream: server.url,
      after: 30,
      seed: 3,
      rateLimit: 0.25,
      retryAfterSeconds: 4,
      rateLimitOnly: /^(POST|PATCH) \/api\/v1\/messages/,
    });
    try {
      const run = await runConformance({
        env: { TARGET_URL: proxy.url, ...KEY_ACCOUNT_ENV, ALLOW_REALM_CHANGES: 'true' },
        args: TIMED_AND_SEQUENCES,
        timeoutMs: 200_000,
      });
      expect(run.results, run.stdout + run.stderr).toBeDefined();
      expect(proxy.injected['rate limit']).toBeGreaterThan(5);
      expect(failedOrErrored(run), run.stdout).toEqual([]);
    } finally {
      await proxy.close();
      await server.close();
    }
  }, 220_000);
});
