// Runs that share a server through the same accounts (pull requests' CI, a nightly job, a manual run) must reach
// the verdicts each would reach alone: their checks of shared state (realm edit settings, mutes, email
// visibility, profile fields) take turns through a lease kept on the target (a killed run's lease: lease.test.ts).
import { afterAll, describe, expect, it } from 'vitest';
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
  const wrong = run.results!.clauses.filter((c) => c.outcome !== 'passed' && !notJudged(c));
  // The reasons, for whoever reads a failure in CI; the verdicts are what is compared.
  for (const c of wrong) console.log(`seed ${run.results!.run.seed}: ${c.id} ${c.outcome}: ${c.reason?.slice(0, 600)}`);
  return wrong.map((c) => `${c.id} ${c.outcome}`);
}

async function threeAtOnce(env: Record<string, string>, args: string[] = []): Promise<RunOutcome[]> {
  return Promise.all(
    [1, 2, 3].map((i) =>
      runConformance({
        env: { ...accountEnv, ALLOW_REALM_CHANGES: 'true', SEED: String(i), ...env },
        args,
        timeoutMs: 400_000,
      }),
    ),
  );
}

describe('three runs at once against one server', () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  afterAll(() => server?.close());

  // The fault's operation, as the kill matrix's specificity rows run it: the edit checks share the realm's edit
  // settings through the lease (that no whole run fails anything without a fault, the next test shows).
  it('with a fault on, each fails that clause and nothing else', async () => {
    server = await startReferenceServer({ port: 0, faults: ['edit-moderators-not-exempt'] });
    const runs = await threeAtOnce({ TARGET_URL: server.url, PROFILE: 'quick' }, [
      '--only',
      'PATCH /messages/{message_id}',
    ]);
    for (const run of runs) expect(verdicts(run)).toEqual(['EDIT-LIMIT-002 failed']);
  }, 420_000);

  // Every clause, and with the server's rate limit on, the runs stay in flight together longer: more of their
  // steps meet. (One test for both: whole runs are the costliest thing `npm test` does.)
  it("with the server's rate limit on, each passes as it would alone", async () => {
    await server.close();
    server = await startReferenceServer({ port: 0, rateLimit: { requests: 150, windowSeconds: 10 } });
    const realmBefore = JSON.stringify(server.store.realm);
    const runs = await threeAtOnce({ TARGET_URL: server.url, PROFILE: 'quick' });
    for (const run of runs) expect(verdicts(run)).toEqual([]);
    // No run put back a value another run had set for a moment: the realm's settings are as they were.
    expect(JSON.stringify(server.store.realm)).toBe(realmBefore);
    // They did share: at least one waited for another's lease, and said so.
    expect(runs.some((r) => r.stdout.includes("'s lease on "))).toBe(true);
  }, 420_000);
});
