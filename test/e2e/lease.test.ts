// A run killed while it held a lease on shared state (see shared-server.test.ts) never gives it back: the next run
// waits for it, says so, and goes on once it lapses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_ACCOUNTS } from '../../fixtures/realm.ts';
import { newRunId } from '../../helpers/world/run-id.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { KEY_ACCOUNT_ENV, runConformance } from './run-conformance.ts';

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
    // Long enough that the run, started on a busy machine (npm test runs files side by side on two cores: a run's
    // start then takes half a minute), meets it unlapsed.
    const lapses = Date.now() + 45_000;
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
      env: { ...KEY_ACCOUNT_ENV, TARGET_URL: server.url },
      args: ['--only', 'EDIT-CONTENT-001'],
      timeoutMs: 200_000,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`waiting for run ${killed}'s lease on shared state, for realm-edit-settings`);
    expect(Date.now()).toBeGreaterThanOrEqual(lapses);
    // Held back until the lapse, not for a run's whole wait for another's lease (8 min); loaded machines included.
    expect(run.ms).toBeLessThan(150_000);
    expect(run.results!.clauses.find((c) => c.id === 'EDIT-CONTENT-001')?.notes?.join(' ')).toMatch(
      /waited \d+ s for another run's lease on shared state \(realm-edit-settings\)/,
    );
  }, 240_000);
});
