// PATCH /messages/{message_id}: the move time limit — contract: 3. Edit a message (realm setting
// move_messages_within_stream_limit_seconds; MOVE_MESSAGES_TIME_LIMIT_EXCEEDED and its three fields; repeating
// with change_later from first_message_id_allowed_to_move), Errors, Limits, Versioning (172).
//
// Messages must be older than the limit plus the target's grace, which the contract does not give (real Zulip adds
// 20 s). So the check waits once, in its own file (running beside the others), for every generated case together:
// it sends each case's older messages, waits until a probe sent after them can no longer be moved, then sends each
// case's newer messages and moves at once. The cases are drawn with fast-check's sampler from the check's seed
// (one shared wait rules out fc.assert's run-by-run shrinking); two fixed examples always run.
import fc from 'fast-check';
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectError, expectErrorEnvelope, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import { Interrupted, timedSteps, uninterrupted } from '../../helpers/checks/timed.ts';
import type { Role } from '../../helpers/roles.ts';
import {
  edit,
  exemptMover,
  exemptMovers,
  placesOf,
  QUIET,
  sendMany,
  sendProbe,
  setRealm,
  untilOldRefused,
  waitUntilTooOld,
} from './edit.ts';
import { type OwnChannel, sharedChannel } from './messages.ts';
import { permit } from './permitted.ts';

const { group, check } = checksIn(import.meta.url);

/** At most this many generated cases (each sends up to 6 messages). */
const MAX_CASES = 6;
/** Requests that must all happen inside the limit in a case: up to 3 newer messages, the move, the change_later. */
const REQUESTS_INSIDE_LIMIT = 5;

/**
 * The limit, in seconds, set once the older messages are sent (it is judged at move time): a second for send times
 * kept in whole seconds, one more, and twice the time the case's requests inside the limit take at the pace the
 * older sends went (slow answers, a rate-limited target) — 2 s on a quick target, more on a slow one.
 */
function limitSeconds(msPerRequest: number): number {
  return 1 + Math.max(1, Math.ceil((2 * REQUESTS_INSIDE_LIMIT * msPerRequest) / 1000));
}

interface LimitCase {
  /** Messages older than the limit. */
  k: number;
  /** Messages within it. */
  m: number;
  /** Which message the move targets: a newer one when there are any, else an older one. */
  at: number;
}

const limitCase = fc.record({ k: fc.integer({ min: 1, max: 3 }), m: fc.integer({ min: 0, max: 3 }), at: fc.nat(9) });

group('PATCH /messages/{message_id}: move time limits', () => {
  sharesState('realm-edit-settings');

  check(
    'EDIT-LIMIT-001',
    "MUST answer a member's change_all over a partly too old topic with MOVE_MESSAGES_TIME_LIMIT_EXCEEDED and its three fields, and let change_later from first_message_id_allowed_to_move move the rest",
    { section: '3. Edit a message; Errors; Limits', since: 172 },
    async (ctx) => {
      // Only the moves are the member's: the topic's messages (whose author no move limit looks at) are sent, and
      // read back, by an assistant (every account is subscribed to the shared channel): each time the one with most
      // budget then, where one assistant for them all would carry a third of its window.
      const channel = await sharedChannel(ctx);
      const { seed, numRuns } = ctx.property();
      const cases: LimitCase[] = [
        { k: 1, m: 2, at: 1 },
        { k: 2, m: 0, at: 0 },
        // A fifth of the profile's property runs, six at most: none on a pull request's quick run (the two examples
        // alone, within one window of a per-user rate limit), six on the full and nightly ones.
        ...(ctx.world.profile === 'quick'
          ? []
          : fc.sample(limitCase, { seed, numRuns: Math.min(Math.ceil(numRuns / 5), MAX_CASES) })),
      ];
      const topics = cases.map(() => ctx.unique('limit'));
      const older: number[][] = [];
      const sending = timedSteps(ctx.recorder);
      for (const [i, c] of cases.entries())
        older.push(await sendMany(ctx, channel, topics[i]!, c.k, ctx.someone('assistant')));
      // The probe, sent before the turn on the limit is asked for: it ages while another check holds it.
      const probe = await sendProbe(ctx, channel, ctx.someone('assistant'));
      // The target's pace (and MAX_RPS's), not its rate limit's: waits for the rate limit are left out.
      const limit = limitSeconds(sending.workMs() / (older.flat().length + 1));
      // The member moves, and an exempt mover clears a case's newer messages away: both allowed to move topics.
      await permit(
        ctx,
        'can_move_messages_between_topics_group',
        ['member', ...exemptMovers(ctx)],
        'move messages between topics',
      );
      await setRealm(ctx, { move_messages_within_stream_limit_seconds: limit });
      const waited = await untilOldRefused(ctx, channel, { probe, limit });
      ctx.note(`messages were too old for the member to move after ${waited.toFixed(1)} s (limit ${limit} s)`);
      for (const [i, { m, at }] of cases.entries()) {
        const reader = ctx.someone('assistant');
        await judgeCase(ctx, { channel, reader, limit, topic: topics[i]!, older: older[i]!, m, at });
      }
    },
  );
});

interface CaseEnv {
  channel: OwnChannel;
  reader: Role;
  limit: number;
  topic: string;
  /** The topic's messages already too old to move. */
  older: number[];
  m: number;
  at: number;
}

/**
 * One case: `m` newer messages in a topic of older ones, a member's change_all at one of them, and change_later from
 * the first message allowed to move. The newer messages, the change_all and the change_later must all fall inside
 * the limit: a rate-limit wait among them (a change_all or change_later refused after one) starts the case again
 * with `m` new newer ones (helpers/checks/timed.ts), the last attempt's moved out of the topic first.
 */
async function judgeCase(ctx: CheckContext, env: CaseEnv): Promise<void> {
  const { channel, reader, limit, topic, m, at } = env;
  let old = env.older;
  let stale: number[] = [];
  await uninterrupted(
    (line) => ctx.note(line),
    `the case of ${old.length} older and ${m} newer message(s)`,
    async () => {
      if (stale.length > 0) {
        // The last attempt's newer messages leave the topic, moved by an account no move limit binds: the topic holds
        // the older ones alone again, and the case starts again at once. Any the move leaves stay until they are
        // too old too: through the target's grace (real Zulip's 20 s), which the checks waiting for this one's turn on
        // the limit would wait out with it.
        const left: number[] = [];
        for (const id of stale) {
          const res = await edit(ctx, exemptMover(ctx), id, { topic: ctx.unique('aside'), ...QUIET });
          if (res.body?.result !== 'success') left.push(id);
        }
        if (left.length > 0) {
          await waitUntilTooOld(ctx, channel, { limit });
          old = [...old, ...left];
        }
        stale = [];
      }
      const k = old.length;
      await ctx.budgetFor([reader, 'member'], REQUESTS_INSIDE_LIMIT);
      const timed = timedSteps(ctx.recorder);
      const newer = await sendMany(ctx, channel, topic, m, reader);
      stale = newer;
      const all = [...old, ...newer];
      const target = m > 0 ? newer[at % m]! : old[at % k]!;
      const dest = ctx.unique('moved');
      const what = `a member's change_all at ${m > 0 ? 'a newer' : 'an older'} message of a topic with ${k} older and ${m} newer message(s)`;
      const res = await edit(ctx, 'member', target, { topic: dest, propagate_mode: 'change_all', ...QUIET });
      if (m === 0) {
        // Every message is too old: the contract's error with a null first id, or (real Zulip, which judges the
        // target first) a plain time-limit error. Either way nothing moves.
        const body = expectErrorEnvelope(res, what);
        if (body.code === 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED' && body.first_message_id_allowed_to_move !== null) {
          fail(res, `${what}: wanted first_message_id_allowed_to_move null when no message may move`);
        }
        const places = await placesOf(ctx, all, reader);
        for (const id of all) {
          const want = `${channel.id} / ${JSON.stringify(topic)}`;
          if (places.get(id) !== want) fail(res, `${what}: message ${id} moved to ${places.get(id)}`);
        }
        return;
      }
      if (res.body?.result !== 'success' && timed.interrupted())
        throw new Interrupted('a rate-limit wait came before the change_all was answered');
      const body = expectError(res, 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', what);
      const fields = {
        total_messages_in_topic: k + m,
        total_messages_allowed_to_move: m,
        first_message_id_allowed_to_move: newer[0],
      };
      for (const [name, want] of Object.entries(fields)) {
        if (body[name] !== want) fail(res, `${what}: wanted ${name} ${want}`);
      }
      // No read-back before change_later: the newer messages must still be young. The read-back after it shows
      // the refused change_all moved nothing of the older part.
      const later = await edit(ctx, 'member', newer[0]!, { topic: dest, propagate_mode: 'change_later', ...QUIET });
      if (later.body?.result !== 'success' && timed.interrupted())
        throw new Interrupted('a rate-limit wait came before the change_later was answered');
      expectSuccess(later, `${what}, repeated with change_later from first_message_id_allowed_to_move`);
      const after = await placesOf(ctx, all, reader);
      for (const [j, id] of all.entries()) {
        const want = `${channel.id} / ${JSON.stringify(j < k ? topic : dest)}`;
        if (after.get(id) !== want)
          fail(later, `${what}: after change_later wanted message ${j + 1} at ${want}; it is at ${after.get(id)}`);
      }
    },
  );
}
