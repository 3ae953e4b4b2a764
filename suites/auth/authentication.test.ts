// Every operation — contract: "Authentication" (Basic credentials: the API email and the API key).
import fc from 'fast-check';
import { expect } from 'vitest';
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectErrorEnvelope, expectSuccess, summary } from '../../helpers/checks/matchers.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import { fillPath, keyOf, type Operation } from '../../helpers/contract/index.ts';
import { Disabled, findCause, Unsupported } from '../../helpers/errors.ts';
import type { ApiClient } from '../../helpers/http/client.ts';
import type { Role } from '../../helpers/roles.ts';
import { callersOf, mustPassControls, PROBE_SETUPS, type ProbeSetup, senderOf } from '../conventions/probe-setups.ts';
import { draftOf, listDrafts } from '../drafts/drafts.ts';
import { AUTHENTICATED_OPERATIONS } from './operations.ts';

const { group, check } = checksIn(import.meta.url);

/**
 * For each operation, its valid request (suites/conventions/probe-setups.ts, built on the run's own objects): first
 * its control, once with the good credentials of the account that sends it, which must be accepted (else the set-up
 * failed: a server refusing the request for any other reason would pass); then the same request with the clause's bad
 * credentials (`as(sender)`), which must be refused (the envelope of the refusal is the conventions' clauses') — and
 * not with the answer the control got, where that was an error (a test notification to a device the server knows but no push service does). Returns
 * the operations whose request was not refused; an operation the run cannot set up (a role or option missing, a
 * feature level below it) is noted and left out.
 */
async function unrefused(ctx: CheckContext, as: (sender: Role) => ApiClient): Promise<string[]> {
  const problems: string[] = [];
  const level = ctx.world.featureLevel;
  for (const op of operationsToCall(ctx)) {
    if (op.since !== undefined && level !== null && op.since > level) {
      ctx.note(`operation ${op.n} not called: it dates from feature level ${op.since}, the target is at ${level}`);
      continue;
    }
    // Only the first base of each set-up is sent: its control and the request with bad credentials.
    const use = { firstBaseOnly: true };
    const who = callersOf(ctx, op.n, use);
    let setup: ProbeSetup;
    let sender: Role;
    try {
      sender = senderOf(op, who);
      setup = await PROBE_SETUPS[op.n]!(ctx, op, who, use);
    } catch (error) {
      const notRun = findCause(error, Disabled) ?? findCause(error, Unsupported);
      if (!notRun) throw error;
      ctx.note(`operation ${op.n} (${keyOf(op)}) not called: ${notRun.message}`);
      continue;
    }
    const [control] = await mustPassControls(op, setup, ctx.as(sender), 1);
    const base = setup.bases[0]!;
    const res = await as(sender).request(op.method, fillPath(op, base.pathParams ?? {}), base.params);
    if (res.body?.result === 'success') setup.accepted?.(res);
    setup.done?.();
    // Refused is this clause's: an error, or a 4xx that is no success. The error envelope itself (JSON, a string msg
    // and code) is CONV-002's and CONV-003's, judged on every answer.
    const refused =
      res.body?.result === 'error' || (res.status >= 400 && res.status < 500 && res.body?.result !== 'success');
    if (!refused) {
      problems.push(`operation ${op.n}: ${summary(res)}`);
      continue;
    }
    const code = control?.body?.result === 'error' ? control.body.code : undefined;
    if (typeof code === 'string' && res.body.code === code)
      problems.push(`operation ${op.n}, answered as with good credentials (${res.body.code}): ${summary(res)}`);
  }
  return problems;
}

/** The clauses that call every operation with bad credentials, each its own kind. */
const BAD_CREDENTIALS = ['AUTH-001', 'AUTH-002', 'AUTH-003'];

/**
 * Every operation on the full and nightly profiles. On the quick one (a pull request's check, within one window of a
 * per-user rate limit) the three clauses share the operations out: each calls a third of them, so that the run
 * still calls every operation once with some bad credentials; which third is each clause's is drawn from the run's
 * seed, so that over many runs every operation meets every kind.
 */
function operationsToCall(ctx: CheckContext): readonly Operation[] {
  const index = BAD_CREDENTIALS.indexOf(ctx.clause.id);
  if (ctx.world.profile !== 'quick' || index === -1) return AUTHENTICATED_OPERATIONS;
  const [order] = fc.sample(fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }), {
    seed: ctx.world.seed,
    numRuns: 1,
  });
  const share = order![index]!;
  const drawn = AUTHENTICATED_OPERATIONS.filter((_, i) => i % BAD_CREDENTIALS.length === share);
  ctx.note(
    `quick profile: operations ${drawn.map((op) => op.n).join(', ')} called (the other two AUTH clauses call the rest); the full profile calls every one`,
  );
  return drawn;
}

const wrongKey = (key: string) => (key.startsWith('Z') ? 'Y' : 'Z') + key.slice(1);

group('Authentication', () => {
  // The mute operation's controls mute as the guest or the bot, as other runs' do; the edit operation's need the
  // realm's edit settings as they are: both leases, in the one order (see bad-input.test.ts).
  sharesState('mutes', { from: (id) => BAD_CREDENTIALS.includes(id) });
  sharesState('realm-edit-settings', { from: (id) => BAD_CREDENTIALS.includes(id) });
  check(
    'AUTH-001',
    'MUST refuse every operation (but fetching an API key) called without credentials, with the error envelope',
    { section: 'Authentication' },
    async (ctx) => {
      expect(await unrefused(ctx, () => ctx.anonymous), 'operations not refused without credentials').toEqual([]);
    },
  );

  check(
    'AUTH-002',
    "MUST refuse every operation called with a user's email and a wrong API key, with the error envelope",
    { section: 'Authentication' },
    async (ctx) => {
      // The sender's own email with a wrong key: a request wrongly accepted acts as the sender, whose cleanup undoes it.
      const withWrongKey = (sender: Role) => {
        const { email, apiKey } = ctx.account(sender);
        return ctx.withIdentity({ email, apiKey: wrongKey(apiKey) });
      };
      expect(await unrefused(ctx, withWrongKey), 'operations not refused with a wrong key').toEqual([]);
    },
  );

  check(
    'AUTH-003',
    'MUST refuse every operation called with an email that belongs to no user, with the error envelope',
    { section: 'Authentication' },
    async (ctx) => {
      const nobody = `${ctx.unique('nobody')}@example.invalid`;
      const unknown = (sender: Role) => ctx.withIdentity({ email: nobody, apiKey: ctx.account(sender).apiKey });
      expect(await unrefused(ctx, unknown), 'operations not refused for an unknown email').toEqual([]);
    },
  );

  check(
    'AUTH-004',
    'MUST change nothing when it refuses a write for bad credentials',
    { section: 'Authentication', endpoint: 'POST /drafts' },
    async (ctx) => {
      const { email, apiKey } = ctx.account('member');
      const draft = draftOf.unaddressed(ctx);
      const refused = await ctx.withIdentity({ email, apiKey: wrongKey(apiKey) }).post('/drafts', { drafts: [draft] });
      expectErrorEnvelope(refused, 'creating a draft with a wrong key');
      const { drafts } = await listDrafts(ctx.member);
      const created = drafts.filter((d) => d.content === draft.content);
      for (const d of created) ctx.track('member', 'draft', d.id, `draft ${d.id}`);
      expect(created, 'drafts created by the refused request').toEqual([]);
    },
  );

  check(
    'AUTH-005',
    "MUST accept a bot's email and API key as Basic credentials, as it does a user's",
    { section: 'Authentication' },
    async (ctx) => {
      const { email, apiKey, secretVar } = ctx.account('bot', { evenIfRefused: true });
      const res = await ctx.withIdentity({ email, apiKey, secretVar }).get('/users/me/subscriptions');
      expectSuccess(res, "the bot's request with its API key");
    },
  );
});
