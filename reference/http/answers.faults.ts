/**
 * Faults of one operation's answer each (RESP-*, the response judged on every call of its operation), beside
 * answers.ts. Each departs from the envelope or the success fields on that operation alone, so that only judging
 * every response, not a sample of operations, catches it. reference/faults.ts assembles every area's faults.
 */
import type { FaultCatalogue } from '../faults.ts';

export const ANSWER_FAULTS = {
  'answer-send-id-string': {
    clause: 'RESP-MSG-SEND-001',
    description: 'POST /messages answers the id as a string.',
    alsoBreaks: ['BAD-MSG-SEND-001', 'MSG-SEND-001', 'MSG-SEND-012', 'MSG-SEND-014'],
  },
  'answer-schedule-id-missing': {
    clause: 'RESP-MSG-SCHEDULE-001',
    description: 'POST /scheduled_messages answers without scheduled_message_id.',
    alsoBreaks: ['BAD-MSG-SCHEDULE-001', 'MSG-SCHEDULE-001', 'MSG-SCHEDULE-005', 'TOPIC-RULE-003'],
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
    alsoBreaks: [
      'MSG-NARROW-001',
      'MSG-NARROW-002',
      'MSG-NARROW-003',
      'MSG-NARROW-004',
      'MSG-NARROW-006',
      'EXPLORE-003',
    ],
  },
  'answer-user-get-user-missing': {
    clause: 'RESP-USER-GET-001',
    description: 'GET /users/{user_id} answers without the user object.',
    alsoBreaks: [
      'USER-GET-001',
      'USER-GET-002',
      'USER-GET-004',
      'USER-GET-005',
      'USER-GET-006',
      'USER-GET-007',
      'USER-GET-008',
      'USER-GET-009',
      'USER-GET-011',
      'USER-GET-012',
    ],
  },
  'answer-profile-field-id-string': {
    clause: 'RESP-PROFILE-FIELD-001',
    description: 'POST /realm/profile_fields answers the new id as a string.',
    alsoBreaks: ['BAD-PROFILE-FIELD-001', 'PROFILE-FIELD-001', 'PROFILE-FIELD-008', 'EXPLORE-011'],
  },
  'answer-fetchkey-email-missing': {
    clause: 'RESP-FETCHKEY-001',
    description: 'POST /fetch_api_key answers without email.',
    alsoBreaks: ['FETCHKEY-001', 'FETCHKEY-004'],
  },
  'answer-delete-topic-complete-string': {
    clause: 'RESP-TOPIC-DELETE-001',
    description: 'POST /streams/{stream_id}/delete_topic answers complete as the string "true".',
    alsoBreaks: [
      'TOPIC-DELETE-002',
      'TOPIC-DELETE-003',
      'TOPIC-DELETE-004',
      'TOPIC-DELETE-005',
      'TOPIC-DELETE-006',
      'EXPLORE-004',
    ],
  },
  'answer-drafts-create-ids-strings': {
    clause: 'RESP-DRAFTS-CREATE-001',
    description: 'POST /drafts answers the ids as strings.',
    alsoBreaks: [
      'BAD-DRAFTS-CREATE-001',
      'DRAFTS-CREATE-001',
      'DRAFTS-CREATE-002',
      'DRAFTS-CREATE-003',
      'DRAFTS-CREATE-007',
      'DRAFTS-CREATE-010',
      'EXPLORE-008',
    ],
  },
  'answer-drafts-list-count-missing': {
    clause: 'RESP-DRAFTS-LIST-001',
    description: 'GET /drafts answers without count.',
    alsoBreaks: ['DRAFTS-LIST-001'],
  },
  'answer-topic-read-result-ok': {
    clause: 'RESP-TOPIC-READ-001',
    description: 'POST /mark_topic_as_read answers result "ok" instead of "success".',
    alsoBreaks: ['TOPIC-READ-001', 'TOPIC-READ-003', 'EXPLORE-005'],
  },
  'answer-streams-object': {
    clause: 'RESP-CHAN-LIST-001',
    description: 'GET /streams answers streams as an object, not a list.',
    alsoBreaks: ['CHAN-LIST-001', 'CHAN-LIST-002', 'CHAN-LIST-003', 'CHAN-OBJ-001', 'CHAN-OBJ-002'],
  },
  'answer-subscriptions-missing': {
    clause: 'RESP-SUBS-001',
    description: 'GET /users/me/subscriptions answers without subscriptions.',
    alsoBreaks: ['SUBS-001', 'SUBS-002', 'SUBS-003', 'SUBS-004', 'SUBS-005'],
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
    alsoBreaks: ['PUSH-REMOVE-001'],
  },
  'answer-queue-delete-msg-not-empty': {
    clause: 'RESP-QUEUE-DELETE-001',
    description: 'DELETE /events answers success with msg "Deleted".',
  },
  'answer-render-rendered-number': {
    clause: 'RESP-MSG-RENDER-001',
    description: 'POST /messages/render answers rendered as a number.',
    alsoBreaks: ['MSG-RENDER-001', 'MSG-RENDER-002', 'MSG-RENDER-003', 'MSG-RENDER-005'],
  },
} as const satisfies FaultCatalogue;
