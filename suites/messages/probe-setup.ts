/**
 * The probe set-ups of the messages' operations (1–5, 21): their valid requests, built on a channel, a message and
 * a queue of the run's own (see suites/conventions/probe-setups.ts).
 */
import type { OperationKey } from '../../contract/index.ts';
import { isInt } from '../../helpers/checks/matchers.ts';
import { takeTurn, takeTurns } from '../../helpers/checks/turns.ts';
import { Unsupported } from '../../helpers/errors.ts';
import {
  anyone,
  aPerson,
  createdBy,
  leftBehind,
  otherUserId,
  type ProbeSetupEntry,
  probeSetup,
  registerQueue,
} from '../conventions/probe-setup-kit.ts';
import { TYPING_TURN } from '../typing/turn.ts';
import { listScheduled, mustSend, readMessage } from './messages.ts';
import { anyTerm } from './narrows.ts';
import { permit } from './permitted.ts';

const sendMessage = probeSetup({
  caller: aPerson,
  prepare: async (ctx, { caller }) => {
    const marker = ctx.unique('probe');
    // A queue of the caller's: a valid queue_id for the direct base, and the read-back of any message sent.
    const queue = await registerQueue(ctx, caller, { event_types: ['message'] });
    const sent = createdBy(ctx, caller, 'message', 'id');
    const on = {
      channelId: ctx.channel().id,
      userId: otherUserId(ctx, caller),
      marker,
      queueId: String(queue.queue_id),
      featureLevel: ctx.world.featureLevel,
    };
    return {
      on,
      // Sending spends nothing: the controls' messages are tracked, and the read-back leaves them out.
      afterControl: sent.accept,
      accepted: sent.accept,
      readBack: async () => {
        const body = await ctx.as(caller).mustSetup('GET', '/events', {
          queue_id: on.queueId,
          last_event_id: Number(queue.last_event_id ?? -1),
          dont_block: true,
        });
        const messages = (Array.isArray(body.events) ? body.events : [])
          .filter((e: any) => e?.type === 'message' && String(e.message?.content ?? '').includes(marker))
          .map((e: any) => e.message)
          .filter((m: any) => !sent.ids.has(m?.id));
        for (const m of messages)
          if (isInt(m?.id)) ctx.track(caller, 'message', m.id, `message ${m.id}`, { ownOnly: m.type === 'private' });
        return leftBehind('message', messages);
      },
    };
  },
  valid: (on) => [
    { params: { type: 'stream', to: on.channelId, topic: on.marker, content: on.marker } },
    {
      params: {
        // `direct` from level 174 (`private` before).
        type: on.featureLevel === null || on.featureLevel >= 174 ? 'direct' : 'private',
        to: [on.userId],
        content: on.marker,
        queue_id: on.queueId,
        local_id: `${on.marker}-local`,
      },
    },
  ],
});

const scheduleMessage = probeSetup({
  caller: aPerson,
  prepare: async (ctx, { caller }) => {
    const marker = ctx.unique('probe');
    const made = createdBy(ctx, caller, 'scheduled_message', 'scheduled_message_id');
    return {
      on: { channelId: ctx.channel().id, marker, later: Math.floor(Date.now() / 1000) + 30 * 86400 },
      afterControl: made.accept,
      accepted: made.accept,
      readBack: async () => {
        const found = (await listScheduled(ctx, caller)).filter(
          (s) => String(s?.content ?? '').includes(marker) && !made.ids.has(s?.scheduled_message_id),
        );
        for (const s of found) ctx.track(caller, 'scheduled_message', s.scheduled_message_id, 'scheduled message');
        return leftBehind(
          'scheduled message',
          found.map((s) => ({ id: s.scheduled_message_id })),
        );
      },
    };
  },
  valid: (on) => [
    {
      params: {
        type: 'stream',
        to: on.channelId,
        topic: on.marker,
        content: on.marker,
        scheduled_delivery_timestamp: on.later,
      },
    },
  ],
});

/**
 * The realm settings that decide whether the caller may edit the content of, or move, its own fresh message, which
 * the edit checks change meanwhile (allow_message_editing off, limits of a second, a movers group without the second
 * member): held in name order, as setRealm (edit.ts) takes its turns, under the same names, so that neither the
 * control nor the probes meet another check's setting, and no two checks wait on each other.
 */
const EDIT_SETTINGS = [
  'allow_message_editing',
  'can_move_messages_between_topics_group',
  'message_content_edit_limit_seconds',
  'move_messages_within_stream_limit_seconds',
];
/** Those a content edit needs alone (the first base): not the move's, which EDIT-LIMIT-001 holds for a minute. */
const CONTENT_EDIT_SETTINGS = ['allow_message_editing', 'message_content_edit_limit_seconds'];

const editMessage = probeSetup({
  // Edits by the moderator or the member: no other run's checks fence them out of moving topics (EDIT-TOPIC-005 and
  // EDIT-CHANNEL-003 leave out the second member). A content edit alone (the first base) any person may send: its
  // settings' turns are held (prepare).
  caller: (ctx, use) =>
    use.firstBaseOnly ? aPerson(ctx, use) : ctx.someone('person', { besides: ['admin', 'owner', 'member2'] }),
  shares: ['realm-edit-settings'],
  prepare: async (ctx, { caller }, use) => {
    const done = await takeTurns(
      ctx,
      (use.firstBaseOnly ? CONTENT_EDIT_SETTINGS : EDIT_SETTINGS).map((name) => `realm setting ${name}`),
    );
    // The move base: who may move topics is the realm's (a realm may leave it to moderators); widened for the check
    // where it does not hold the caller, and put back when the check ends.
    if (!use.firstBaseOnly)
      await permit(ctx, 'can_move_messages_between_topics_group', [caller], 'move a topic').catch((error) => {
        if (!(error instanceof Unsupported)) throw error;
        ctx.note(`the move's control is sent as the realm has it: ${error.message}`);
      });
    const marker = ctx.unique('probe');
    const channelId = ctx.channel().id;
    const send = () => mustSend(ctx, caller, { type: 'stream', to: channelId, topic: marker, content: marker });
    // The controls edit a twin: the probed message must stay as read here, for the read-back.
    const [id, twin] = [await send(), await send()];
    const before = await readMessage(ctx, caller, id);
    return {
      on: { messageId: id, marker, channelId },
      twin: { messageId: twin, marker, channelId },
      readBack: async (acceptedAny) => {
        if (acceptedAny) return [];
        const after = await readMessage(ctx, caller, id);
        const changed = ['content', 'topic', 'stream_id'].filter((f) => after[f] !== before[f]);
        return changed.length ? [`a refused edit changed the message's ${changed.join(', ')}`] : [];
      },
      done,
    };
  },
  valid: (on, use) => [
    { pathParams: { message_id: on.messageId }, params: { content: `${on.marker} edited` } },
    ...(use.firstBaseOnly
      ? []
      : [
          {
            pathParams: { message_id: on.messageId },
            params: { topic: `${on.marker}-moved`, stream_id: on.channelId },
          },
        ]),
  ],
});

const setTyping = probeSetup({
  caller: aPerson,
  shares: ['typing'],
  // The typing checks' turn (see TYPING_TURN), for as long as the controls and probes take.
  prepare: async (ctx, { caller }) => ({
    done: await takeTurn(ctx, TYPING_TURN),
    on: {
      userId: otherUserId(ctx, caller),
      channelId: ctx.channel().id,
      marker: ctx.unique('probe'),
      featureLevel: ctx.world.featureLevel,
    },
  }),
  valid: (on) => [
    { params: { op: 'start', to: [on.userId] } },
    // Typing in a channel is addressed by stream_id from level 215 (by `to` before).
    ...(on.featureLevel === null || on.featureLevel >= 215
      ? [{ params: { type: 'stream', op: 'start', stream_id: on.channelId, topic: on.marker } }]
      : []),
  ],
});

const matchNarrow = probeSetup({
  caller: aPerson,
  // A narrow the target takes (learnt once a run: narrows.ts), so that its control is accepted.
  prepare: async (ctx) => ({ on: { narrowTerm: await anyTerm(ctx) } }),
  valid: (on) => [{ params: { msg_ids: [], narrow: [on.narrowTerm] } }],
});

const render = probeSetup({
  caller: anyone,
  prepare: async (ctx) => ({ on: { marker: ctx.unique('probe') } }),
  valid: (on) => [{ params: { content: on.marker } }],
});

export const messageSetups = {
  'POST /messages': sendMessage,
  'POST /scheduled_messages': scheduleMessage,
  'PATCH /messages/{message_id}': editMessage,
  'POST /typing': setTyping,
  'GET /messages/matches_narrow': matchNarrow,
  'POST /messages/render': render,
} satisfies Partial<Record<OperationKey, ProbeSetupEntry>>;
