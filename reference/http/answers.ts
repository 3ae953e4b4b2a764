/**
 * The answer-shape faults (answers.faults.ts): each misshapes the success answer of one operation only. Kept out of
 * the handlers, which build the answer the contract gives; the envelope passes every success through here.
 */
import type { Fields } from '../core/context.ts';
import type { FaultId, Faults } from '../faults.ts';

export interface Answer {
  body: unknown;
  contentType: string;
}

const json = (body: Fields): Answer => ({ body, contentType: 'application/json' });

/**
 * Each operation's answer-shape fault (answers.faults.ts describes them), and what it answers in place of the
 * operation's success `b`.
 */
const MISSHAPED: Readonly<Record<string, readonly [FaultId, (b: Fields) => Answer]>> = {
  'POST /messages': ['answer-send-id-string', (b) => json({ ...b, id: String(b.id) })],
  'POST /scheduled_messages': ['answer-schedule-id-missing', (b) => json(without(b, 'scheduled_message_id'))],
  'PATCH /messages/{message_id}': ['answer-edit-msg-not-empty', (b) => json({ ...b, msg: 'Edited' })],
  'POST /typing': ['answer-typing-msg-not-empty', (b) => json({ ...b, msg: 'ok' })],
  'GET /messages/matches_narrow': [
    'answer-narrow-messages-list',
    (b) => json({ ...b, messages: Object.values(b.messages as object) }),
  ],
  'GET /users/{user_id}': ['answer-user-get-user-missing', (b) => json(without(b, 'user'))],
  'POST /realm/profile_fields': ['answer-profile-field-id-string', (b) => json({ ...b, id: String(b.id) })],
  'POST /fetch_api_key': ['answer-fetchkey-email-missing', (b) => json(without(b, 'email'))],
  'POST /streams/{stream_id}/delete_topic': [
    'answer-delete-topic-complete-string',
    (b) => json({ ...b, complete: String(b.complete) }),
  ],
  'POST /drafts': ['answer-drafts-create-ids-strings', (b) => json({ ...b, ids: (b.ids as number[]).map(String) })],
  'GET /drafts': ['answer-drafts-list-count-missing', (b) => json(without(b, 'count'))],
  'POST /mark_topic_as_read': ['answer-topic-read-result-ok', (b) => json({ ...b, result: 'ok' })],
  'GET /streams': ['answer-streams-object', (b) => json({ ...b, streams: { ...(b.streams as object[]) } })],
  'GET /users/me/subscriptions': ['answer-subscriptions-missing', (b) => json(without(b, 'subscriptions'))],
  'POST /users/me/muted_users/{muted_user_id}': [
    'answer-mute-html',
    (b) => ({ body: b, contentType: 'text/html; charset=utf-8' }),
  ],
  'POST /user_groups/{user_group_id}/deactivate': [
    'answer-group-deactivate-msg-null',
    (b) => json({ ...b, msg: null }),
  ],
  'POST /users/me/apns_device_token': ['answer-apns-add-msg-not-empty', (b) => json({ ...b, msg: 'Added' })],
  'DELETE /users/me/apns_device_token': ['answer-apns-remove-no-result', (b) => json(without(b, 'result'))],
  'DELETE /events': ['answer-queue-delete-msg-not-empty', (b) => json({ ...b, msg: 'Deleted' })],
  'POST /messages/render': ['answer-render-rendered-number', (b) => json({ ...b, rendered: 42 })],
};

/** The success `body` of the operation `key` ("POST /drafts"), as the fault that is on for it would send it. */
export function successAnswer(key: string, body: Fields, faults: Faults): Answer {
  const misshaped = MISSHAPED[key];
  // Fault: the operation's answer-shape fault, from the table above.
  if (misshaped && faults.has(misshaped[0])) return misshaped[1](body);
  return json(body);
}

function without(body: Fields, name: string): Fields {
  const { [name]: _gone, ...rest } = body;
  return rest;
}
