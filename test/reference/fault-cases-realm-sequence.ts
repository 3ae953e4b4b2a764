// Cases for the faults of the realm's resources that only a sequence exposes (EXPLORE-008..010): each observation
// does the step that sets the state up (an edit, a batch, a second token or queue, a deletion), then the one
// operation the fault breaks; without that step, the faulty server answers alike.
// Spread into SEQUENCE_CASES (fault-cases-sequence.ts).
import type { FaultId } from '../../reference/faults.ts';
import type { SequenceFaultCase } from './fault-cases-sequence.ts';
import { type Call, lookup } from './support.ts';

export type RealmSequenceFaultId = Extract<
  FaultId,
  `sequence-${'drafts' | 'push' | 'queue' | 'group' | 'profile-fields' | 'subs'}-${string}`
>;

const draft = (content: string, timestamp: number) => ({ type: '', to: [], topic: '', content, timestamp });
const createDrafts = async (call: Call, ...contents: string[]) =>
  (await call('POST', '/drafts', { form: { drafts: contents.map((c, i) => draft(c, 1000 + i)) } })).body
    .ids as number[];
const listedDrafts = async (call: Call) =>
  ((await call('GET', '/drafts')).body.drafts as { id: number; content: string }[])
    .map((d) => `${d.id}:${d.content}`)
    .sort();

const token = (n: number) => String(n).repeat(64).slice(0, 64);
const addToken = (call: Call, n: number) =>
  call('POST', '/users/me/apns_device_token', { form: { token: token(n), appid: 'org.example.app' } });
const removeToken = (call: Call, n: number) =>
  call('DELETE', '/users/me/apns_device_token', { form: { token: token(n) } });
/** The test notification's code for token n: undefined where it is recognized as registered. */
const testCode = async (call: Call, n: number) => {
  const { body } = await call('POST', '/mobile_push/test_notification', { form: { token: token(n) } });
  return body.code === 'INVALID_REMOTE_PUSH_DEVICE_TOKEN' ? 'registered' : body.code;
};

const register = async (call: Call) =>
  (await call('POST', '/register', { form: { event_types: ['message'] } })).body.queue_id as string;
const deleteQueue = (call: Call, id: string) => call('DELETE', '/events', { query: { queue_id: id } });
const events = async (call: Call, id: string) =>
  (await call('GET', '/events', { query: { queue_id: id, last_event_id: -1, dont_block: true } })).body;

const createGroup = async (call: Call, name: string) =>
  (await call('POST', '/user_groups/create', { as: 'owner', form: { name, description: '', members: [] } })).body
    .group_id as number;
const subgroups = (call: Call, parent: number, change: 'add' | 'delete', child: number) =>
  call('POST', `/user_groups/${parent}/subgroups`, { as: 'owner', form: { [change]: [child] } });
const deactivate = async (call: Call, id: number) =>
  (await call('POST', `/user_groups/${id}/deactivate`, { as: 'owner' })).body.code ?? 'deactivated';

/** A Short text field, shown in the profile summary or not: the code of the refusal, or the new id. */
const createField = async (call: Call, name: string, summary: boolean) => {
  const { body } = await call('POST', '/realm/profile_fields', {
    as: 'admin',
    form: { name, field_type: 1, display_in_profile_summary: summary },
  });
  return body.result === 'success' ? (body.id as number) : 'refused';
};
const deleteField = (call: Call, id: unknown) => call('DELETE', `/realm/profile_fields/${id}`, { as: 'admin' });
const summaryFlagOf = async (call: Call, id: unknown) =>
  ((await call('GET', '/realm/profile_fields', { as: 'admin' })).body.custom_fields as any[]).find((f) => f.id === id)
    ?.display_in_profile_summary === true;

/** A channel the administrator creates, subscribing itself and the member. */
const channelWithMember = async (call: Call, name: string, inviteOnly: boolean) => {
  const member = (await lookup(call)).userId('member');
  const admin = (await lookup(call)).userId('admin');
  await call('POST', '/users/me/subscriptions', {
    as: 'admin',
    form: { subscriptions: [{ name }], principals: [admin, member], invite_only: inviteOnly },
  });
  return member;
};
const leave = (call: Call, name: string) =>
  call('DELETE', '/users/me/subscriptions', { form: { subscriptions: [name] } });
const subscribedNames = async (call: Call) =>
  ((await call('GET', '/users/me/subscriptions')).body.subscriptions as { name: string }[]).map((s) => s.name);
const streamNames = async (call: Call) =>
  ((await call('GET', '/streams')).body.streams as { name: string }[]).map((s) => s.name);

export const REALM_SEQUENCE_CASES: Record<RealmSequenceFaultId, SequenceFaultCase> = {
  'sequence-drafts-edit-moves-to-new-id': {
    // An edited draft must keep the id its creation answered.
    observe: async (call) => {
      const [id] = await createDrafts(call, 'one');
      await call('PATCH', `/drafts/${id}`, { form: { draft: draft('edited', 2000) } });
      return (await listedDrafts(call)).includes(`${id}:edited`);
    },
    healthy: true,
    faulty: false,
  },
  'sequence-drafts-edited-undeletable': {
    observe: async (call) => {
      const [id] = await createDrafts(call, 'one');
      await call('PATCH', `/drafts/${id}`, { form: { draft: draft('edited', 2000) } });
      await call('DELETE', `/drafts/${id}`);
      return (await listedDrafts(call)).length;
    },
    healthy: 0,
    faulty: 1,
  },
  'sequence-drafts-delete-takes-batch': {
    // Two drafts created together: deleting one must leave the other.
    observe: async (call) => {
      const [first, second] = await createDrafts(call, 'one', 'two');
      await call('DELETE', `/drafts/${second}`);
      return listedDrafts(call).then((l) => l.join() === `${first}:one`);
    },
    healthy: true,
    faulty: false,
  },
  'sequence-push-add-again-toggles': {
    observe: async (call) => {
      await addToken(call, 1);
      await addToken(call, 1);
      return testCode(call, 1);
    },
    healthy: 'registered',
    faulty: 'INVALID_PUSH_DEVICE_TOKEN',
  },
  'sequence-push-readd-forgotten': {
    observe: async (call) => {
      await addToken(call, 3);
      await removeToken(call, 3);
      await addToken(call, 3);
      return testCode(call, 3);
    },
    healthy: 'registered',
    faulty: 'INVALID_PUSH_DEVICE_TOKEN',
  },
  'sequence-queue-delete-newest': {
    // Two queues: deleting the first must leave the second.
    observe: async (call) => {
      const [first, second] = [await register(call), await register(call)];
      await deleteQueue(call, first);
      return [(await events(call, first)).result, (await events(call, second)).result];
    },
    healthy: ['error', 'success'],
    faulty: ['success', 'error'],
  },
  'sequence-queue-id-reused': {
    observe: async (call) => {
      const first = await register(call);
      await deleteQueue(call, first);
      const second = await register(call);
      return [second === first, (await events(call, first)).result];
    },
    healthy: [false, 'error'],
    faulty: [true, 'success'],
  },
  'sequence-queue-local-id-to-newest': {
    // Two queues: a message sent naming the first must echo its local_id there.
    observe: async (call) => {
      const [first] = [await register(call), await register(call)];
      const me = (await lookup(call)).userId('member');
      await call('POST', '/messages', {
        form: { type: 'direct', to: [me], content: 'hi', queue_id: first, local_id: '1.5' },
      });
      return (await events(call, first)).events.find((e: any) => e.type === 'message')?.local_message_id;
    },
    healthy: '1.5',
    faulty: undefined,
  },
  'sequence-group-unnested-still-in-use': {
    // b nested under a, then removed: b is used nowhere and may be deactivated.
    observe: async (call) => {
      const [a, b] = [await createGroup(call, 'seq-a'), await createGroup(call, 'seq-b')];
      await subgroups(call, a, 'add', b);
      await subgroups(call, a, 'delete', b);
      return deactivate(call, b);
    },
    healthy: 'deactivated',
    faulty: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
  },
  'sequence-group-renest-forgotten': {
    // b nested under a, removed, nested again: b is in use.
    observe: async (call) => {
      const [a, b] = [await createGroup(call, 'seq-c'), await createGroup(call, 'seq-d')];
      await subgroups(call, a, 'add', b);
      await subgroups(call, a, 'delete', b);
      await subgroups(call, a, 'add', b);
      return deactivate(call, b);
    },
    healthy: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
    faulty: 'deactivated',
  },
  'sequence-group-unnest-drops-setting-use': {
    // b nested under a, c names b in its setting, b removed from a: c still uses b.
    observe: async (call) => {
      const [a, b] = [await createGroup(call, 'seq-e'), await createGroup(call, 'seq-f')];
      await subgroups(call, a, 'add', b);
      await call('POST', '/user_groups/create', {
        as: 'owner',
        form: { name: 'seq-g', description: '', members: [], can_mention_group: b },
      });
      await subgroups(call, a, 'delete', b);
      return deactivate(call, b);
    },
    healthy: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
    faulty: 'deactivated',
  },
  'sequence-group-once-nested-nameable': {
    // b nested under a, removed, deactivated: no setting may name it.
    observe: async (call) => {
      const [a, b] = [await createGroup(call, 'seq-h'), await createGroup(call, 'seq-i')];
      await subgroups(call, a, 'add', b);
      await subgroups(call, a, 'delete', b);
      await deactivate(call, b);
      const { body } = await call('POST', '/user_groups/create', {
        as: 'owner',
        form: { name: 'seq-j', description: '', members: [], can_mention_group: b },
      });
      return body.result;
    },
    healthy: 'error',
    faulty: 'success',
  },
  'sequence-profile-fields-delete-keeps-slot': {
    // A summary field deleted: two may be created after it.
    observe: async (call) => {
      await deleteField(call, await createField(call, 'seq-pf-a', true));
      const b = await createField(call, 'seq-pf-b', true);
      const c = await createField(call, 'seq-pf-c', true);
      return [typeof b, typeof c];
    },
    healthy: ['number', 'number'],
    faulty: ['number', 'string'],
  },
  'sequence-profile-fields-slot-to-next-field': {
    // A summary field deleted, then a plain one created: it must not show in the summary.
    observe: async (call) => {
      await deleteField(call, await createField(call, 'seq-pf-d', true));
      return summaryFlagOf(call, await createField(call, 'seq-pf-e', false));
    },
    healthy: false,
    faulty: true,
  },
  'sequence-subs-rejoin-ignored': {
    // The member leaves a channel and joins it again: subscribed.
    observe: async (call) => {
      await channelWithMember(call, 'seq-subs-a', false);
      await leave(call, 'seq-subs-a');
      await call('POST', '/users/me/subscriptions', { form: { subscriptions: [{ name: 'seq-subs-a' }] } });
      return (await subscribedNames(call)).includes('seq-subs-a');
    },
    healthy: true,
    faulty: false,
  },
  'sequence-subs-removed-still-listed': {
    // The administrator unsubscribes the member: no longer among its subscriptions.
    observe: async (call) => {
      const member = await channelWithMember(call, 'seq-subs-b', false);
      await call('DELETE', '/users/me/subscriptions', {
        as: 'admin',
        form: { subscriptions: ['seq-subs-b'], principals: [member] },
      });
      return (await subscribedNames(call)).includes('seq-subs-b');
    },
    healthy: false,
    faulty: true,
  },
  'sequence-subs-left-private-listed': {
    // The member leaves a private channel: GET /streams no longer lists it for the member.
    observe: async (call) => {
      await channelWithMember(call, 'seq-subs-c', true);
      const before = (await streamNames(call)).includes('seq-subs-c');
      await leave(call, 'seq-subs-c');
      return [before, (await streamNames(call)).includes('seq-subs-c')];
    },
    healthy: [true, false],
    faulty: [true, true],
  },
};
