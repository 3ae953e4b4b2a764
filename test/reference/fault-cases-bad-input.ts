// The bad-input faults (reference/http/bad-input.faults.ts): each operation's crash on a parameter it cannot read,
// and Create drafts' partial write. The observation sends that operation one bad request; the kill matrix proves the rest.

import type { BAD_INPUT_FAULTS } from '../../reference/http/bad-input.faults.ts';
import { type Call, type CallOptions, draftOf, lookup } from './support.ts';

interface BadInputCase {
  readonly observe: (call: Call) => Promise<unknown>;
  readonly healthy: unknown;
  readonly faulty: unknown;
}

/** The status and whether the body is the JSON envelope. */
const answer = async (reply: ReturnType<Call>) => {
  const { status, body } = await reply;
  return [status, typeof body?.result === 'string'];
};
const crashCase = (method: string, path: string, options: CallOptions = {}): BadInputCase => ({
  observe: (call) => answer(call(method, path, options)),
  healthy: [400, true],
  faulty: [500, false],
});
const NOT_AN_ID = 'cf-not-an-integer';

export const BAD_INPUT_CASES: Record<keyof typeof BAD_INPUT_FAULTS, BadInputCase> = {
  'bad-input-send-crashes': crashCase('POST', '/messages', { form: { to: 'Verona', content: 'x' } }),
  'bad-input-schedule-crashes': crashCase('POST', '/scheduled_messages', { form: { type: 'stream', content: 'x' } }),
  'bad-input-edit-crashes': crashCase('PATCH', `/messages/${NOT_AN_ID}`, { form: { content: 'x' } }),
  'bad-input-typing-crashes': crashCase('POST', '/typing', { form: { to: [1] } }),
  'bad-input-narrow-crashes': crashCase('GET', '/messages/matches_narrow', { query: { narrow: [] } }),
  'bad-input-user-get-crashes': crashCase('GET', `/users/${NOT_AN_ID}`),
  'bad-input-profile-field-crashes': crashCase('POST', '/realm/profile_fields', { as: 'admin', form: { name: 'x' } }),
  'bad-input-fetchkey-crashes': crashCase('POST', '/fetch_api_key', { as: 'none', form: { password: 'x' } }),
  'bad-input-delete-topic-crashes': crashCase('POST', `/streams/${NOT_AN_ID}/delete_topic`, {
    as: 'admin',
    form: { topic_name: 'x' },
  }),
  'bad-input-drafts-partial-write': {
    observe: async (call) => {
      const id = await (await lookup(call)).channelId('Verona');
      const refused = await call('POST', '/drafts', {
        form: { drafts: [draftOf.unaddressed(), draftOf.channel(id, { to: [id, id + 1] })] },
      });
      const { body } = await call('GET', '/drafts');
      return [refused.body?.result, body.drafts.length];
    },
    healthy: ['error', 0],
    faulty: ['error', 1],
  },
  'bad-input-topic-read-crashes': crashCase('POST', '/mark_topic_as_read', { form: { topic_name: 'x' } }),
  'bad-input-streams-crashes': crashCase('GET', '/streams', { query: { include_public: 'cf-not-a-boolean' } }),
  'bad-input-subs-crashes': crashCase('GET', '/users/me/subscriptions', { query: { include_subscribers: 'cf' } }),
  'bad-input-mute-crashes': crashCase('POST', `/users/me/muted_users/${NOT_AN_ID}`),
  'bad-input-group-deactivate-crashes': crashCase('POST', `/user_groups/${NOT_AN_ID}/deactivate`, { as: 'owner' }),
  'bad-input-push-add-crashes': crashCase('POST', '/users/me/apns_device_token', { form: { appid: 'org.example' } }),
  'bad-input-push-remove-crashes': crashCase('DELETE', '/users/me/apns_device_token'),
  'bad-input-queue-delete-crashes': crashCase('DELETE', '/events'),
  'bad-input-render-crashes': crashCase('POST', '/messages/render'),
};
