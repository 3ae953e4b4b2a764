// The answer-shape faults (reference/http/answers.faults.ts): each misshapes one operation's success answer. The observation
// passes a typical answer of that operation through the server's answer step; the kill matrix proves the wiring.

import { Faults } from '../../reference/faults.ts';
import type { ANSWER_FAULTS } from '../../reference/http/answers.faults.ts';
import { successAnswer } from '../../reference/http/answers.ts';
import type { ReferenceServer } from '../../reference/server.ts';
import type { Call } from './support.ts';

interface AnswerCase {
  readonly observe: (call: Call, server: ReferenceServer) => Promise<unknown>;
  readonly healthy: unknown;
  readonly faulty: unknown;
}

const envelope = { result: 'success', msg: '' };
const answerCase = (key: string, fields: Record<string, unknown>, faulty: unknown): AnswerCase => ({
  observe: async (_call, server) => {
    const answer = successAnswer(key, { ...envelope, ...fields }, new Faults(server.faults));
    return { body: answer.body, contentType: answer.contentType };
  },
  healthy: { body: { ...envelope, ...fields }, contentType: 'application/json' },
  faulty,
});
const json = (body: unknown) => ({ body, contentType: 'application/json' });

export const ANSWER_CASES: Record<keyof typeof ANSWER_FAULTS | 'answer-push-test-error-msg-null', AnswerCase> = {
  'answer-push-test-error-msg-null': {
    observe: async (call) => {
      const { body } = await call('POST', '/mobile_push/test_notification', { form: { token: 'cd34'.repeat(16) } });
      return [body.code, body.msg === null];
    },
    healthy: ['INVALID_PUSH_DEVICE_TOKEN', false],
    faulty: ['INVALID_PUSH_DEVICE_TOKEN', true],
  },
  'answer-send-id-string': answerCase('POST /messages', { id: 7 }, json({ ...envelope, id: '7' })),
  'answer-schedule-id-missing': answerCase('POST /scheduled_messages', { scheduled_message_id: 3 }, json(envelope)),
  'answer-edit-msg-not-empty': answerCase(
    'PATCH /messages/{message_id}',
    { detached_uploads: [] },
    json({ ...envelope, msg: 'Edited', detached_uploads: [] }),
  ),
  'answer-typing-msg-not-empty': answerCase('POST /typing', {}, json({ ...envelope, msg: 'ok' })),
  'answer-narrow-messages-list': answerCase(
    'GET /messages/matches_narrow',
    { messages: { 5: { match_content: 'a', match_subject: 'b' } } },
    json({ ...envelope, messages: [{ match_content: 'a', match_subject: 'b' }] }),
  ),
  'answer-user-get-user-missing': answerCase('GET /users/{user_id}', { user: { user_id: 1 } }, json(envelope)),
  'answer-profile-field-id-string': answerCase('POST /realm/profile_fields', { id: 9 }, json({ ...envelope, id: '9' })),
  'answer-fetchkey-email-missing': answerCase(
    'POST /fetch_api_key',
    { api_key: 'k', email: 'a@b', user_id: 1 },
    json({ ...envelope, api_key: 'k', user_id: 1 }),
  ),
  'answer-delete-topic-complete-string': answerCase(
    'POST /streams/{stream_id}/delete_topic',
    { complete: true },
    json({ ...envelope, complete: 'true' }),
  ),
  'answer-drafts-create-ids-strings': answerCase(
    'POST /drafts',
    { ids: [1, 2] },
    json({ ...envelope, ids: ['1', '2'] }),
  ),
  'answer-drafts-list-count-missing': answerCase(
    'GET /drafts',
    { count: 0, drafts: [] },
    json({ ...envelope, drafts: [] }),
  ),
  'answer-topic-read-result-ok': answerCase('POST /mark_topic_as_read', {}, json({ ...envelope, result: 'ok' })),
  'answer-streams-object': answerCase(
    'GET /streams',
    { streams: [{ stream_id: 1 }] },
    json({ ...envelope, streams: { 0: { stream_id: 1 } } }),
  ),
  'answer-subscriptions-missing': answerCase('GET /users/me/subscriptions', { subscriptions: [] }, json(envelope)),
  'answer-mute-html': answerCase(
    'POST /users/me/muted_users/{muted_user_id}',
    {},
    {
      body: envelope,
      contentType: 'text/html; charset=utf-8',
    },
  ),
  'answer-group-deactivate-msg-null': answerCase(
    'POST /user_groups/{user_group_id}/deactivate',
    {},
    json({ ...envelope, msg: null }),
  ),
  'answer-apns-add-msg-not-empty': answerCase(
    'POST /users/me/apns_device_token',
    {},
    json({ ...envelope, msg: 'Added' }),
  ),
  'answer-apns-remove-no-result': answerCase('DELETE /users/me/apns_device_token', {}, json({ msg: '' })),
  'answer-queue-delete-msg-not-empty': answerCase('DELETE /events', {}, json({ ...envelope, msg: 'Deleted' })),
  'answer-render-rendered-number': answerCase(
    'POST /messages/render',
    { rendered: '<p>a</p>' },
    json({ ...envelope, rendered: 42 }),
  ),
};
