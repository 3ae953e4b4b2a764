// POST /typing — contract: "4. Set typing status", the typing rows of Events, the topic rule (Conventions),
// Versioning (215, 248, 370). Event payloads beyond `op` are "not shown": events are told apart by type and op (and
// by sender where the target names one); the topic of a channel typing event is compared only when present.
import { expect } from 'vitest';
import { emptySpellings } from '../../helpers/arbitraries/topic-rule.ts';
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { type Queue, registerQueue, waitForEvents } from '../../helpers/checks/events.ts';
import { directType } from '../../helpers/checks/feature-levels.ts';
import { expectError, expectErrorEnvelope, expectSuccess } from '../../helpers/checks/matchers.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import { takeTurn } from '../../helpers/checks/turns.ts';
import { ownChannel, topicEnv } from '../messages/messages.ts';
import { TYPING_TURN } from './turn.ts';

const { group, check } = checksIn(import.meta.url);

/**
 * The member's typing events of `op` (by sender where the event names one) — in `channelId` where the event names a
 * channel: other runs sharing the server send the same member's channel typing to their own channels.
 */
const typingOf = (ctx: CheckContext, op: string, channelId?: number) => (e: any) =>
  e?.type === 'typing' &&
  e.op === op &&
  (e.sender?.user_id === undefined || e.sender.user_id === ctx.account('member').userId) &&
  (channelId === undefined || e.stream_id === undefined || e.stream_id === channelId);

/**
 * member2's queue for typing events; channel typing needs the capability declared. The check holds the typing turn
 * from here on (TYPING_TURN): no other check's typing reaches the queue meanwhile.
 */
async function recipientQueue(ctx: CheckContext, channel = false): Promise<Queue> {
  await takeTurn(ctx, TYPING_TURN);
  return registerQueue(ctx, 'member2', {
    event_types: ['typing'],
    ...(channel ? { client_capabilities: { stream_typing_notifications: true } } : {}),
  });
}

async function expectEvent(
  ctx: CheckContext,
  queue: Queue,
  op: string,
  what: string,
  channelId?: number,
): Promise<any> {
  const ours = typingOf(ctx, op, channelId);
  const event = (await waitForEvents(ctx, queue, ours)).find(ours);
  expect(event, `a typing ${op} event for ${what}`).toBeDefined();
  return event;
}

/**
 * The member starts typing, with `type`, in a channel of its own that member2 shares: the start must be accepted and
 * reach member2's queue (declaring the capability). The event.
 */
async function channelTypingStart(ctx: CheckContext, type: 'stream' | 'channel'): Promise<any> {
  const channel = await ownChannel(ctx, { others: ['member2'] });
  const queue = await recipientQueue(ctx, true);
  const res = await ctx.member.post('/typing', { type, op: 'start', stream_id: channel.id, topic: 'typing' });
  expectSuccess(res, `channel typing with type "${type}"`);
  return expectEvent(ctx, queue, 'start', `typing (type "${type}") in channel ${channel.id}`, channel.id);
}

group('POST /typing', () => {
  // Other runs' typing notifications reach member2's queue too: the run's lease keeps them apart.
  sharesState('typing');
  check(
    'TYPING-001',
    'MUST refuse a typing notification without op, or with an op other than start or stop',
    { section: '4. Set typing status' },
    async (ctx) => {
      const to = [ctx.account('member2').userId];
      expectErrorEnvelope(await ctx.member.post('/typing', { to }), 'a typing notification without op');
      expectErrorEnvelope(await ctx.member.post('/typing', { to, op: 'pause' }), 'op "pause"');
    },
  );

  check(
    'TYPING-002',
    'MUST treat a typing notification without type as direct, to the JSON list of user IDs in to',
    { section: '4. Set typing status', exercisesOperation: true },
    async (ctx) => {
      const queue = await recipientQueue(ctx);
      const res = await ctx.member.post('/typing', { op: 'start', to: [ctx.account('member2').userId] });
      expectSuccess(res, 'a typing notification without type');
      await expectEvent(ctx, queue, 'start', 'a typing notification without type (direct)');
    },
  );

  check(
    'TYPING-003',
    'MUST refuse channel typing without stream_id with BAD_REQUEST',
    { section: '4. Set typing status; Errors', since: 215 },
    async (ctx) => {
      const res = await ctx.member.post('/typing', { type: 'stream', op: 'start', topic: ctx.unique('typing') });
      expectError(res, 'BAD_REQUEST', 'channel typing without stream_id');
    },
  );

  check(
    'TYPING-004',
    'MUST refuse type "private"',
    { section: '4. Set typing status; Versioning', since: 215 },
    async (ctx) => {
      const res = await ctx.member.post('/typing', {
        type: 'private',
        op: 'start',
        to: [ctx.account('member2').userId],
      });
      expectErrorEnvelope(res, 'type "private"');
    },
  );

  check(
    'TYPING-005',
    'MUST deliver typing start and stop events to the recipients of a direct typing notification',
    { section: '4. Set typing status; Events' },
    async (ctx) => {
      const queue = await recipientQueue(ctx);
      const to = [ctx.account('member2').userId];
      expectSuccess(await ctx.member.post('/typing', { type: directType(ctx), op: 'start', to }), 'typing start');
      await expectEvent(ctx, queue, 'start', 'direct typing');
      expectSuccess(await ctx.member.post('/typing', { type: directType(ctx), op: 'stop', to }), 'typing stop');
      await expectEvent(ctx, queue, 'stop', 'direct typing');
    },
  );

  check(
    'TYPING-006',
    'MUST deliver channel typing events to subscribers whose queues declared stream_typing_notifications',
    { section: '4. Set typing status; Events', since: 215 },
    async (ctx) => {
      const event = await channelTypingStart(ctx, 'stream');
      ctx.note(`channel typing event: ${JSON.stringify(event).slice(0, 200)}`);
    },
  );

  check(
    'TYPING-007',
    'MUST take type "channel" as "stream": accept the channel typing notification and deliver its events',
    { section: '4. Set typing status; Versioning', since: 248 },
    async (ctx) => {
      await channelTypingStart(ctx, 'channel');
    },
  );

  check(
    'TOPIC-RULE-004',
    'MUST read the empty-topic display name and "(no topic)" as the empty topic in channel typing notifications',
    { section: 'Conventions; 4. Set typing status', since: 372 },
    async (ctx) => {
      // A channel that takes the empty topic, whatever the realm's own topic policy (a realm may disable it).
      const channel = await ownChannel(ctx, { others: ['member2'], policy: 'allow_empty_topic' });
      const queue = await recipientQueue(ctx, true);
      const topics: unknown[] = [];
      // "(no topic)" is read as the empty topic in typing from level 372 (Versioning).
      for (const topic of emptySpellings(topicEnv(ctx, 372))) {
        const res = await ctx.member.post('/typing', { type: 'stream', op: 'start', stream_id: channel.id, topic });
        expectSuccess(res, `channel typing with topic ${JSON.stringify(topic)}`);
        const event = await expectEvent(ctx, queue, 'start', `topic ${JSON.stringify(topic)}`, channel.id);
        if ('topic' in event) topics.push(event.topic);
      }
      if (topics.length === 0) ctx.note('typing events carry no topic field: nothing to compare');
      expect(
        new Set(topics).size,
        `one topic for every spelling of the empty topic, got ${JSON.stringify(topics)}`,
      ).toBeLessThanOrEqual(1);
    },
  );
});
