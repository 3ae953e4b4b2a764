/**
 * Faults of bad input (BAD-*), one operation each: the operation answers a parameter that is missing or cannot be
 * read (not an integer, not JSON, outside its set) with HTTP 500 and a plain-text page, as a server whose
 * validation error escapes its error handling does. The switch sits beside the adapter (bad-input.ts); Create drafts'
 * fault instead keeps a partial write, in routes/drafts.ts.
 * reference/faults.ts assembles every area's faults.
 */
import type { FaultCatalogue } from '../faults.ts';

/** `also`: the operation's own checks that send a missing or unreadable parameter too, and so break with it. */
const crash = <const C extends string, const R extends string>(
  clause: C,
  endpoint: string,
  resp: R,
  also: readonly string[] = [],
) =>
  ({
    clause,
    description: `${endpoint} answers a missing or unreadable parameter with HTTP 500 and a plain-text body.`,
    alsoBreaks: [resp, ...also],
  }) as const;

export const BAD_INPUT_FAULTS = {
  'bad-input-send-crashes': crash('BAD-MSG-SEND-001', 'POST /messages', 'RESP-MSG-SEND-001', [
    'MSG-SEND-011',
    'MSG-SEND-017',
    'MSG-SEND-018',
  ]),
  'bad-input-schedule-crashes': crash('BAD-MSG-SCHEDULE-001', 'POST /scheduled_messages', 'RESP-MSG-SCHEDULE-001', [
    'MSG-SCHEDULE-006',
  ]),
  'bad-input-edit-crashes': crash('BAD-EDIT-001', 'PATCH /messages/{message_id}', 'RESP-EDIT-001', [
    'EDIT-CONTENT-002',
  ]),
  'bad-input-typing-crashes': crash('BAD-TYPING-001', 'POST /typing', 'RESP-TYPING-001', ['TYPING-001', 'TYPING-004']),
  'bad-input-narrow-crashes': crash('BAD-MSG-NARROW-001', 'GET /messages/matches_narrow', 'RESP-MSG-NARROW-001', [
    'MSG-NARROW-005',
  ]),
  'bad-input-user-get-crashes': crash('BAD-USER-GET-001', 'GET /users/{user_id}', 'RESP-USER-GET-001'),
  'bad-input-profile-field-crashes': crash(
    'BAD-PROFILE-FIELD-001',
    'POST /realm/profile_fields',
    'RESP-PROFILE-FIELD-001',
    ['PROFILE-FIELD-003'],
  ),
  'bad-input-fetchkey-crashes': crash('BAD-FETCHKEY-001', 'POST /fetch_api_key', 'RESP-FETCHKEY-001', ['FETCHKEY-005']),
  'bad-input-delete-topic-crashes': crash(
    'BAD-TOPIC-DELETE-001',
    'POST /streams/{stream_id}/delete_topic',
    'RESP-TOPIC-DELETE-001',
  ),
  'bad-input-drafts-partial-write': {
    clause: 'BAD-DRAFTS-CREATE-001',
    description:
      'POST /drafts stores each draft as it reads it: a list refused for a bad draft keeps the drafts before it.',
  },
  'bad-input-topic-read-crashes': crash('BAD-TOPIC-READ-001', 'POST /mark_topic_as_read', 'RESP-TOPIC-READ-001', [
    'TOPIC-READ-002',
  ]),
  'bad-input-streams-crashes': crash('BAD-CHAN-LIST-001', 'GET /streams', 'RESP-CHAN-LIST-001'),
  'bad-input-subs-crashes': crash('BAD-SUBS-001', 'GET /users/me/subscriptions', 'RESP-SUBS-001'),
  'bad-input-mute-crashes': crash('BAD-MUTE-001', 'POST /users/me/muted_users/{muted_user_id}', 'RESP-MUTE-001'),
  'bad-input-group-deactivate-crashes': crash(
    'BAD-GROUP-DEACTIVATE-001',
    'POST /user_groups/{user_group_id}/deactivate',
    'RESP-GROUP-DEACTIVATE-001',
  ),
  'bad-input-push-add-crashes': crash('BAD-PUSH-ADD-001', 'POST /users/me/apns_device_token', 'RESP-PUSH-ADD-001', [
    'PUSH-ADD-004',
  ]),
  'bad-input-push-remove-crashes': crash(
    'BAD-PUSH-REMOVE-001',
    'DELETE /users/me/apns_device_token',
    'RESP-PUSH-REMOVE-001',
  ),
  'bad-input-queue-delete-crashes': crash('BAD-QUEUE-DELETE-001', 'DELETE /events', 'RESP-QUEUE-DELETE-001', [
    'QUEUE-DELETE-004',
  ]),
  'bad-input-render-crashes': crash('BAD-MSG-RENDER-001', 'POST /messages/render', 'RESP-MSG-RENDER-001', [
    'MSG-RENDER-004',
  ]),
} as const satisfies FaultCatalogue;
