// The reference server's PATCH /realm (edit settings) and the grace on its edit and move limits.
import { describe, expect, it } from 'vitest';
import { type Call, lookup, withServer } from './support.ts';

const T0 = 1_750_000_000_000;

const send = async (call: Call, topic = 'limits') =>
  (await call('POST', '/messages', { form: { type: 'stream', to: 'Verona', topic, content: 'hello' } })).body
    .id as number;
const move = (call: Call, id: number, topic: string) =>
  call('PATCH', `/messages/${id}`, { form: { topic, propagate_mode: 'change_all' } });
const realm = async (call: Call) =>
  (await call('POST', '/register', { as: 'admin', form: { fetch_event_types: ['realm'] } })).body;

describe('PATCH /realm', () => {
  it('sets limits (at least 1 second, or "unlimited") and group settings, for administrators only', async () => {
    await withServer({}, async (call) => {
      const patch = (form: Record<string, unknown>, as: 'admin' | 'member' = 'admin') =>
        call('PATCH', '/realm', { as, form });
      expect((await patch({ move_messages_within_stream_limit_seconds: 0 })).body.result).toBe('error');
      expect((await patch({ move_messages_within_stream_limit_seconds: 5 }, 'member')).body.result).toBe('error');
      expect((await patch({ move_messages_within_stream_limit_seconds: 5 })).body.result).toBe('success');
      expect((await realm(call)).realm_move_messages_within_stream_limit_seconds).toBe(5);
      expect((await patch({ move_messages_within_stream_limit_seconds: '"unlimited"' })).body.result).toBe('success');
      expect((await realm(call)).realm_move_messages_within_stream_limit_seconds).toBeNull();
      const admin = (await lookup(call)).userId('admin');
      const group = { direct_members: [admin], direct_subgroups: [] };
      expect((await patch({ can_resolve_topics_group: { new: group, old: 99 } })).body.result).toBe('error');
      expect((await patch({ can_resolve_topics_group: { new: group } })).body.result).toBe('success');
      expect((await realm(call)).realm_can_resolve_topics_group).toEqual(group);
      expect((await patch({ allow_message_editing: false })).body.result).toBe('success');
      expect((await realm(call)).realm_allow_message_editing).toBe(false);
    });
  });
});

describe('move limits with a grace', () => {
  it('refuses a move only once the limit plus the grace has passed', async () => {
    let now = T0;
    await withServer({ clock: () => now, editGraceSeconds: 20 }, async (call) => {
      await call('PATCH', '/realm', { as: 'admin', form: { move_messages_within_stream_limit_seconds: 1 } });
      const id = await send(call);
      now = T0 + 20_500;
      expect((await move(call, id, 'still in time')).body.result).toBe('success');
      now = T0 + 21_500;
      const late = (await move(call, id, 'too late')).body;
      expect(late.result).toBe('error');
      expect(late.code).toBe('BAD_REQUEST');
    });
  });

  it('answers change_all over a partly old topic with MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', async () => {
    let now = T0;
    await withServer({ clock: () => now }, async (call) => {
      await call('PATCH', '/realm', { as: 'admin', form: { move_messages_within_stream_limit_seconds: 1 } });
      await send(call, 'old and new');
      now = T0 + 5_000;
      const fresh = await send(call, 'old and new');
      const body = (await move(call, fresh, 'moved')).body;
      expect(body).toMatchObject({
        code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
        first_message_id_allowed_to_move: fresh,
        total_messages_in_topic: 2,
        total_messages_allowed_to_move: 1,
      });
      const later = await call('PATCH', `/messages/${fresh}`, {
        form: { topic: 'moved', propagate_mode: 'change_later' },
      });
      expect(later.body.result).toBe('success');
    });
  });
});
