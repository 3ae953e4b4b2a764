// Runs that share a server through the same accounts (pull requests' CI, a nightly job, a manual run) must reach
// the verdicts each would reach alone: their checks of shared state (realm edit settings, mutes, email
// visibility, profile fields) take turns through a lease kept on the target, and a killed run's lease lapses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_ACCOUNTS } from '../../fixtures/realm.ts';
import { newRunId } from '../../helpers/world/run-id.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { KEY_ACCOUNT_ENV, type RunOutcome, runConformance, SKIPPED_BY_DESIGN } from './run-conformance.ts';

const accountEnv = KEY_ACCOUNT_ENV;

/**
 * Without passwords (API keys only), the FETCHKEY checks are disabled, and so are the bad-input probes of fetching a
 * key (their control needs a password): every other clause is judged.
 */
const notJudged = (c: { id: string; outcome: string }) =>
  SKIPPED_BY_DESIGN.includes(c.id) ||
  ((c.id.startsWith('FETCHKEY-') || c.id === 'BAD-FETCHKEY-001') && c.outcome === 'disabled');

function verdicts(run: RunOutcome): string[] {
  expect(run.results, run.stdout + run.stderr).toBeDefined();
  return run.results!.clauses.filter((c) => c.outcome !== 'passed' && !notJudged(c)).map((c) => `${c.id} ${c.outcome}`);
}

async function threeAtOnce(env: Record<string, string>): Promise<RunOutcome[]> {
  return Promise.all(
    [1, 2, 3].map((i) =>
      runConformance({
        env: { ...accountEnv, ALLOW_REALM_CHANGES: 'true', SEED: String(i), ...env },
        timeoutMs: 400_000,
      }),
    ),
  );
}

describe('three runs at once against one server', () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  afterAll(() => server?.close());

  it('full profile: each passes as it would alone', async () => {
    server = await startReferenceServer({ port: 0 });
    const realmBefore = JSON.stringify(server.store.realm);
    const runs = await threeAtOnce({ TARGET_URL: server.url, PROFILE: 'full' });
    for (const run of runs) expect(verdicts(run)).toEqual([]);
    // No run put back a value another run had set for a moment: the realm's settings are as they were.
    expect(JSON.stringify(server.store.realm)).toBe(realmBefore);
    // They did share: at least one waited for another's lease, and said so.
    expect(runs.some((r) => r.stdout.includes("'s lease on "))).toBe(true);
  }, 420_000);

  it('with a fault on, each fails that clause and nothing else', async () => {
    await server.close();
    server = await startReferenceServer({ port: 0, faults: ['edit-moderators-not-exempt'] });
    const runs = await threeAtOnce({ TARGET_URL: server.url, PROFILE: 'quick' });
    for (const run of runs) expect(verdicts(run)).toEqual(['EDIT-LIMIT-002 failed']);
  }, 420_000);

  it("with the server's rate limit on, each passes", async () => {
    await server.close();
    server = await startReferenceServer({ port: 0, rateLimit: { requests: 150, windowSeconds: 10 } });
    const runs = await threeAtOnce({ TARGET_URL: server.url, PROFILE: 'quick' });
    for (const run of runs) expect(verdicts(run)).toEqual([]);
  }, 420_000);
});

describe('a lease left by a killed run', () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('holds the next run back only until it lapses', async () => {
    // What a run killed while holding the lease leaves: its request, never renewed again (a recent run, which the
    // start-up sweep of old leftovers leaves alone).
    const killed = newRunId();
    const member = [...server.store.users.values()].find((u) => u.email === REFERENCE_ACCOUNTS.member.email)!;
    const lapses = Date.now() + 8_000;
    const id = server.store.nextId('draft');
    server.store.drafts.set(id, {
      id,
      userId: member.id,
      type: '',
      to: [],
      topic: '',
      content: `cf-${killed}-lease realm-edit-settings until ${lapses} w1`,
      timestamp: Math.floor(Date.now() / 1000) - 60,
    });
    const run = await runConformance({
      env: { ...accountEnv, TARGET_URL: server.url },
      args: ['--only', 'EDIT-CONTENT-001'],
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`waiting for run ${killed}'s lease on realm-edit-settings`);
    expect(Date.now()).toBeGreaterThanOrEqual(lapses);
    expect(run.ms).toBeLessThan(40_000);
    expect(run.results!.clauses.find((c) => c.id === 'EDIT-CONTENT-001')?.notes?.join(' ')).toMatch(
      /waited \d+ s for another run's lease on realm-edit-settings/,
    );
  }, 120_000);
});
