// Cases for the faults added with the checks that mutation testing (npm run mutation) showed missing: each
// observes one behaviour on a fresh server, healthy and with the fault. Spread into CASES in faults.test.ts.
import type { FaultId } from '../../reference/faults.ts';
import { type Call, lookup, type Values } from './support.ts';

type MutationFaultId =
  | Extract<FaultId, `send-${string}` | `move-${string}` | `schedule-${string}`>
  | 'profile-field-pronouns-refused'
  | 'subs-unsubscribed-listed';

export interface MutationFaultCase {
  readonly observe: (call: Call) => Promise<unknown>;
  readonly healthy: unknown;
  readonly faulty: unknown;
}

const send = (call: Call, form: Values) => call('POST', '/messages', { form: { content: 'hello', ...form } });
const toVerona = async (call: Call) => (await send(call, { type: 'stream', to: 'Verona', topic: 't' })).body.id;
/** Restricts a realm group setting to nobody (administrator's PATCH /realm), then has the member move message `id`. */
const moveAfterFencing = async (call: Call, setting: string, move: (id: number) => Values) => {
  const id = await toVerona(call);
  await call('PATCH', '/realm', {
    as: 'admin',
    form: { [setting]: { new: { direct_members: [], direct_subgroups: [] } } },
  });
  return (await call('PATCH', `/messages/${id}`, { form: move(id) })).body.result;
};

export const MUTATION_CASES: Record<MutationFaultId, MutationFaultCase> = {
  'send-unknown-channel-id-bad-request': {
    observe: async (call) => (await send(call, { type: 'stream', to: 2_147_483_000, topic: 'x' })).body.code,
    healthy: 'STREAM_DOES_NOT_EXIST',
    faulty: 'BAD_REQUEST',
  },
  'send-unknown-channel-id-unnamed': {
    observe: async (call) => {
      const { body } = await send(call, { type: 'stream', to: 2_147_483_000, topic: 'x' });
      return [body.code, body.stream_id ?? body.stream];
    },
    healthy: ['STREAM_DOES_NOT_EXIST', 2_147_483_000],
    faulty: ['STREAM_DOES_NOT_EXIST', undefined],
  },
  'send-unknown-type-as-channel': {
    observe: async (call) => (await send(call, { type: 'dm', to: 'Verona', topic: 'x' })).body.result,
    healthy: 'error',
    faulty: 'success',
  },
  'send-topic-at-limit-refused': {
    observe: async (call) => (await send(call, { type: 'stream', to: 'Verona', topic: 'x'.repeat(60) })).body.result,
    healthy: 'success',
    faulty: 'error',
  },
  'send-missing-topic-accepted': {
    observe: async (call) => (await send(call, { type: 'stream', to: 'Verona' })).body.result,
    healthy: 'error',
    faulty: 'success',
  },
  'schedule-missing-topic-accepted': {
    observe: async (call) => {
      const verona = await lookup(call).then((found) => found.channelId('Verona'));
      const form = { type: 'stream', to: verona, content: 'later', scheduled_delivery_timestamp: 4_000_000_000 };
      return (await call('POST', '/scheduled_messages', { form })).body.result;
    },
    healthy: 'error',
    faulty: 'success',
  },
  'profile-field-pronouns-refused': {
    observe: async (call) =>
      (await call('POST', '/realm/profile_fields', { as: 'admin', form: { name: 'Pronouns', field_type: 8 } })).body
        .result,
    healthy: 'success',
    faulty: 'error',
  },
  'subs-unsubscribed-listed': {
    observe: async (call) => {
      await call('POST', '/users/me/subscriptions', {
        as: 'member2',
        form: { subscriptions: [{ name: 'elsewhere' }] },
      });
      const { subscriptions } = (await call('GET', '/users/me/subscriptions')).body;
      return subscriptions.some((s: { name: string }) => s.name === 'elsewhere');
    },
    healthy: false,
    faulty: true,
  },
  'move-change-all-across-channels': {
    observe: async (call) => {
      const denmark = await lookup(call).then((found) => found.channelId('Denmark'));
      const here = (await send(call, { type: 'stream', to: 'Verona', topic: 'twin' })).body.id;
      const there = (await send(call, { type: 'stream', to: denmark, topic: 'twin' })).body.id;
      await call('PATCH', `/messages/${here}`, { as: 'admin', form: { topic: 'moved', propagate_mode: 'change_all' } });
      return (await call('GET', `/messages/${there}`)).body.message.subject;
    },
    healthy: 'twin',
    faulty: 'moved',
  },
  'move-topic-group-ignored': {
    observe: (call) => moveAfterFencing(call, 'can_move_messages_between_topics_group', () => ({ topic: 'elsewhere' })),
    healthy: 'error',
    faulty: 'success',
  },
  'move-channel-group-ignored': {
    observe: async (call) => {
      const denmark = await lookup(call).then((found) => found.channelId('Denmark'));
      return moveAfterFencing(call, 'can_move_messages_between_channels_group', () => ({ stream_id: denmark }));
    },
    healthy: 'error',
    faulty: 'success',
  },
};
