// Cases for the faults only a sequence exposes (EXPLORE-*): each observation moves a message first (or sends to the
// empty topic in two spellings), then does the one operation the fault breaks; on a topic nothing was moved into or
// out of (or sent to in one spelling), the faulty server answers alike.
// Spread into CASES in faults.test.ts.
import type { FaultId } from '../../reference/faults.ts';
import type { ReferenceServer } from '../../reference/server.ts';
import { REALM_SEQUENCE_CASES, type RealmSequenceFaultId } from './fault-cases-realm-sequence.ts';
import { ageAll, type Call, lookup } from './support.ts';

type SequenceFaultId = Extract<FaultId, `sequence-${string}`>;
type TopicSequenceFaultId = Exclude<SequenceFaultId, RealmSequenceFaultId>;

export interface SequenceFaultCase {
  readonly observe: (call: Call, server: ReferenceServer) => Promise<unknown>;
  readonly healthy: unknown;
  readonly faulty: unknown;
}

const send = async (call: Call, topic: string, to = 'Verona') =>
  (await call('POST', '/messages', { form: { type: 'stream', to, topic, content: 'hi' } })).body.id as number;
const move = (call: Call, id: number, topic: string, propagate_mode = 'change_one') =>
  call('PATCH', `/messages/${id}`, { as: 'admin', form: { topic, propagate_mode } });
/** Whether matches_narrow says message `id` matches `narrow`. */
const matches = async (call: Call, id: number, narrow: { operator: string; operand: string | number }[]) =>
  String(id) in (await call('GET', '/messages/matches_narrow', { query: { msg_ids: [id], narrow } })).body.messages;
/** Whether message `id` is read for `who` (its flags as read back). */
const readFor = async (call: Call, who: 'member2', id: number) =>
  ((await call('GET', `/messages/${id}`, { as: who })).body.message.flags as string[]).includes('read');
const topicOf = async (call: Call, id: number) => {
  const { body } = await call('GET', `/messages/${id}`, { query: { allow_empty_topic_name: true } });
  return body.result === 'success' ? body.message.subject : 'deleted';
};

const TOPIC_SEQUENCE_CASES: Record<TopicSequenceFaultId, SequenceFaultCase> = {
  'sequence-channel-move-unresolves': {
    // A resolved topic moved to Denmark by naming the channel alone: it must arrive resolved.
    observe: async (call) => {
      const id = await send(call, 'A');
      await move(call, id, '✔ A');
      const denmark = await (await lookup(call)).channelId('Denmark');
      await call('PATCH', `/messages/${id}`, {
        as: 'admin',
        form: { stream_id: denmark, propagate_mode: 'change_all' },
      });
      return topicOf(call, id);
    },
    healthy: '✔ A',
    faulty: 'A',
  },
  'sequence-content-edit-restores-first-topic': {
    // A message moved from A to B, then its content edited by its sender: it must stay in B.
    observe: async (call) => {
      const id = await send(call, 'A');
      await move(call, id, 'B');
      await call('PATCH', `/messages/${id}`, { form: { content: 'edited' } });
      return topicOf(call, id);
    },
    healthy: 'B',
    faulty: 'A',
  },
  'sequence-delete-topic-by-first-topic': {
    // a1 is moved from A to B; deleting A must leave it, deleting B must take it.
    observe: async (call) => {
      const [a1, a2] = [await send(call, 'A'), await send(call, 'A')];
      await move(call, a1, 'B');
      const verona = await (await lookup(call)).channelId('Verona');
      await call('POST', `/streams/${verona}/delete_topic`, { as: 'admin', form: { topic_name: 'A' } });
      const afterA = [await topicOf(call, a1), await topicOf(call, a2)];
      await call('POST', `/streams/${verona}/delete_topic`, { as: 'admin', form: { topic_name: 'B' } });
      return [...afterA, await topicOf(call, a1)];
    },
    healthy: ['B', 'deleted', 'deleted'],
    faulty: ['deleted', 'deleted', 'deleted'],
  },
  'sequence-empty-topic-spellings-apart': {
    // Two messages sent to the empty topic, as "" and as "(no topic)": moving the first with change_all takes both.
    observe: async (call) => {
      const [a1, a2] = [await send(call, ''), await send(call, '(no topic)')];
      await move(call, a1, 'B', 'change_all');
      return [await topicOf(call, a1), await topicOf(call, a2)];
    },
    healthy: ['B', 'B'],
    faulty: ['B', ''],
  },
  'sequence-mark-read-by-first-topic': {
    // a1 moved from A to B, b1 sent to B: marking B read must mark a1 and b1, and leave a2 (still in A) unread.
    observe: async (call) => {
      const [a1, a2, b1] = [await send(call, 'A'), await send(call, 'A'), await send(call, 'B')];
      await move(call, a1, 'B');
      const verona = await (await lookup(call)).channelId('Verona');
      await call('POST', '/mark_topic_as_read', { as: 'member2', form: { stream_id: verona, topic_name: 'B' } });
      return Promise.all([a1, a2, b1].map((id) => readFor(call, 'member2', id)));
    },
    healthy: [true, false, true],
    faulty: [false, false, true],
  },
  'sequence-narrow-matches-first-topic': {
    observe: async (call) => {
      const id = await send(call, 'A');
      await move(call, id, 'B');
      const inTopic = (topic: string) => matches(call, id, [{ operator: 'topic', operand: topic }]);
      return [await inTopic('A'), await inTopic('B')];
    },
    healthy: [false, true],
    faulty: [true, true],
  },
  'sequence-narrow-matches-first-channel': {
    // A message moved from Verona to Denmark, keeping its topic: a narrow of Verona's topic must no longer match it.
    observe: async (call) => {
      const id = await send(call, 'A');
      const channels = await lookup(call);
      const [verona, denmark] = [await channels.channelId('Verona'), await channels.channelId('Denmark')];
      await call('PATCH', `/messages/${id}`, {
        as: 'admin',
        form: { stream_id: denmark, propagate_mode: 'change_one' },
      });
      const inChannel = (channel: number) =>
        matches(call, id, [
          { operator: 'channel', operand: channel },
          { operator: 'topic', operand: 'A' },
        ]);
      return [await inChannel(verona), await inChannel(denmark)];
    },
    healthy: [false, true],
    faulty: [true, true],
  },
  'sequence-propagation-misses-moved-in': {
    // b1 is moved from B into A, then A moves as a whole to C: b1 must go with it.
    observe: async (call) => {
      const [a1, b1] = [await send(call, 'A'), await send(call, 'B')];
      await move(call, b1, 'A');
      await move(call, a1, 'C', 'change_all');
      return [await topicOf(call, a1), await topicOf(call, b1)];
    },
    healthy: ['C', 'C'],
    faulty: ['C', 'A'],
  },
  'sequence-delete-topic-misses-moved-in': {
    // b1 is moved from B into A; deleting A must take it along with a1.
    observe: async (call) => {
      const [a1, b1] = [await send(call, 'A'), await send(call, 'B')];
      await move(call, b1, 'A');
      const verona = await (await lookup(call)).channelId('Verona');
      await call('POST', `/streams/${verona}/delete_topic`, { as: 'admin', form: { topic_name: 'A' } });
      return [await topicOf(call, a1), await topicOf(call, b1)];
    },
    healthy: ['deleted', 'deleted'],
    faulty: ['deleted', 'A'],
  },
  'sequence-narrow-misses-moved-in': {
    observe: async (call) => {
      const id = await send(call, 'A');
      await move(call, id, 'B');
      return matches(call, id, [{ operator: 'topic', operand: 'B' }]);
    },
    healthy: true,
    faulty: false,
  },
  'sequence-move-back-ignored': {
    // a1 is moved from A to B and back: it must be in A again.
    observe: async (call) => {
      const id = await send(call, 'A');
      await move(call, id, 'B');
      const back = await move(call, id, 'A');
      return [back.body.result, await topicOf(call, id)];
    },
    healthy: ['success', 'A'],
    faulty: ['success', 'B'],
  },
  'sequence-change-later-by-first-topic': {
    // b1 is moved from B into A (after a2); change_later from b1 must move b1 alone (nothing later in A), not b2.
    observe: async (call) => {
      const [a1, b1, b2] = [await send(call, 'A'), await send(call, 'B'), await send(call, 'B')];
      await move(call, b1, 'A');
      await move(call, b1, 'C', 'change_later');
      return [await topicOf(call, a1), await topicOf(call, b1), await topicOf(call, b2)];
    },
    healthy: ['A', 'C', 'B'],
    faulty: ['A', 'C', 'C'],
  },
  'sequence-limit-misses-moved-in': {
    // b1, an hour old, is moved from B into A by the administrator; the member's change_all of A must be refused.
    observe: async (call, server) => {
      await call('PATCH', '/realm', { as: 'admin', form: { move_messages_within_stream_limit_seconds: 60 } });
      const b1 = await send(call, 'B');
      ageAll(server);
      const a1 = await send(call, 'A');
      await move(call, b1, 'A');
      const res = await call('PATCH', `/messages/${a1}`, { form: { topic: 'C', propagate_mode: 'change_all' } });
      return [res.body.code, await topicOf(call, a1), await topicOf(call, b1)];
    },
    healthy: ['MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', 'A', 'A'],
    faulty: [undefined, 'C', 'C'],
  },
  'sequence-oldest-event-misses-moved-in': {
    // A fresh channel's oldest message a1 (its notice deleted) is moved from A into B; deleting B must announce the
    // new first_message_id.
    observe: async (call) => {
      const name = 'sequence-oldest';
      await call('POST', '/users/me/subscriptions', { form: { subscriptions: JSON.stringify([{ name }]) } });
      const channel = await (await lookup(call)).channelId(name);
      const deleteTopic = (topic_name: string) =>
        call('POST', `/streams/${channel}/delete_topic`, { as: 'admin', form: { topic_name } });
      await deleteTopic('channel events');
      const a1 = await send(call, 'A', name);
      await send(call, 'C', name);
      await move(call, a1, 'B');
      const queue = (await call('POST', '/register', { form: { event_types: JSON.stringify(['stream']) } })).body;
      await deleteTopic('B');
      const { events } = (
        await call('GET', '/events', {
          query: { queue_id: queue.queue_id, last_event_id: queue.last_event_id, dont_block: true },
        })
      ).body;
      return events.some((e: any) => e.type === 'stream' && e.property === 'first_message_id');
    },
    healthy: true,
    faulty: false,
  },
  'sequence-resolve-misses-moved-in': {
    // b1 is moved from B into A; resolving A must rename it too.
    observe: async (call) => {
      const [a1, b1] = [await send(call, 'A'), await send(call, 'B')];
      await move(call, b1, 'A');
      await move(call, a1, '✔ A', 'change_all');
      return [await topicOf(call, a1), await topicOf(call, b1)];
    },
    healthy: ['✔ A', '✔ A'],
    faulty: ['✔ A', 'A'],
  },
};

export const SEQUENCE_CASES: Record<SequenceFaultId, SequenceFaultCase> = {
  ...TOPIC_SEQUENCE_CASES,
  ...REALM_SEQUENCE_CASES,
};
