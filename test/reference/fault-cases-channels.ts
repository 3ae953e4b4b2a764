// Cases of the channels slice's faults (listing, channel and subscription objects, delete a topic, mark a
// topic read), merged into the typed table of test/reference/faults.test.ts.
import type { FaultId } from '../../reference/faults.ts';
import type { FaultCase } from './message-fault-cases.ts';
import { type Call, lookup, type Values } from './support.ts';

type ChannelFaultId = Extract<FaultId, `channels-${string}`>;

const code = async (reply: Promise<{ body: any }>) => {
  const { body } = await reply;
  return body?.result === 'success' ? 'success' : (body?.code ?? 'not JSON');
};
const streams = async (call: Call, query: Values = {}, as: 'member' | 'admin' | 'guest' = 'member') =>
  (await call('GET', '/streams', { as, query })).body.streams as { name: string; [k: string]: unknown }[];
const names = async (call: Call, query: Values = {}, as: 'member' | 'admin' | 'guest' = 'member') =>
  (await streams(call, query, as)).map((s) => s.name).sort();
const subscriptions = async (call: Call, query: Values = {}) =>
  (await call('GET', '/users/me/subscriptions', { query })).body.subscriptions as Record<string, unknown>[];
/** A channel made by `as` with only `principals` subscribed. */
const channel = async (call: Call, name: string, form: Values = {}, as: 'member' | 'admin' = 'admin') => {
  await call('POST', '/users/me/subscriptions', { as, form: { subscriptions: [{ name }], ...form } });
  return (await lookup(call)).channelId(name);
};
const sendTo = async (call: Call, id: number, topic: string) =>
  (await call('POST', '/messages', { as: 'admin', form: { type: 'stream', to: id, topic, content: 'x' } })).body
    .id as number;
const deleteTopic = (call: Call, id: number, topic: string, as: 'admin' | 'member' | 'moderator' = 'admin') =>
  call('POST', `/streams/${id}/delete_topic`, { as, form: { topic_name: topic } });

export const CHANNEL_CASES: Record<ChannelFaultId, FaultCase> = {
  'channels-include-default-adds-all': {
    observe: async (call) =>
      (await names(call, { include_public: false, include_subscribed: false, include_default: true })).includes(
        'Scotland',
      ),
    healthy: false,
    faulty: true,
  },
  'channels-topic-read-whole-channel': {
    observe: async (call) => {
      const streamId = await channel(call, 'cf-read', { principals: [(await lookup(call)).userId('member')] });
      await sendTo(call, streamId, 'news');
      const other = await sendTo(call, streamId, 'other');
      await call('POST', '/mark_topic_as_read', { form: { stream_id: streamId, topic_name: 'news' } });
      return (await call('GET', `/messages/${other}`)).body.message.flags;
    },
    healthy: [],
    faulty: ['read'],
  },
  'channels-topic-delete-every-channel': {
    observe: async (call) => {
      const one = await channel(call, 'cf-one');
      const other = await channel(call, 'cf-other');
      await sendTo(call, one, 'news');
      const kept = await sendTo(call, other, 'news');
      await deleteTopic(call, one, 'news');
      return (await call('GET', `/messages/${kept}`, { as: 'admin' })).body.result;
    },
    healthy: 'success',
    faulty: 'error',
  },
  'channels-topic-delete-oldest-first': {
    observe: async (call) => {
      const id = await channel(call, 'cf-batches');
      const sent = [];
      for (let i = 0; i < 4; i++) sent.push(await sendTo(call, id, 'news'));
      await deleteTopic(call, id, 'news');
      const left = [];
      for (const m of sent)
        if ((await call('GET', `/messages/${m}`, { as: 'admin' })).body.result === 'success')
          left.push(sent.indexOf(m));
      return left;
    },
    healthy: [0],
    faulty: [3],
  },
  'channels-topic-read-not-marked': {
    observe: async (call) => {
      const streamId = await channel(call, 'cf-read', { principals: [(await lookup(call)).userId('member')] });
      const id = await sendTo(call, streamId, 'news');
      const flags = async () => (await call('GET', `/messages/${id}`)).body.message.flags;
      const before = await flags();
      await call('POST', '/mark_topic_as_read', { form: { stream_id: streamId, topic_name: 'news' } });
      return [before, await flags()];
    },
    healthy: [[], ['read']],
    faulty: [[], []],
  },
  'channels-archived-listed-by-default': {
    observe: async (call) => {
      const id = await channel(call, 'cf-archived');
      await call('DELETE', `/streams/${id}`, { as: 'admin' });
      return (await names(call)).includes('cf-archived');
    },
    healthy: false,
    faulty: true,
  },
  'channels-include-public-ignored': {
    observe: async (call) => (await names(call, { include_public: false, include_subscribed: false })).length > 0,
    healthy: false,
    faulty: true,
  },
  'channels-include-all-for-members': {
    observe: async (call) => {
      const admin = (await lookup(call)).userId('admin');
      await channel(call, 'cf-private', { invite_only: true, principals: [admin] });
      return (await names(call, { include_all: true })).includes('cf-private');
    },
    healthy: false,
    faulty: true,
  },
  'channels-rendered-description-missing': {
    observe: async (call) => typeof (await streams(call))[0]?.rendered_description,
    healthy: 'string',
    faulty: 'undefined',
  },
  'channels-first-message-id-null': {
    observe: async (call) => {
      const id = await channel(call, 'cf-first');
      const message = await sendTo(call, id, 'a');
      // The creation notice came first: it is the channel's oldest message, before the one sent here.
      const first = (await streams(call, {}, 'admin')).find((s) => s.name === 'cf-first')?.first_message_id;
      return typeof first === 'number' && first < message;
    },
    healthy: true,
    faulty: false,
  },
  'channels-subs-in-home-view-equals-muted': {
    observe: async (call) => (await subscriptions(call)).every((s) => s.in_home_view === !s.is_muted),
    healthy: true,
    faulty: false,
  },
  'channels-subs-subscribers-unasked': {
    observe: async (call) => (await subscriptions(call)).some((s) => 'subscribers' in s),
    healthy: false,
    faulty: true,
  },
  'channels-subs-partial-drops-bots': {
    observe: async (call) => {
      const bot = (await lookup(call)).userId('bot');
      await channel(call, 'cf-bots', { principals: [bot, (await lookup(call)).userId('member')] });
      const sub = (await subscriptions(call, { include_subscribers: 'partial' })).find((s) => s.name === 'cf-bots');
      return ((sub?.subscribers ?? sub?.partial_subscribers ?? []) as number[]).includes(bot);
    },
    healthy: true,
    faulty: false,
  },
  'channels-creatorless-admin-null': {
    observe: async (call) => {
      const verona = (await streams(call)).find((s) => s.name === 'Verona');
      return JSON.stringify(verona?.can_administer_channel_group ?? 'missing').includes('null');
    },
    healthy: false,
    faulty: true,
  },
  'channels-subs-partial-small': {
    observe: async (call) => {
      await channel(call, 'cf-small', { principals: [(await lookup(call)).userId('member')] });
      const sub = (await subscriptions(call, { include_subscribers: 'partial' })).find((s) => s.name === 'cf-small');
      return sub?.subscribers !== undefined;
    },
    healthy: true,
    faulty: false,
  },
  'channels-topic-delete-by-member': {
    observe: async (call) => code(deleteTopic(call, await (await lookup(call)).channelId('Verona'), 'x', 'member')),
    healthy: 'UNAUTHORIZED_PRINCIPAL',
    faulty: 'success',
  },
  'channels-topic-delete-wrong-code': {
    observe: async (call) => code(deleteTopic(call, await (await lookup(call)).channelId('Verona'), 'x', 'moderator')),
    healthy: 'UNAUTHORIZED_PRINCIPAL',
    faulty: 'BAD_REQUEST',
  },
  'channels-topic-delete-complete-early': {
    observe: async (call) => {
      const id = await channel(call, 'cf-batches');
      for (let i = 0; i < 5; i++) await sendTo(call, id, 't');
      return (await deleteTopic(call, id, 't')).body.complete;
    },
    healthy: false,
    faulty: true,
  },
  'channels-topic-delete-display-name-literal': {
    observe: async (call) => {
      const id = await channel(call, 'cf-empty');
      const message = await sendTo(call, id, '');
      await deleteTopic(call, id, 'general chat');
      return (await call('GET', `/messages/${message}`, { as: 'admin' })).body.result;
    },
    healthy: 'error',
    faulty: 'success',
  },
  'channels-topic-delete-no-first-message-event': {
    observe: async (call) => {
      const id = await channel(call, 'cf-event');
      await sendTo(call, id, 'old');
      const second = await sendTo(call, id, 'new');
      const queue = (await call('POST', '/register', { as: 'admin', form: { event_types: ['stream'] } })).body;
      // The creation notice is older still: its topic goes first.
      await deleteTopic(call, id, 'channel events');
      await deleteTopic(call, id, 'old');
      const events = (
        await call('GET', '/events', {
          as: 'admin',
          query: { queue_id: queue.queue_id, last_event_id: queue.last_event_id, dont_block: true },
        })
      ).body.events as { type: string; property?: string; value?: number }[];
      return events.some((e) => e.type === 'stream' && e.property === 'first_message_id' && e.value === second);
    },
    healthy: true,
    faulty: false,
  },
  'channels-topic-read-missing-topic-accepted': {
    observe: async (call) =>
      code(
        call('POST', '/mark_topic_as_read', { form: { stream_id: await (await lookup(call)).channelId('Verona') } }),
      ),
    healthy: 'BAD_REQUEST',
    faulty: 'success',
  },
  'channels-topic-read-display-name-refused': {
    observe: async (call) => {
      const id = await channel(call, 'cf-read', { principals: [(await lookup(call)).userId('member')] });
      await sendTo(call, id, '');
      return code(call('POST', '/mark_topic_as_read', { form: { stream_id: id, topic_name: 'general chat' } }));
    },
    healthy: 'success',
    faulty: 'BAD_REQUEST',
  },
  'channels-topic-read-empty-topic-unmarked': {
    observe: async (call) => {
      const id = await channel(call, 'cf-read', { principals: [(await lookup(call)).userId('member')] });
      const flags = [];
      for (const name of ['general chat', '']) {
        const message = await sendTo(call, id, '');
        await call('POST', '/mark_topic_as_read', { form: { stream_id: id, topic_name: name } });
        flags.push((await call('GET', `/messages/${message}`)).body.message.flags);
      }
      return flags;
    },
    healthy: [['read'], ['read']],
    faulty: [[], []],
  },
  'channels-can-access-content-ignored': {
    observe: async (call) =>
      (await names(call, { include_public: false, include_subscribed: false, include_can_access_content: true }))
        .length > 0,
    healthy: true,
    faulty: false,
  },
  'channels-owner-subscribed-ignored': {
    observe: async (call) => {
      const owner = (await lookup(call)).userId('owner');
      await channel(call, 'cf-owners', { principals: [owner] });
      const query = { include_public: false, include_subscribed: false, include_owner_subscribed: true };
      return ((await call('GET', '/streams', { as: 'bot', query })).body.streams as { name: string }[]).some(
        (s) => s.name === 'cf-owners',
      );
    },
    healthy: true,
    faulty: false,
  },
  'channels-archived-never-listed': {
    observe: async (call) => {
      const id = await channel(call, 'cf-gone');
      await call('DELETE', `/streams/${id}`, { as: 'admin' });
      return (await names(call, { exclude_archived: false })).includes('cf-gone');
    },
    healthy: true,
    faulty: false,
  },
  'channels-archived-flag-false': {
    observe: async (call) => {
      const id = await channel(call, 'cf-flag');
      await call('DELETE', `/streams/${id}`, { as: 'admin' });
      return (await streams(call, { exclude_archived: false })).find((s) => s.name === 'cf-flag')?.is_archived;
    },
    healthy: true,
    faulty: false,
  },
};
