// The reference server's channels slice: listing filters, subscriber lists, delete_topic batches and events.
import { describe, expect, it } from 'vitest';
import type { Role } from '../../helpers/roles.ts';
import { type Call, lookup, useServer, type Values } from './support.ts';

const { call } = useServer({ deleteTopicBatchSize: 2 });

const names = async (c: Call, query: Values, as: 'member' | 'admin' | 'guest' | 'bot' = 'member') =>
  ((await c('GET', '/streams', { as, query })).body.streams as { name: string }[]).map((s) => s.name);
const create = async (name: string, form: Values, lookupAs: Role = 'admin') => {
  await call('POST', '/users/me/subscriptions', { as: 'admin', form: { subscriptions: [{ name }], ...form } });
  return (await lookup(call)).channelId(name, lookupAs);
};
const send = async (to: number, topic: string) =>
  (await call('POST', '/messages', { as: 'admin', form: { type: 'stream', to, topic, content: 'x' } })).body.id;

describe('GET /streams', () => {
  it('lists the union of the requested sources, within what the caller may see', async () => {
    const { userId } = await lookup(call);
    await create('ref-private', { invite_only: true, principals: [userId('member2')] }, 'member2');
    // The administrator sees the private channel's metadata, not its content: GET /get_stream_id refuses it.
    const byAdmin = await call('GET', '/get_stream_id', { as: 'admin', query: { stream: 'ref-private' } });
    expect(byAdmin.body).toMatchObject({ result: 'error', msg: "Invalid channel name 'ref-private'" });
    await create('ref-owned', { principals: [userId('owner')] });
    expect(await names(call, { include_all: true }, 'admin')).toContain('ref-private');
    expect(await names(call, { include_all: true })).not.toContain('ref-private');
    expect(await names(call, { include_all: true }, 'guest')).not.toContain('ref-owned');
    const ownerOnly = { include_public: false, include_subscribed: false, include_owner_subscribed: true };
    expect(await names(call, ownerOnly, 'bot')).toContain('ref-owned');
    expect(await names(call, ownerOnly)).not.toContain('ref-owned');
    expect((await call('GET', '/streams', { query: { include_all_active: true } })).body.result).toBe('error');
  });

  it('marks is_default only when include_default is asked for', async () => {
    const streams = (await call('GET', '/streams', { query: { include_default: true } })).body.streams;
    expect(streams.find((s: { name: string }) => s.name === 'Verona').is_default).toBe(true);
    expect((await call('GET', '/streams')).body.streams[0]).not.toHaveProperty('is_default');
  });
});

describe('a new channel', () => {
  it('opens with the notification bot\'s notice in topic "channel events", unread for its subscribers', async () => {
    const { userId } = await lookup(call);
    const queue = (await call('POST', '/register', { as: 'member', form: { event_types: ['message'] } })).body;
    const id = await create('ref-notice', { principals: [userId('member')], description: 'About things' });
    const channel = (await call('GET', '/streams', { as: 'member' })).body.streams.find(
      (s: { stream_id: number }) => s.stream_id === id,
    );
    const message = (await call('GET', `/messages/${channel.first_message_id}`, { as: 'member' })).body.message;
    expect(message).toMatchObject({ subject: 'channel events', sender_email: 'notification-bot@zulip.com', flags: [] });
    expect(message.content).toContain('<strong>Public</strong> channel created by');
    const events = (
      await call('GET', '/events', {
        as: 'member',
        query: { queue_id: queue.queue_id, last_event_id: queue.last_event_id, dont_block: true },
      })
    ).body.events;
    expect(events).toContainEqual(expect.objectContaining({ type: 'message', flags: [] }));
  });
});

describe('POST /streams/{stream_id}/delete_topic', () => {
  it('deletes newest first in batches, answers complete: false until done, and reports the new first message', async () => {
    const id = await create('ref-topics', {});
    const old = [await send(id, 'old'), await send(id, 'old'), await send(id, 'old')];
    const kept = await send(id, 'kept');
    const queue = (await call('POST', '/register', { as: 'admin', form: { event_types: ['stream'] } })).body;
    // The creation notice is the channel's oldest message: its topic goes first, and old[0] becomes the first.
    const notice = await call('POST', `/streams/${id}/delete_topic`, {
      as: 'admin',
      form: { topic_name: 'channel events' },
    });
    expect(notice.body).toMatchObject({ result: 'success', complete: true });
    const first = await call('POST', `/streams/${id}/delete_topic`, { as: 'admin', form: { topic_name: 'old' } });
    expect(first.body).toMatchObject({ result: 'success', complete: false });
    expect((await call('GET', `/messages/${old[2]}`, { as: 'admin' })).body.result).toBe('error');
    expect((await call('GET', `/messages/${old[0]}`, { as: 'admin' })).body.result).toBe('success');
    const second = await call('POST', `/streams/${id}/delete_topic`, { as: 'admin', form: { topic_name: 'old' } });
    expect(second.body.complete).toBe(true);
    const events = (
      await call('GET', '/events', {
        as: 'admin',
        query: { queue_id: queue.queue_id, last_event_id: queue.last_event_id, dont_block: true },
      })
    ).body.events;
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'stream', property: 'first_message_id', value: old[0] }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'stream', property: 'first_message_id', value: kept }),
    );
  });

  it('refuses non-administrators with UNAUTHORIZED_PRINCIPAL', async () => {
    const id = (await lookup(call)).channelId('Verona');
    for (const as of ['member', 'moderator'] as const) {
      const res = await call('POST', `/streams/${await id}/delete_topic`, { as, form: { topic_name: 'x' } });
      expect(res.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    }
  });
});

describe('GET /users/me/subscriptions', () => {
  it('returns subscribers for true and partial (a small channel), none for false', async () => {
    const sub = async (include_subscribers?: string) =>
      (await call('GET', '/users/me/subscriptions', { query: { include_subscribers } })).body.subscriptions[0];
    expect(await sub()).not.toHaveProperty('subscribers');
    expect((await sub('true')).subscribers).toEqual(expect.any(Array));
    expect((await sub('partial')).subscribers).toEqual(expect.any(Array));
    expect((await sub('true')).in_home_view).toBe(!(await sub('true')).is_muted);
  });
});
