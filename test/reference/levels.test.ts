// The reference answering as an older server (featureLevel): later operations unknown, later parameters ignored
// (reported from level 167), later type values and codes as the older server gave them, later fields left out,
// gone fields and older spellings back, and POST /register reporting the level.
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/server.ts';
import { withServer } from './support.ts';

const stream = (call: Parameters<Parameters<typeof withServer>[1]>[0], form: object) =>
  call('POST', '/messages', {
    as: 'member',
    form: { type: 'stream', to: 'Verona', topic: 'lv', content: 'x', ...form },
  });

describe('the reference at feature level 237 (Zulip 8.0)', () => {
  it('reports the level, and knows no operation that came later', async () => {
    await withServer({ featureLevel: 237 }, async (call) => {
      expect((await call('POST', '/register', { as: 'member', form: {} })).body.zulip_feature_level).toBe(237);
      const deactivate = await call('POST', '/user_groups/1/deactivate', { as: 'admin' });
      expect([deactivate.status, deactivate.body.result]).toEqual([404, 'error']);
      expect((await call('POST', '/scheduled_messages', { as: 'member', form: {} })).status).not.toBe(404);
    });
  });

  it('ignores a later parameter and reports it, and refuses the later type value "channel"', async () => {
    await withServer({ featureLevel: 237 }, async (call) => {
      const listed = await call('GET', '/streams', { as: 'member', query: { include_all: true } });
      expect(listed.body).toMatchObject({ result: 'success', ignored_parameters_unsupported: ['include_all'] });
      expect((await stream(call, { type: 'channel' })).body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    });
  });

  it('leaves later channel fields out, and sends the subscription field gone at 226 no more', async () => {
    await withServer({ featureLevel: 237 }, async (call) => {
      const [channel] = (await call('GET', '/streams', { as: 'member' })).body.streams;
      expect(channel).not.toHaveProperty('creator_id');
      expect(channel).not.toHaveProperty('is_archived');
      expect(channel).toHaveProperty('can_remove_subscribers_group');
      const [sub] = (await call('GET', '/users/me/subscriptions', { as: 'member' })).body.subscriptions;
      expect(sub).not.toHaveProperty('email_address');
    });
  });
});

describe('the reference at feature level 185 (Zulip 7.0)', () => {
  it('sends the subscription email_address (gone at 226), and no delete_topic `complete` (211)', async () => {
    await withServer({ featureLevel: 185, deleteTopicBatchSize: 1 }, async (call) => {
      const [sub] = (await call('GET', '/users/me/subscriptions', { as: 'member' })).body.subscriptions;
      expect(sub.email_address).toEqual(expect.any(String));
      for (const _ of [1, 2]) await stream(call, {});
      const verona = (await call('GET', '/get_stream_id', { as: 'admin', query: { stream: 'Verona' } })).body.stream_id;
      const first = await call('POST', `/streams/${verona}/delete_topic`, { as: 'admin', form: { topic_name: 'lv' } });
      expect(first.body).toEqual({ result: 'partially_completed', msg: '' });
    });
  });

  it('reports no realm group setting that came later, and takes delete_own_message_policy (gone at 291) instead', async () => {
    await withServer({ featureLevel: 185, variants: ['realm-older-defaults'] }, async (call) => {
      const realm = async () =>
        (await call('POST', '/register', { as: 'member', form: { fetch_event_types: '["realm"]' } })).body;
      const before = await realm();
      for (const name of [
        'can_delete_own_message_group',
        'can_move_messages_between_channels_group',
        'can_resolve_topics_group',
      ])
        expect(before).not.toHaveProperty(`realm_${name}`);
      expect(before).not.toHaveProperty('realm_topics_policy');
      expect(before.realm_delete_own_message_policy).toBe(2);
      const later = await call('PATCH', '/realm', { as: 'admin', form: { can_resolve_topics_group: '{"new": 2}' } });
      expect(later.body.ignored_parameters_unsupported).toEqual(['can_resolve_topics_group']);
      expect((await call('PATCH', '/realm', { as: 'admin', form: { delete_own_message_policy: 5 } })).body.result).toBe(
        'success',
      );
      expect((await realm()).realm_delete_own_message_policy).toBe(5);
      const own = (await stream(call, {})).body.id;
      expect((await call('DELETE', `/messages/${own}`, { as: 'member' })).body.result).toBe('success');
      const bad = await call('PATCH', '/realm', { as: 'admin', form: { delete_own_message_policy: 9 } });
      expect(bad.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    });
  });

  it('reports no ignored parameters below level 167 (the list came then)', async () => {
    await withServer({ featureLevel: 160 }, async (call) => {
      const sent = await stream(call, { read_by_sender: true, no_such_parameter: 1 });
      expect(sent.body.result).toBe('success');
      expect(sent.body).not.toHaveProperty('ignored_parameters_unsupported');
    });
  });

  it('refuses a level it cannot answer as', async () => {
    await expect(startReferenceServer({ port: 0, featureLevel: 473 })).rejects.toThrow(/feature level from 1 to 472/);
  });
});
