// Cases of the users slice's faults (users, muting, profile fields, groups, push devices), merged into the
// typed table of test/reference/faults.test.ts: each observation looks at one behaviour on a healthy and a faulty server.
import { type Call, lookup } from './support.ts';

interface Case {
  readonly observe: (call: Call) => Promise<unknown>;
  readonly healthy: unknown;
  readonly faulty: unknown;
}

const code = async (reply: Promise<{ body: any }>) => {
  const { body } = await reply;
  return body?.result === 'success' ? 'success' : (body?.code ?? 'not JSON');
};
const ids = async (call: Call) => lookup(call);
const userAs = async (call: Call, as: 'member' | 'member2' | 'admin', id: number, query = {}) =>
  (await call('GET', `/users/${id}`, { as, query })).body.user;
/** hamlet's email visible to administrators only. */
const hideMemberEmail = async (call: Call) => {
  const found = await ids(call);
  await call('PATCH', '/settings', { form: { email_address_visibility: 3 } });
  return found;
};
const mutedIds = async (call: Call) =>
  (
    (await call('POST', '/register', { form: { fetch_event_types: ['muted_users'] } })).body.muted_users as {
      id: number;
    }[]
  ).map((m) => m.id);
const field = (call: Call, form: Record<string, unknown>, as: 'admin' | 'member' = 'admin') =>
  code(call('POST', '/realm/profile_fields', { as, form: { name: `f${Math.random()}`, ...form } }));
const group = async (call: Call, form: Record<string, unknown> = {}) =>
  (
    await call('POST', '/user_groups/create', {
      as: 'owner',
      form: { name: `g${Math.random()}`, description: '', members: [], ...form },
    })
  ).body.group_id as number;
const deactivate = (call: Call, id: number) => call('POST', `/user_groups/${id}/deactivate`, { as: 'owner' });
const isDeactivated = async (call: Call, id: number) =>
  (
    await call('GET', '/user_groups', { as: 'owner', query: { include_deactivated_groups: true } })
  ).body.user_groups.find((g: { id: number }) => g.id === id)?.deactivated;
const TOKEN = 'ab12'.repeat(16);
const addToken = (call: Call, form: Record<string, unknown> = { token: TOKEN, appid: 'org.example.cf' }) =>
  code(call('POST', '/users/me/apns_device_token', { form }));
const removeToken = (call: Call, token = TOKEN) =>
  code(call('DELETE', '/users/me/apns_device_token', { form: { token } }));
const testPush = (call: Call, token: string) =>
  code(call('POST', '/mobile_push/test_notification', { form: { token } }));

export const USERS_SLICE_CASES = {
  'user-avatar-version-string': {
    observe: async (call) => typeof (await userAs(call, 'member', (await ids(call)).userId('member2'))).avatar_version,
    healthy: 'number',
    faulty: 'string',
  },
  'user-date-joined-not-iso': {
    observe: async (call) =>
      /^\d{4}-\d\d-\d\dT/.test((await userAs(call, 'member', (await ids(call)).userId('member2'))).date_joined),
    healthy: true,
    faulty: false,
  },
  'user-owner-not-admin': {
    observe: async (call) => (await userAs(call, 'member', (await ids(call)).userId('owner'))).is_admin,
    healthy: true,
    faulty: false,
  },
  'user-bot-type-null': {
    observe: async (call) => (await userAs(call, 'member', (await ids(call)).userId('bot'))).bot_type,
    healthy: 1,
    faulty: null,
  },
  'user-human-bot-type-absent': {
    observe: async (call) => 'bot_type' in (await userAs(call, 'member2', (await ids(call)).userId('member'))),
    healthy: true,
    faulty: false,
  },
  'user-bot-delivery-email-hidden': {
    observe: async (call) => (await userAs(call, 'member', (await ids(call)).userId('bot'))).delivery_email,
    healthy: 'default-bot@zulip.com',
    faulty: null,
  },
  'user-real-email-in-fake-field': {
    observe: async (call) => (await userAs(call, 'member2', (await hideMemberEmail(call)).userId('member'))).email,
    healthy: 'user11@zulip.invalid',
    faulty: 'hamlet@zulip.com',
  },
  'user-public-delivery-email-null': {
    observe: async (call) => {
      // othello shows his address to everyone (the default is administrators only).
      const othello = (await lookup(call)).userId('member2');
      await call('PATCH', '/settings', { as: 'member2', form: { email_address_visibility: 1 } });
      return (await userAs(call, 'member', othello)).delivery_email;
    },
    healthy: 'othello@zulip.com',
    faulty: null,
  },
  'user-hidden-delivery-email-fake': {
    observe: async (call) =>
      (await userAs(call, 'member2', (await hideMemberEmail(call)).userId('member'))).delivery_email,
    healthy: null,
    faulty: 'user11@zulip.invalid',
  },
  'user-avatar-null-when-email-hidden': {
    observe: async (call) =>
      typeof (await userAs(call, 'member2', (await hideMemberEmail(call)).userId('member'))).avatar_url,
    healthy: 'string',
    faulty: 'object',
  },
  'user-profile-data-for-bots': {
    observe: async (call) =>
      'profile_data' in
      (await userAs(call, 'member', (await ids(call)).userId('bot'), { include_custom_profile_fields: true })),
    healthy: false,
    faulty: true,
  },
  'user-profile-data-keyed-by-name': {
    observe: async (call) => {
      const { id } = (await call('POST', '/realm/profile_fields', { as: 'admin', form: { name: 'x', field_type: 1 } }))
        .body;
      await call('PATCH', '/users/me/profile_data', { form: { data: [{ id, value: 'v' }] } });
      const user = await userAs(call, 'member2', (await ids(call)).userId('member'), {
        include_custom_profile_fields: true,
      });
      return Object.keys(user.profile_data).map((k) => k === String(id));
    },
    healthy: [true],
    faulty: [false],
  },
  'user-unknown-id-returns-caller': {
    observe: (call) => code(call('GET', '/users/999999')),
    healthy: 'BAD_REQUEST',
    faulty: 'success',
  },
  'mute-self-allowed': {
    observe: async (call) => code(call('POST', `/users/me/muted_users/${(await ids(call)).userId('member')}`)),
    healthy: 'BAD_REQUEST',
    faulty: 'success',
  },
  'mute-unknown-user-allowed': {
    observe: (call) => code(call('POST', '/users/me/muted_users/999999')),
    healthy: 'BAD_REQUEST',
    faulty: 'success',
  },
  'mute-twice-succeeds': {
    observe: async (call) => {
      const path = `/users/me/muted_users/${(await ids(call)).userId('member2')}`;
      return [await code(call('POST', path)), await code(call('POST', path))];
    },
    healthy: ['success', 'BAD_REQUEST'],
    faulty: ['success', 'success'],
  },
  'mute-bot-refused': {
    observe: async (call) => code(call('POST', `/users/me/muted_users/${(await ids(call)).userId('bot')}`)),
    healthy: 'success',
    faulty: 'BAD_REQUEST',
  },
  'mute-list-capped-at-two': {
    observe: async (call) => {
      const found = await ids(call);
      for (const role of ['owner', 'admin', 'member2'] as const) {
        await call('POST', `/users/me/muted_users/${found.userId(role)}`);
      }
      return (await mutedIds(call)).length;
    },
    healthy: 3,
    faulty: 2,
  },
  'mute-existing-messages-unread': {
    observe: async (call) => {
      const { userId } = await ids(call);
      const sent = await call('POST', '/messages', {
        as: 'member2',
        form: { type: 'direct', to: [userId('member')], content: 'before the mute' },
      });
      await call('POST', `/users/me/muted_users/${userId('member2')}`);
      return (await call('GET', `/messages/${sent.body.id}`)).body.message.flags;
    },
    healthy: ['read'],
    faulty: [],
  },
  'mute-marks-everything-read': {
    observe: async (call) => {
      const { userId } = await ids(call);
      const fromOther = await call('POST', '/messages', {
        as: 'admin',
        form: { type: 'direct', to: [userId('member')], content: 'not from the muted user' },
      });
      await call('POST', `/users/me/muted_users/${userId('member2')}`);
      return (await call('GET', `/messages/${fromOther.body.id}`)).body.message.flags;
    },
    healthy: [],
    faulty: ['read'],
  },
  'mute-messages-arrive-unread': {
    observe: async (call) => {
      const { userId } = await ids(call);
      await call('POST', `/users/me/muted_users/${userId('member2')}`);
      const { queue_id } = (await call('POST', '/register', { form: { event_types: ['message'] } })).body;
      await call('POST', '/messages', {
        as: 'member2',
        form: { type: 'direct', to: [userId('member')], content: 'hi' },
      });
      const { events } = (await call('GET', '/events', { query: { queue_id, dont_block: true } })).body;
      return events.find((e: any) => e.type === 'message').flags;
    },
    healthy: ['read'],
    faulty: [],
  },
  'mute-after-unmute-refused': {
    observe: async (call) => {
      const path = `/users/me/muted_users/${(await ids(call)).userId('member2')}`;
      await call('POST', path);
      await call('DELETE', path);
      return code(call('POST', path));
    },
    healthy: 'success',
    faulty: 'BAD_REQUEST',
  },
  'profile-field-not-listed': {
    observe: async (call) => {
      const { id } = (await call('POST', '/realm/profile_fields', { as: 'admin', form: { name: 'x', field_type: 1 } }))
        .body;
      const { custom_fields } = (await call('GET', '/realm/profile_fields')).body;
      return custom_fields.some((f: { id: number }) => f.id === id);
    },
    healthy: true,
    faulty: false,
  },
  'profile-field-member-creates': {
    observe: (call) => field(call, { field_type: 1 }, 'member'),
    healthy: 'UNAUTHORIZED_PRINCIPAL',
    faulty: 'success',
  },
  'profile-field-type-9-accepted': {
    observe: async (call) => [await field(call, { field_type: 9 }), await field(call, { field_type: 10 })],
    healthy: ['BAD_REQUEST', 'BAD_REQUEST'],
    faulty: ['success', 'BAD_REQUEST'],
  },
  'profile-field-dropdown-numeric-order': {
    observe: (call) => field(call, { field_type: 3, field_data: { a: { text: 'A', order: '1' } } }),
    healthy: 'success',
    faulty: 'BAD_REQUEST',
  },
  'profile-field-third-summary-accepted': {
    observe: async (call) => {
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await field(call, { field_type: 1, display_in_profile_summary: true }));
      return results;
    },
    healthy: ['success', 'success', 'BAD_REQUEST'],
    faulty: ['success', 'success', 'success'],
  },
  'profile-field-users-summary-accepted': {
    observe: (call) => field(call, { field_type: 6, display_in_profile_summary: true }),
    healthy: 'BAD_REQUEST',
    faulty: 'success',
  },
  'profile-field-matching-on-paragraph': {
    observe: async (call) => [
      await field(call, { field_type: 2, use_for_user_matching: true }),
      await field(call, { field_type: 4, use_for_user_matching: true }),
    ],
    healthy: ['BAD_REQUEST', 'BAD_REQUEST'],
    faulty: ['success', 'BAD_REQUEST'],
  },
  'profile-field-required-refused': {
    observe: (call) => field(call, { field_type: 5, required: true }),
    healthy: 'success',
    faulty: 'BAD_REQUEST',
  },
  'group-deactivate-noop': {
    observe: async (call) => {
      const id = await group(call);
      return [await code(deactivate(call, id)), await isDeactivated(call, id)];
    },
    healthy: ['success', true],
    faulty: ['success', false],
  },
  'group-realm-use-overlooked': {
    observe: async (call) => {
      const used = await group(call);
      await call('PATCH', '/realm', {
        as: 'admin',
        form: { can_resolve_topics_group: { new: { direct_members: [], direct_subgroups: [used] } } },
      });
      return code(deactivate(call, used));
    },
    healthy: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
    faulty: 'success',
  },
  'group-in-use-deactivated': {
    observe: async (call) => {
      const used = await group(call);
      await group(call, { can_mention_group: used });
      return code(deactivate(call, used));
    },
    healthy: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
    faulty: 'success',
  },
  'group-subgroup-deactivated': {
    observe: async (call) => {
      const sub = await group(call);
      await group(call, { subgroups: [sub] });
      return code(deactivate(call, sub));
    },
    healthy: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
    faulty: 'success',
  },
  'group-objections-without-settings': {
    observe: async (call) => {
      const used = await group(call);
      await group(call, { can_mention_group: used });
      return (await deactivate(call, used)).body.objections.map((o: object) => 'settings' in o);
    },
    healthy: [true],
    faulty: [false],
  },
  'group-subgroup-objection-without-settings': {
    observe: async (call) => {
      const sub = await group(call);
      await group(call, { subgroups: [sub] });
      return (await deactivate(call, sub)).body.objections.map((o: object) => 'settings' in o);
    },
    healthy: [true],
    faulty: [false],
  },
  'group-unknown-id-succeeds': {
    observe: (call) => code(deactivate(call, 999999)),
    healthy: 'BAD_REQUEST',
    faulty: 'success',
  },
  'group-deactivated-usable': {
    observe: async (call) => {
      const old = await group(call);
      await deactivate(call, old);
      return code(
        call('POST', '/user_groups/create', {
          as: 'owner',
          form: { name: 'uses-old', description: '', members: [], can_mention_group: old },
        }),
      );
    },
    healthy: 'BAD_REQUEST',
    faulty: 'success',
  },
  'push-add-not-stored': {
    observe: async (call) => [await addToken(call), await removeToken(call)],
    healthy: ['success', 'success'],
    faulty: ['success', 'BAD_REQUEST'],
  },
  'push-empty-token-accepted': {
    observe: (call) => addToken(call, { token: '', appid: 'org.example.cf' }),
    healthy: 'BAD_REQUEST',
    faulty: 'success',
  },
  'push-any-length-accepted': {
    observe: (call) => addToken(call, { token: 'ab'.repeat(32768), appid: 'org.example.cf' }),
    healthy: 'BAD_REQUEST',
    faulty: 'success',
  },
  'push-appid-optional': {
    observe: (call) => addToken(call, { token: TOKEN }),
    healthy: 'BAD_REQUEST',
    faulty: 'success',
  },
  'push-remove-keeps-token': {
    observe: async (call) => [await addToken(call), await removeToken(call), await removeToken(call)],
    healthy: ['success', 'success', 'BAD_REQUEST'],
    faulty: ['success', 'success', 'success'],
  },
  'push-remove-empty-token-accepted': {
    observe: (call) => removeToken(call, ''),
    healthy: 'BAD_REQUEST',
    faulty: 'success',
  },
  'push-remove-unknown-succeeds': {
    observe: (call) => removeToken(call, 'cd34'.repeat(16)),
    healthy: 'BAD_REQUEST',
    faulty: 'success',
  },
  'push-test-unknown-token-succeeds': {
    observe: (call) => testPush(call, 'cd34'.repeat(16)),
    healthy: 'INVALID_PUSH_DEVICE_TOKEN',
    faulty: 'success',
  },
  'push-test-registered-token-unknown': {
    observe: async (call) => [await addToken(call), await testPush(call, TOKEN)],
    healthy: ['success', 'INVALID_REMOTE_PUSH_DEVICE_TOKEN'],
    faulty: ['success', 'INVALID_PUSH_DEVICE_TOKEN'],
  },
} as const satisfies Record<string, Case>;
