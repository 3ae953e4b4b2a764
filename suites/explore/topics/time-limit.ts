/**
 * The move time limit the topic sequences run under: the exploration's old messages sent first, then the limit set
 * and shown passed for them.
 */
import { lightestOf } from '../../../helpers/checks/actors.ts';
import type { CheckContext } from '../../../helpers/checks/context.ts';
import { ConformanceAssertion } from '../../../helpers/checks/matchers.ts';
import { timedSteps } from '../../../helpers/checks/timed.ts';
import { Disabled, SetupError, Unsupported } from '../../../helpers/errors.ts';
import type { Role } from '../../../helpers/roles.ts';
import { setRealm, untilOldRefused } from '../../messages/edit.ts';
import { contentOf, mustSend, type OwnChannel } from '../../messages/messages.ts';
import { SIZE } from './arbitraries.ts';
import { nextSend, type TimeLimit } from './model.ts';

/** Requests a move step must make inside the limit, at the target's pace: the move, and reading back its topic. */
const REQUESTS_INSIDE_LIMIT = 6;

/**
 * The move time limit the sequences run under (else why none: none of the movers is held to it, the realm cannot be
 * set so, or the limit cannot be shown): the exploration's old messages are sent first (sendOld), to be brought into
 * the sequences' topics later (BringOldCommand); then the limit within a channel is set to a few seconds — long enough
 * for a move step at the pace the sends went — and the youngest old message is moved until the target refuses
 * (untilOldRefused: at once where they aged while EDIT-LIMIT-001 held the turn). Every old message is then past the
 * limit for good; the sequences' own messages are judged by their age (see ages). Put back when the check ends.
 */
export async function timeLimitOf(
  ctx: CheckContext,
  channel: OwnChannel,
  held: Role[],
  old: Old | undefined,
): Promise<TimeLimit | Disabled | Unsupported> {
  if (!held.length || !old)
    return new Disabled(
      ctx.world.options.allowRealmChanges
        ? 'no mover the limits hold: the realm refused the movers their groups, the administrator moves alone'
        : 'no mover the limits hold, the administrator moving alone: set ALLOW_REALM_CHANGES=true',
    );
  const { messages, oldTopic } = old;
  // A second for send times kept in whole seconds, one more, and twice a step's requests at the pace of the sends.
  const seconds = 1 + Math.max(1, Math.ceil((2 * REQUESTS_INSIDE_LIMIT * old.msPerSend) / 1000));
  try {
    await setRealm(ctx, { move_messages_within_stream_limit_seconds: seconds });
  } catch (error) {
    // A target that reports no such setting, or refuses the value.
    if (!(error instanceof Unsupported || error instanceof SetupError)) throw error;
    return new Unsupported(`the limit could not be set: ${error.message.split('\n')[0]}`);
  }
  // The youngest old message is the probe (and leaves the pool): the others are older.
  const probe = messages.pop()!;
  try {
    const waited = await untilOldRefused(ctx, channel, {
      probe: { id: probe.id, sentAt: probe.sent.start },
      limit: seconds,
      // Either member the limit holds alike: the one with more budget (its dozen polls through real Zulip's grace
      // went to the second member, the busiest account of a full run).
      by: lightestOf(ctx, held, 0),
    });
    ctx.note(
      `moves under a time limit of ${seconds} s: the old messages were too old to move ${waited.toFixed(1)} s after the youngest was sent`,
    );
    // The probe was at most this old (plus a second for send times kept in whole seconds) when it was refused.
    const tooOldMs = Date.now() - probe.sent.start + 1000;
    return {
      seconds,
      probedFrom: probe.sent.end,
      tooOldMs,
      holds: new Set(held),
      old: messages,
      oldTopic,
    } satisfies TimeLimit;
  } catch (error) {
    // A limit the probe could not show (EDIT-LIMIT-*'s to judge): the sequences move without the member (see realsOf).
    if (!(error instanceof ConformanceAssertion)) throw error;
    return new Unsupported(`the probe could not show the limit: ${error.message.split('\n')[0]}`);
  }
}

/** The exploration's old messages (see timeLimitOf), oldest first, their topic, and the target's pace sending them. */
interface Old {
  messages: TimeLimit['old'];
  oldTopic: string;
  msPerSend: number;
}

/** Sends the exploration's old messages (by `sender`, to a topic of `channel` no sequence names). */
export async function sendOld(ctx: CheckContext, channel: OwnChannel, sender: Role): Promise<Old> {
  const oldTopic = ctx.unique('old');
  // The fixed start's one, one a generated sequence (a generated step may bring one while some are left; a failure's
  // shrinking runs sequences again; past these, brings do nothing), and the probe.
  const count = SIZE[ctx.world.profile].numRuns + 2;
  const messages: TimeLimit['old'] = [];
  const sending = timedSteps(ctx.recorder);
  for (let i = 0; i < count; i++) {
    const start = Date.now();
    const id = await mustSend(ctx, sender, {
      type: 'stream',
      to: channel.id,
      topic: oldTopic,
      content: contentOf(ctx, 'old'),
    });
    messages.push({ id, sent: { start, end: Date.now(), n: nextSend() } });
  }
  // The target's pace, not its rate limit's: waits for the rate limit are left out.
  return { messages, oldTopic, msPerSend: sending.workMs() / count };
}
