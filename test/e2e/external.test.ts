// TARGET_URL pointing at a separately started server, configured like a real deployment, and at no server at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_ACCOUNTS } from '../../fixtures/realm.ts';
import { ROLE_ENV_PREFIX, ROLES } from '../../helpers/roles.ts';
import { type Store, startReferenceServer } from '../../reference/server.ts';
import { runConformance, SKIPPED_BY_DESIGN } from './run-conformance.ts';

/** Every role configured as a server team would: members by password, the bot by API key. */
const accountEnv = Object.fromEntries(
  ROLES.flatMap((role) => {
    const p = ROLE_ENV_PREFIX[role];
    const seed = REFERENCE_ACCOUNTS[role];
    return [
      [`${p}_EMAIL`, seed.email],
      seed.password ? [`${p}_PASSWORD`, seed.password] : [`${p}_API_KEY`, seed.apiKey],
    ];
  }),
);

describe('against a separately started reference server', () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('passes, and leaves no draft, message, scheduled message, queue or unarchived channel of the run behind', async () => {
    const before = userSliceState(server.store);
    const run = await runConformance({ env: { TARGET_URL: server.url, ...accountEnv, ALLOW_REALM_CHANGES: 'true' } });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.results!.counts.passed).toBe(run.results!.clauses.length - SKIPPED_BY_DESIGN.length);
    const runId = run.results!.run.runId;
    const residue = await residueOf(server.url, `cf-${runId}-`);
    expect(residue).toEqual([]);
    // Mute lists, profile fields, push tokens and email visibility as before; the run's groups all deactivated.
    expect(userSliceState(server.store)).toEqual(before);
    const active = [...server.store.userGroups.values()].filter(
      (g) => g.name.startsWith(`cf-${runId}-`) && !g.deactivated,
    );
    expect(active.map((g) => g.name)).toEqual([]);
    const messages = [...server.store.messages.values()].filter((m) => m.content.startsWith(`cf-${runId}-`));
    expect(messages.map((m) => `message ${m.id}: ${m.content.slice(0, 60)}`)).toEqual([]);
  }, 120_000);

  it('runs 12 files at once when CONCURRENCY is unset: a target may limit each user without showing it', async () => {
    const run = await runConformance({
      env: { TARGET_URL: server.url, ...accountEnv, CONCURRENCY: '' },
      args: ['--only', 'AUTH-004'],
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'the target may limit each user without showing it before a 429: 12 suite files at once',
    );
  }, 120_000);

  // The operations that tell development accounts apart (logging in with a password, changing the realm) and the
  // credential checks every operation shares; that every other clause passes on this server, the test above shows.
  it("needs only TARGET_URL on a development server: the realm's accounts come from /dev_fetch_api_key", async () => {
    const run = await runConformance({
      env: { TARGET_URL: server.url },
      args: [
        '--only',
        'auth,POST /fetch_api_key,POST /realm/profile_fields,POST /user_groups/{user_group_id}/deactivate',
      ],
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("member: hamlet@zulip.com, the development realm's account");
    const notPassed = run.results!.clauses.filter((c) => c.outcome !== 'passed' && !SKIPPED_BY_DESIGN.includes(c.id));
    // Without ALLOW_REALM_CHANGES, the checks that create profile fields or user groups are disabled, naming it.
    const realmWide = notPassed.filter((c) => c.reason?.includes('ALLOW_REALM_CHANGES'));
    expect(realmWide.map((c) => c.id)).toEqual(expect.arrayContaining(['PROFILE-FIELD-001', 'GROUP-DEACTIVATE-001']));
    // Development accounts come without passwords: otherwise only the checks that log in with one are disabled (and
    // the answers of logging in, which in this slice only those checks would have drawn).
    expect(notPassed.filter((c) => !realmWide.includes(c)).map((c) => c.id)).toEqual([
      'BAD-FETCHKEY-001',
      'FETCHKEY-001',
      'FETCHKEY-002',
      'FETCHKEY-003',
      'FETCHKEY-004',
      'FETCHKEY-005',
      'RESP-FETCHKEY-001',
    ]);
    for (const c of notPassed) expect(c.reason, c.id).toMatch(/disabled|password|ALLOW_REALM_CHANGES/);
    expect(notPassed.every((c) => c.outcome === 'disabled')).toBe(true);
  }, 120_000);

  it('stops before any check with one clear error when a password is wrong', async () => {
    const run = await runConformance({
      env: { TARGET_URL: server.url, ...accountEnv, MEMBER_PASSWORD: 'not-the-password' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/MEMBER_PASSWORD: the target refused the password of hamlet@zulip.com/);
    expect(run.stderr).not.toContain('not-the-password');
    expect(run.results).toBeUndefined();
  }, 60_000);

  it('stops with one clear error when an account has the wrong role', async () => {
    const run = await runConformance({
      env: {
        TARGET_URL: server.url,
        ...accountEnv,
        GUEST_EMAIL: REFERENCE_ACCOUNTS.member2.email,
        GUEST_PASSWORD: REFERENCE_ACCOUNTS.member2.password,
      },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/GUEST_EMAIL: othello@zulip.com is not a guest/);
  }, 60_000);
});

describe('against a production-like server (no /dev_fetch_api_key)', () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0, developmentLogin: false });
  });
  afterAll(() => server.close());

  it('disables the checks of a role left unset, naming its variables', async () => {
    const { GUEST_EMAIL: _e, GUEST_PASSWORD: _p, BOT_EMAIL: _b, BOT_API_KEY: _k, ...partial } = accountEnv;
    const run = await runConformance({ env: { TARGET_URL: server.url, ...partial }, args: ['--only', 'auth'] });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const auth5 = run.results!.clauses.find((c) => c.id === 'AUTH-005')!;
    expect(auth5.outcome).toBe('disabled');
    expect(auth5.reason).toMatch(/BOT_EMAIL with BOT_API_KEY is not set/);
  }, 120_000);
});

describe('against a rate-limited server (40 requests per 4 s per user)', () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0, rateLimit: { requests: 40, windowSeconds: 4 } });
  });
  afterAll(() => server.close());

  it('paces each account from the X-RateLimit headers: no check fails or errs for a 429', async () => {
    // The drafts and authentication checks: about 250 requests, most of them the member's (six windows' worth).
    const run = await runConformance({
      env: { TARGET_URL: server.url, ...accountEnv },
      args: ['--only', 'drafts,auth'],
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.results!.counts.passed).toBe(run.results!.clauses.length);
    // By design (helpers/http/rate-budget.ts) a spent budget whose Reset is more than 2 s away is not waited for: the
    // request goes, and a 429 says exactly how long to wait. So a few 429s are pacing at work (the authentication
    // checks' controls, one accepted request per operation, bring some); pacing that does not work would meet one on
    // every request past the budget.
    const hits = run.results!.clauses.reduce((n, c) => n + (c.rateLimited ?? 0), 0);
    const requests = run.results!.clauses.reduce((n, c) => n + (c.requests ?? 0), 0);
    expect(hits, `429 answers among ${requests} requests`).toBeLessThanOrEqual(Math.floor(requests / 25));
  }, 180_000);

  it('runs 12 files at once when CONCURRENCY is unset (the run waits on budgets, not on the CPU), as told', async () => {
    const run = await runConformance({
      env: { TARGET_URL: server.url, ...accountEnv, CONCURRENCY: '' },
      args: ['--only', 'AUTH-00*'],
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('the target shows a per-user rate limit: 12 suite files at once');
    const set = await runConformance({ env: { TARGET_URL: server.url, ...accountEnv }, args: ['--only', 'AUTH-004'] });
    expect(set.stdout).not.toContain('suite files at once');
  }, 120_000);
});

describe('against no server', () => {
  it('ends within seconds with one clear error and exit 2', async () => {
    const run = await runConformance({ env: { TARGET_URL: 'http://127.0.0.1:1', ...accountEnv } });
    expect(run.code).toBe(2);
    // Within seconds on a quiet machine; the bound only tells one error from a run of timeouts, and holds loaded.
    expect(run.ms).toBeLessThan(60_000);
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toMatch(
      /^teamchat-conformance: cannot reach the target at http:\/\/127\.0\.0\.1:1: .*ECONNREFUSED/,
    );
    expect(lines.length).toBeLessThanOrEqual(2);
  }, 60_000);

  it('names the variable of a bad configuration value and exits 2', async () => {
    const run = await runConformance({ env: { PROFILE: 'thorough' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/PROFILE="thorough": expected quick, full or nightly/);
  }, 60_000);
});

/** The per-user and realm state the users slice changes and must restore (read behind the API). */
function userSliceState(store: Store) {
  const nonEmpty = <T>(entries: [number, T[]][]) => entries.filter(([, list]) => list.length > 0);
  return {
    muted: nonEmpty([...store.mutedUsers].map(([user, list]) => [user, list.map((m) => m.id)])),
    profileFields: [...store.profileFields.keys()],
    pushTokens: nonEmpty([...store.pushTokens].map(([user, list]) => [user, list.map((t) => t.token)])),
    emailVisibility: [...store.users.values()].map((u) => u.emailAddressVisibility),
  };
}

/** What a run with this prefix left on the server: drafts of any seeded user, and channels not archived. */
async function residueOf(url: string, prefix: string): Promise<string[]> {
  const left: string[] = [];
  for (const role of ROLES) {
    const { email, apiKey } = REFERENCE_ACCOUNTS[role];
    const auth = { authorization: `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}` };
    const drafts = (await (await fetch(`${url}/api/v1/drafts`, { headers: auth })).json()) as {
      drafts?: { content: string; topic: string }[];
    };
    for (const d of drafts.drafts ?? [])
      if (d.content.startsWith(prefix) || d.topic.startsWith(prefix)) left.push(`draft of ${role}: ${d.content}`);
    const subs = (await (await fetch(`${url}/api/v1/users/me/subscriptions`, { headers: auth })).json()) as {
      subscriptions?: { name: string; is_archived?: boolean }[];
    };
    for (const s of subs.subscriptions ?? [])
      if (s.name.startsWith(prefix) && !s.is_archived) left.push(`channel ${s.name} (subscribed: ${role})`);
    const scheduled = (await (await fetch(`${url}/api/v1/scheduled_messages`, { headers: auth })).json()) as {
      scheduled_messages?: { content: string }[];
    };
    for (const m of scheduled.scheduled_messages ?? [])
      if (m.content.startsWith(prefix)) left.push(`scheduled message of ${role}: ${m.content.slice(0, 60)}`);
  }
  return left;
}
