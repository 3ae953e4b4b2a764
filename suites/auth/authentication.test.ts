// Every operation — contract: "Authentication" (Basic credentials: the API email and the API key).
import fc from 'fast-check';
import { expect } from 'vitest';
import { fillPath, keyOf, type Operation } from '../../contract/index.ts';
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { ConformanceAssertion, expectErrorEnvelope, expectSuccess, summary } from '../../helpers/checks/matchers.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import { Disabled, findCause, SetupError, Unsupported } from '../../helpers/errors.ts';
import type { ApiClient, ApiResponse } from '../../helpers/http/client.ts';
import type { Role } from '../../helpers/roles.ts';
import type { ProbeSetup } from '../conventions/probe-setup-kit.ts';
import { callersOf, mustPassControls, probeSetupOf, senderOf } from '../conventions/probe-setups.ts';
import { draftOf, listDrafts } from '../drafts/drafts.ts';
import { AUTHENTICATED_OPERATIONS, AUTHENTICATION_SHARES } from './operations.ts';

const { group, check } = checksIn(import.meta.url);

/** The clauses that call every operation with bad credentials, each its own kind. */
const BAD_CREDENTIALS = ['AUTH-001', 'AUTH-002', 'AUTH-003'] as const;
type BadCredentials = (typeof BAD_CREDENTIALS)[number];

const wrongKey = (key: string) => (key.startsWith('Z') ? 'Y' : 'Z') + key.slice(1);

/** Each kind's client for a request the sender would send: the bad credentials stand in for the sender's. */
function badClients(ctx: CheckContext): Record<BadCredentials, (sender: Role) => ApiClient> {
  const nobody = `${ctx.unique('nobody')}@example.invalid`;
  return {
    'AUTH-001': () => ctx.anonymous,
    // The sender's own email with a wrong key: a request wrongly accepted acts as the sender, whose cleanup undoes it.
    'AUTH-002': (sender) => {
      const { email, apiKey } = ctx.account(sender);
      return ctx.withIdentity({ email, apiKey: wrongKey(apiKey) });
    },
    'AUTH-003': (sender) => ctx.withIdentity({ email: nobody, apiKey: ctx.account(sender).apiKey }),
  };
}

/**
 * Each kind's verdict: the operations it was not refused on, the first such answer (the evidence), and what its
 * clause notes.
 */
type Verdicts = Record<
  BadCredentials,
  { problems: string[]; departed?: ApiResponse; notes: string[]; judged: number; setupErrors: SetupError[] }
>;

/**
 * An operation's set-up, its control's answer, and who sends its requests; or why the run cannot call it (`failed`:
 * its set-up or control failed, an error of that operation's alone).
 */
type Ready =
  | { setup: ProbeSetup; sender: Role; control: ApiResponse | undefined }
  | { notRun: string; failed?: SetupError };

/**
 * An operation's valid request (suites/conventions/probe-setups.ts, built on the run's own objects) and its control,
 * sent once with the good credentials of the account that sends it, which must be accepted (else the set-up failed: a
 * server refusing the request for any other reason would pass).
 */
async function prepare(ctx: CheckContext, op: Operation): Promise<Ready> {
  // Only the first base of each set-up is sent: its control and the requests with bad credentials.
  const use = { firstBaseOnly: true };
  const who = callersOf(ctx, op, use);
  let setup: ProbeSetup | undefined;
  try {
    const sender = senderOf(op, who);
    setup = await probeSetupOf(op).setUp(ctx, who, use);
    const [control] = await mustPassControls(op, setup, ctx.as(sender), 1);
    return { setup, sender, control };
  } catch (error) {
    setup?.done?.();
    const notRun = findCause(error, Disabled) ?? findCause(error, Unsupported);
    if (notRun) return { notRun: notRun.message };
    // A set-up step or control the target refused ends this operation's part only (its BAD-* clause reports the same
    // error); the target being down, or a bug of the harness's, ends the check.
    const failed = findCause(error, SetupError);
    if (failed) return { notRun: `its set-up failed: ${failed.message.split('\n')[0]}`, failed };
    throw error;
  }
}

/**
 * Every operation, called with each kind of bad credentials its clause calls it with: one set-up and one control for
 * all of them (a refused request leaves the set-up's objects as they were, as the bad-input probes' many refusals
 * on one base do), a fresh one after a request that was not refused (it may have spent them). Each request must be
 * refused (the envelope of the refusal is the conventions' clauses'), and not with the answer the control got, where
 * that was an error (a test notification to a device the server knows but no push service does). An operation the
 * run cannot set up (a role or option missing, a feature level below it) is noted and left out.
 */
async function judgeAll(ctx: CheckContext, judged: readonly BadCredentials[]): Promise<Verdicts> {
  const verdicts = Object.fromEntries(
    BAD_CREDENTIALS.map((id) => [
      id,
      { problems: [] as string[], notes: [] as string[], judged: 0, setupErrors: [] as SetupError[] },
    ]),
  ) as Verdicts;
  const clients = badClients(ctx);
  const calls = Object.fromEntries(judged.map((id) => [id, operationsToCall(ctx, id, verdicts[id].notes)]));
  const level = ctx.world.featureLevel;
  for (const op of AUTHENTICATED_OPERATIONS) {
    const kinds = judged.filter((id) => calls[id]!.includes(op));
    if (kinds.length === 0) continue;
    const noteFrom = (from: number, text: string) => {
      for (const id of kinds.slice(from)) verdicts[id].notes.push(text);
    };
    if (op.since !== undefined && level !== null && op.since > level) {
      noteFrom(0, `operation ${op.n} not called: it dates from feature level ${op.since}, the target is at ${level}`);
      continue;
    }
    let ready: Ready | undefined;
    for (const [i, id] of kinds.entries()) {
      ready ??= await prepare(ctx, op);
      if ('notRun' in ready) {
        // This kind's and the next ones' (a fresh set-up after a departure may fail where the first did not).
        noteFrom(i, `operation ${op.n} (${keyOf(op)}) not called: ${ready.notRun}`);
        for (const later of kinds.slice(i)) if (ready.failed) verdicts[later].setupErrors.push(ready.failed);
        break;
      }
      verdicts[id].judged += 1;
      const { setup, sender, control } = ready;
      const base = setup.bases[0]!;
      const res = await clients[id](sender).request(op.method, fillPath(op, base.pathParams ?? {}), base.params);
      if (res.body?.result === 'success') setup.accepted?.(res);
      // Refused is this clause's: an error, or a 4xx that is no success. The error envelope itself (JSON, a string
      // msg and code) is CONV-002's and CONV-003's, judged on every answer.
      const refused =
        res.body?.result === 'error' || (res.status >= 400 && res.status < 500 && res.body?.result !== 'success');
      if (!refused) {
        verdicts[id].problems.push(`operation ${op.n}: ${summary(res)}`);
        verdicts[id].departed ??= res;
        setup.done?.();
        ready = undefined;
        continue;
      }
      const code = control?.body?.result === 'error' ? control.body.code : undefined;
      if (typeof code === 'string' && res.body.code === code) {
        verdicts[id].problems.push(
          `operation ${op.n}, answered as with good credentials (${res.body.code}): ${summary(res)}`,
        );
        verdicts[id].departed ??= res;
      }
    }
    if (ready && !('notRun' in ready)) ready.setup.done?.();
  }
  return verdicts;
}

/** This run's verdicts, judged by whichever of the three clauses' checks comes first. */
let current: { runId: string; by: string; verdicts: Promise<Verdicts> } | undefined;

/**
 * Judges the kind of bad credentials of `ctx`'s clause: every operation it calls must have refused them. On the full
 * and nightly profiles the requests of all three kinds are sent by whichever of their checks comes first (one set-up
 * an operation for the three); on the quick one, where each operation meets one kind at most, each check sends its
 * own (see operationsToCall).
 */
async function judgeKind(ctx: CheckContext, id: BadCredentials, what: string): Promise<void> {
  if (ctx.world.profile === 'quick') return judged(ctx, what, (await judgeAll(ctx, [id]))[id]);
  if (current?.runId !== ctx.world.runId)
    current = { runId: ctx.world.runId, by: id, verdicts: judgeAll(ctx, BAD_CREDENTIALS) };
  const { by, verdicts } = current;
  if (by !== id)
    ctx.note(`the requests were sent by ${by}'s check, with one set-up and control an operation for all three kinds`);
  judged(ctx, what, (await verdicts)[id]);
}

/**
 * Notes a kind's verdict on its clause, and fails it where an operation did not refuse the bad credentials. An
 * operation whose set-up failed is noted and left out, as one the run cannot set up is; where that left no operation
 * judged, the clause ends with the first such error.
 */
function judged(ctx: CheckContext, what: string, verdict: Verdicts[BadCredentials]): void {
  const { problems, departed, notes, judged: count, setupErrors } = verdict;
  for (const note of notes) ctx.note(note);
  if (problems.length > 0)
    throw new ConformanceAssertion(
      `operations not refused ${what}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      departed?.exchange,
    );
  if (count === 0 && setupErrors.length > 0) throw setupErrors[0];
}

/** How many operations each of the three clauses calls on the quick profile (see operationsToCall). */
const QUICK_OPERATIONS = 2;

/**
 * Every operation on the full and nightly profiles. On the quick one (a pull request's check, within one window of a
 * per-user rate limit) each clause calls QUICK_OPERATIONS of them, none called by another: the run's seed shuffles the
 * operations and deals them out, so that over successive runs every operation meets every kind. An operation costs
 * three requests or so (set-up, control, the request, clean-up): all twenty, split in thirds, cost 66, and the quick
 * run came within a few requests of the 1,400 a minute its seven accounts have.
 */
function operationsToCall(ctx: CheckContext, id: BadCredentials, notes: string[]): readonly Operation[] {
  if (ctx.world.profile !== 'quick') return AUTHENTICATED_OPERATIONS;
  const count = AUTHENTICATED_OPERATIONS.length;
  const [order] = fc.sample(fc.shuffledSubarray([...Array(count).keys()], { minLength: count, maxLength: count }), {
    seed: ctx.world.seed,
    numRuns: 1,
  });
  const at = BAD_CREDENTIALS.indexOf(id) * QUICK_OPERATIONS;
  const dealt = new Set(order!.slice(at, at + QUICK_OPERATIONS));
  // In AUTHENTICATED_OPERATIONS' order: the two that take a turn other checks wait for still come last.
  const drawn = AUTHENTICATED_OPERATIONS.filter((_, i) => dealt.has(i));
  notes.push(
    `quick profile: operations ${drawn.map((op) => op.n).join(', ')} called, drawn by the run's seed (the other two AUTH clauses call two others each); the full profile calls every one`,
  );
  return drawn;
}

group('Authentication', () => {
  // Some operations' controls take a turn on shared state (the mute's mute as the guest or the bot, as other runs'
  // do; the edit's need the realm's edit settings as they are): the run's lease on it, from the first of the checks
  // that call them (see bad-input.test.ts).
  const bad = (id: string) => (BAD_CREDENTIALS as readonly string[]).includes(id);
  sharesState(AUTHENTICATION_SHARES, { from: bad });
  check(
    'AUTH-001',
    'MUST refuse every operation (but fetching an API key) called without credentials, with the error envelope',
    { section: 'Authentication' },
    async (ctx) => {
      await judgeKind(ctx, 'AUTH-001', 'without credentials');
    },
  );

  check(
    'AUTH-002',
    "MUST refuse every operation called with a user's email and a wrong API key, with the error envelope",
    { section: 'Authentication' },
    async (ctx) => {
      await judgeKind(ctx, 'AUTH-002', 'with a wrong key');
    },
  );

  check(
    'AUTH-003',
    'MUST refuse every operation called with an email that belongs to no user, with the error envelope',
    { section: 'Authentication' },
    async (ctx) => {
      await judgeKind(ctx, 'AUTH-003', 'for an unknown email');
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
