// The suite against a misbehaving target: it always ends in bounded time, says what broke in one line per cause,
// counts the target's unavailability as errors (never as non-conformance, unless the envelope itself is broken),
// exits non-zero, never crashes, and leaks no credential.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../../fixtures/realm.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { type ChaosOptions, startChaosProxy } from '../support/chaos-proxy.ts';
import { KEY_ACCOUNT_ENV, type RunOutcome, runConformance } from './run-conformance.ts';

const accountEnv = KEY_ACCOUNT_ENV;
const secrets = SEED_USERS.flatMap((u) => [u.apiKey, u.password]).filter(Boolean);

let reference: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  reference = await startReferenceServer({ port: 0 });
});
afterAll(() => reference.close());

async function throughChaos(
  chaos: Omit<ChaosOptions, 'upstream'>,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<RunOutcome & { injected: Record<string, number> }> {
  const proxy = await startChaosProxy({ upstream: reference.url, after: 30, seed: 7, ...chaos });
  try {
    const run = await runConformance({
      // The runs here share one server and some end abruptly (a hang, cut connections): a lease one of them could
      // not give back lapses within seconds instead of holding the next run back for the default two minutes.
      env: { TARGET_URL: proxy.url, REQUEST_TIMEOUT_MS: '1500', LEASE_SECONDS: '10', ...accountEnv, ...env },
      args,
      timeoutMs: 200_000,
    });
    expect(run.stderr, 'no crash, no stack trace').not.toMatch(/internal error|\n\s+at /);
    const text = run.stdout + run.stderr;
    expect(
      secrets.filter((s) => text.includes(s)),
      'credentials in the output',
    ).toEqual([]);
    return { ...run, injected: proxy.injected };
  } finally {
    await proxy.close();
  }
}

const SLICE = ['--only', 'drafts,messages'];

describe('a misbehaving target', () => {
  // The whole suite meets slow answers in test/e2e/variants.test.ts (variant slow-responses); here, through the
  // proxy and with a short request timeout, the checks that race the target's clock: typing periods and events.
  it('slow answers: everything still passes', async () => {
    const run = await throughChaos({ latencyMs: 40 }, {}, ['--only', 'typing,events']);
    expect(run.results!.counts.passed, run.stdout).toBeGreaterThan(10);
    expect(run.code, run.stdout).toBe(0);
  }, 120_000);

  // Gateway pages and truncated JSON are told apart by the client for every request alike: a slice of a few hundred
  // requests makes the point. Dropped connections and 429s run the whole suite: each check meets them in its own
  // steps (a lost answer may still have changed the target; a wait may come between timed steps).
  it('gateway error pages: the affected checks end in error, not failure, one line per cause, exit 2', async () => {
    const run = await throughChaos({ gatewayError: 0.1 }, {}, SLICE);
    expect(run.injected['gateway error']).toBeGreaterThan(0);
    expect(run.results!.counts.failed, run.stdout).toBe(0);
    expect(run.results!.counts.error).toBeGreaterThan(0);
    expect(run.code).toBe(2);
    expect(run.stdout.match(/^ {2}error {2}\d+ checks? .*HTTP 502 without a JSON body/gm)).toHaveLength(1);
  }, 120_000);

  it('dropped connections: errors, never failures, exit 2', async () => {
    const run = await throughChaos({ drop: 0.08 });
    expect(run.injected.drop).toBeGreaterThan(0);
    expect(run.results!.counts.failed, run.stdout).toBe(0);
    expect(run.results!.counts.error).toBeGreaterThan(0);
    expect(run.code).toBe(2);
  }, 120_000);

  it('truncated JSON breaks the envelope: that is non-conformance, exit 1', async () => {
    const run = await throughChaos({ malformedJson: 0.08 }, {}, SLICE);
    expect(run.injected['malformed JSON']).toBeGreaterThan(0);
    expect(run.results!.counts.failed).toBeGreaterThan(0);
    expect(run.code).toBe(1);
  }, 120_000);

  it('rate-limit answers are waited out: everything passes', async () => {
    const run = await throughChaos({ rateLimit: 0.05 });
    expect(run.injected['rate limit']).toBeGreaterThan(0);
    expect(run.code, run.stdout).toBe(0);
  }, 240_000);

  it('a target that stops answering: the circuit breaker ends the run within seconds, exit 2', async () => {
    const run = await throughChaos({ hangFrom: 60 }, { REQUEST_TIMEOUT_MS: '1000' });
    // A run without the breaker would wait out every request's 1 s timeout; the bound holds on a loaded machine too.
    expect(run.ms).toBeLessThan(90_000);
    expect(run.code).toBe(2);
    expect(run.results!.counts.failed).toBe(0);
    expect(run.stdout).toMatch(/target stopped answering/);
  }, 120_000);
});
