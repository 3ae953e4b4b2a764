// Event queues: POST /register, GET /events, DELETE /events; the EventQueues core directly for idle GC.
import { describe, expect, it } from 'vitest';
import { EventQueues, QUEUE_IDLE_MS } from '../../reference/core/events.ts';
import { Faults } from '../../reference/faults.ts';
import { ACCOUNTS, draftOf, useServer, withServer } from './support.ts';

const { call } = useServer({ pollTimeoutMs: 200 });

const register = async (form = {}, as: 'member' | 'member2' = 'member') =>
  (await call('POST', '/register', { as, form })).body;

describe('POST /register', () => {
  it('returns a queue, the feature level and the limits, always', async () => {
    const body = await register({ fetch_event_types: [] });
    expect(body).toMatchObject({
      result: 'success',
      queue_id: expect.any(String),
      last_event_id: -1,
      zulip_feature_level: 472,
      zulip_version: expect.any(String),
      max_message_length: 10000,
      max_topic_length: 60,
      server_typing_started_expiry_period_milliseconds: 45000,
      server_typing_stopped_wait_period_milliseconds: 12000,
      server_typing_started_wait_period_milliseconds: 30000,
    });
    expect(body).not.toHaveProperty('realm_name');
    expect(body).not.toHaveProperty('drafts');
  });

  it('returns realm settings, muted users and drafts when fetched, and ignores unknown types', async () => {
    const body = await register({ fetch_event_types: ['realm', 'muted_users', 'drafts', 'no_such_type'] });
    expect(body).toMatchObject({
      realm_name: 'Zulip Dev',
      realm_empty_topic_display_name: 'general chat',
      realm_allow_message_editing: true,
      realm_message_content_edit_limit_seconds: 600,
      realm_move_messages_within_stream_limit_seconds: 604800,
      realm_move_messages_between_streams_limit_seconds: 604800,
      realm_can_move_messages_between_topics_group: expect.any(Number),
      realm_can_resolve_topics_group: expect.any(Number),
      muted_users: [],
      drafts: expect.any(Array),
    });
  });

  it('fetches what event_types names when fetch_event_types is absent, everything when both are', async () => {
    const some = await register({ event_types: ['drafts'] });
    expect(some).toHaveProperty('drafts');
    expect(some).not.toHaveProperty('realm_name');
    const all = await register();
    expect(all).toHaveProperty('drafts');
    expect(all).toHaveProperty('realm_name');
    expect(all).toHaveProperty('muted_users');
  });

  it('validates its JSON parameters', async () => {
    for (const form of [{ event_types: '"drafts"' }, { event_types: [1] }, { client_capabilities: '[]' }]) {
      expect((await call('POST', '/register', { form })).body.code).toBe('BAD_REQUEST');
    }
    expect((await call('POST', '/register', { form: { event_types: '[' } })).body.msg).toMatch(/not valid JSON/);
  });
});

describe('GET /events', () => {
  it('returns queued events, acknowledges up to last_event_id, and keeps the rest', async () => {
    const { queue_id } = await register({ event_types: ['drafts'] });
    await call('POST', '/drafts', { form: { drafts: [draftOf.unaddressed()] } });
    await call('POST', '/drafts', { form: { drafts: [draftOf.unaddressed()] } });
    const get = async (last_event_id: number) =>
      (await call('GET', '/events', { query: { queue_id, last_event_id, dont_block: true } })).body;
    const first = await get(-1);
    expect(first).toMatchObject({ result: 'success', queue_id });
    expect(first.events.map((e: { id: number }) => e.id)).toEqual([0, 1]);
    expect((await get(0)).events.map((e: { id: number }) => e.id)).toEqual([1]);
    expect((await get(1)).events).toEqual([]);
    expect((await get(-1)).events).toEqual([]); // acknowledged events are gone
  });

  it('waits for an event when dont_block is false', async () => {
    const { queue_id } = await register({ event_types: ['drafts'] });
    const pending = call('GET', '/events', { query: { queue_id, last_event_id: -1 } });
    await new Promise((r) => setTimeout(r, 30));
    await call('POST', '/drafts', { form: { drafts: [draftOf.unaddressed()] } });
    expect((await pending).body.events).toMatchObject([{ id: 0, type: 'drafts', op: 'add' }]);
  });

  it('answers a heartbeat when nothing happens', async () => {
    const { queue_id } = await register();
    const res = await call('GET', '/events', { query: { queue_id, last_event_id: -1 } });
    expect(res.body.events).toEqual([{ type: 'heartbeat', id: 0 }]);
  });

  it('refuses unknown queues and other users’ queues with BAD_EVENT_QUEUE_ID', async () => {
    const { queue_id } = await register({}, 'member2');
    for (const id of [queue_id, 'no-such-queue']) {
      const res = await call('GET', '/events', { query: { queue_id: id, last_event_id: -1, dont_block: true } });
      expect(res.body).toEqual({
        result: 'error',
        msg: `Bad event queue ID: ${id}`,
        code: 'BAD_EVENT_QUEUE_ID',
        queue_id: id,
      });
    }
  });
});

describe('DELETE /events', () => {
  it('deletes a queue once; the second time answers BAD_EVENT_QUEUE_ID echoing queue_id exactly', async () => {
    const { queue_id } = await register();
    expect((await call('DELETE', '/events', { query: { queue_id } })).body).toEqual({ result: 'success', msg: '' });
    const again = await call('DELETE', '/events', { query: { queue_id } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      result: 'error',
      msg: `Bad event queue ID: ${queue_id}`,
      code: 'BAD_EVENT_QUEUE_ID',
      queue_id,
    });
    const gone = await call('GET', '/events', { query: { queue_id, dont_block: true } });
    expect(gone.body.code).toBe('BAD_EVENT_QUEUE_ID');
  });

  it('echoes odd queue ids exactly as given', async () => {
    for (const queue_id of ['  Spaced Out  ', 'ÜNICODE-☃', '', '0', "'; DROP TABLE"]) {
      const res = await call('DELETE', '/events', { form: { queue_id } });
      expect(res.body, queue_id).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id });
    }
  });

  it('does not let one user delete another user’s queue', async () => {
    const { queue_id } = await register({}, 'member2');
    expect((await call('DELETE', '/events', { query: { queue_id } })).body.code).toBe('BAD_EVENT_QUEUE_ID');
    expect((await call('DELETE', '/events', { as: 'member2', query: { queue_id } })).body.result).toBe('success');
  });

  it('ends a pending long poll of the deleted queue', () =>
    withServer({ pollTimeoutMs: 5000 }, async (c) => {
      const { queue_id } = (await c('POST', '/register')).body;
      const pending = c('GET', '/events', { query: { queue_id } });
      await new Promise((r) => setTimeout(r, 30));
      await c('DELETE', '/events', { query: { queue_id } });
      expect((await pending).body.code).toBe('BAD_EVENT_QUEUE_ID');
    }));
});

describe('EventQueues', () => {
  it('garbage-collects queues idle for 10 minutes, not earlier', () => {
    let now = 0;
    const queues = new EventQueues(() => now, Faults.none);
    const { queue_id } = queues.register(1, { eventTypes: null, clientCapabilities: {} });
    now = QUEUE_IDLE_MS;
    expect(queues.get(queue_id, 1)).toEqual([]); // touching it resets the idle time
    now += QUEUE_IDLE_MS + 1;
    expect(() => queues.get(queue_id, 1)).toThrow(/Bad event queue ID/);
    expect(queues.queueIdsOf(1)).toEqual([]);
  });

  it('delivers by user and type filter with per-queue ids', () => {
    const queues = new EventQueues(() => 0, Faults.none);
    const a = queues.register(1, { eventTypes: null, clientCapabilities: {} }).queue_id;
    const b = queues.register(1, { eventTypes: ['typing'], clientCapabilities: {} }).queue_id;
    const c = queues.register(2, { eventTypes: null, clientCapabilities: {} }).queue_id;
    queues.push([1], { type: 'drafts', op: 'add' });
    queues.push([1, 2], { type: 'typing', op: 'start' });
    expect(queues.get(a, 1)).toEqual([
      { type: 'drafts', op: 'add', id: 0 },
      { type: 'typing', op: 'start', id: 1 },
    ]);
    expect(queues.get(b, 1)).toEqual([{ type: 'typing', op: 'start', id: 0 }]);
    expect(queues.get(c, 2)).toEqual([{ type: 'typing', op: 'start', id: 0 }]);
  });
});

describe('long polls', () => {
  it('leave no heartbeat behind when the client goes away', () =>
    withServer({ pollTimeoutMs: 5000 }, async (c, server) => {
      const { queue_id } = (await c('POST', '/register')).body;
      const controller = new AbortController();
      const url = `${server.url}/api/v1/events?queue_id=${encodeURIComponent(queue_id)}`;
      const headers = {
        authorization: `Basic ${Buffer.from(`hamlet@zulip.com:${ACCOUNTS.member.apiKey}`).toString('base64')}`,
      };
      const pending = fetch(url, { headers, signal: controller.signal }).catch(() => 'aborted');
      await new Promise((r) => setTimeout(r, 30));
      controller.abort();
      expect(await pending).toBe('aborted');
      await new Promise((r) => setTimeout(r, 30));
      expect((await c('GET', '/events', { query: { queue_id, dont_block: true } })).body.events).toEqual([]);
    }));
});
