/**
 * Faults of one operation's answer each (RESP-*, the response judged on every call of its operation), beside
 * answers.ts. Each departs from the envelope or the success fields on that operation alone, so that only judging
 * every response, not a sample of operations, catches it. reference/faults.ts assembles every area's faults.
 */
import type { FaultCatalogue } from '../faults.ts';

export const ANSWER_FAULTS = {
  'answer-send-id-string': { clause: 'RESP-MSG-SEND-001', description: 'POST /messages answers the id as a string.' },
  'answer-schedule-id-missing': {
    clause: 'RESP-MSG-SCHEDULE-001',
    description: 'POST /scheduled_messages answers without scheduled_message_id.',
  },
  'answer-edit-msg-not-empty': {
    clause: 'RESP-EDIT-001',
    description: 'PATCH /messages/{message_id} answers success with msg "Edited".',
  },
  'answer-typing-msg-not-empty': {
    clause: 'RESP-TYPING-001',
    description: 'POST /typing answers success with msg "ok".',
  },
  'answer-narrow-messages-list': {
    clause: 'RESP-MSG-NARROW-001',
    description: 'GET /messages/matches_narrow answers messages as a list, not an object keyed by id.',
  },
  'answer-user-get-user-missing': {
    clause: 'RESP-USER-GET-001',
    description: 'GET /users/{user_id} answers without the user object.',
  },
  'answer-profile-field-id-string': {
    clause: 'RESP-PROFILE-FIELD-001',
    description: 'POST /realm/profile_fields answers the new id as a string.',
  },
  'answer-fetchkey-email-missing': {
    clause: 'RESP-FETCHKEY-001',
    description: 'POST /fetch_api_key answers without email.',
  },
  'answer-delete-topic-complete-string': {
    clause: 'RESP-TOPIC-DELETE-001',
    description: 'POST /streams/{stream_id}/delete_topic answers complete as the string "true".',
  },
  'answer-drafts-create-ids-strings': {
    clause: 'RESP-DRAFTS-CREATE-001',
    description: 'POST /drafts answers the ids as strings.',
  },
  'answer-drafts-list-count-missing': {
    clause: 'RESP-DRAFTS-LIST-001',
    description: 'GET /drafts answers without count.',
  },
  'answer-topic-read-result-ok': {
    clause: 'RESP-TOPIC-READ-001',
    description: 'POST /mark_topic_as_read answers result "ok" instead of "success".',
  },
  'answer-streams-object': {
    clause: 'RESP-CHAN-LIST-001',
    description: 'GET /streams answers streams as an object, not a list.',
  },
  'answer-subscriptions-missing': {
    clause: 'RESP-SUBS-001',
    description: 'GET /users/me/subscriptions answers without subscriptions.',
  },
  'answer-mute-html': {
    clause: 'RESP-MUTE-001',
    description: 'POST /users/me/muted_users/{muted_user_id} labels its success text/html.',
  },
  'answer-group-deactivate-msg-null': {
    clause: 'RESP-GROUP-DEACTIVATE-001',
    description: 'POST /user_groups/{user_group_id}/deactivate answers success with msg null.',
  },
  'answer-apns-add-msg-not-empty': {
    clause: 'RESP-PUSH-ADD-001',
    description: 'POST /users/me/apns_device_token answers success with msg "Added".',
  },
  'answer-apns-remove-no-result': {
    clause: 'RESP-PUSH-REMOVE-001',
    description: 'DELETE /users/me/apns_device_token answers success without result.',
  },
  'answer-queue-delete-msg-not-empty': {
    clause: 'RESP-QUEUE-DELETE-001',
    description: 'DELETE /events answers success with msg "Deleted".',
  },
  'answer-render-rendered-number': {
    clause: 'RESP-MSG-RENDER-001',
    description: 'POST /messages/render answers rendered as a number.',
  },
} as const satisfies FaultCatalogue;
