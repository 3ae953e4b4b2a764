/**
 * Faults of bad input (BAD-*), one operation each: the operation answers a parameter that is missing or cannot be
 * read (not an integer, not JSON, outside its set) with HTTP 500 and a plain-text page, as a server whose
 * validation error escapes its error handling does. The switch sits beside the adapter (bad-input.ts); Create drafts'
 * fault instead keeps a partial write, in routes/drafts.ts.
 * reference/faults.ts assembles every area's faults.
 */
import type { FaultCatalogue } from '../faults.ts';

/**
 * The crash of one operation, whose clauses start with `prefix` (BAD-<prefix>-001, and RESP-<prefix>-001, which the
 * plain-text 500 breaks too); `also`: the operation's own checks that send a missing or unreadable parameter too, and
 * so break with it. The switch (bad-input.ts) finds the fault by its operation.
 */
const crash = <const P extends string>(prefix: P, operation: string, also: readonly string[] = []) =>
  ({
    clause: `BAD-${prefix}-001`,
    description: `${operation} answers a missing or unreadable parameter with HTTP 500 and a plain-text body.`,
    alsoBreaks: [`RESP-${prefix}-001`, ...also],
    operation,
  }) as const;

export const BAD_INPUT_FAULTS = {
  'bad-input-send-crashes': crash('MSG-SEND', 'POST /messages', ['MSG-SEND-011', 'MSG-SEND-017', 'MSG-SEND-018']),
  'bad-input-schedule-crashes': crash('MSG-SCHEDULE', 'POST /scheduled_messages', ['MSG-SCHEDULE-006']),
  'bad-input-edit-crashes': crash('EDIT', 'PATCH /messages/{message_id}', ['EDIT-CONTENT-002']),
  'bad-input-typing-crashes': crash('TYPING', 'POST /typing', ['TYPING-001', 'TYPING-004']),
  'bad-input-narrow-crashes': crash('MSG-NARROW', 'GET /messages/matches_narrow', ['MSG-NARROW-005']),
  'bad-input-user-get-crashes': crash('USER-GET', 'GET /users/{user_id}'),
  'bad-input-profile-field-crashes': crash('PROFILE-FIELD', 'POST /realm/profile_fields', ['PROFILE-FIELD-003']),
  'bad-input-fetchkey-crashes': crash('FETCHKEY', 'POST /fetch_api_key', ['FETCHKEY-005']),
  'bad-input-delete-topic-crashes': crash('TOPIC-DELETE', 'POST /streams/{stream_id}/delete_topic'),
  'bad-input-drafts-partial-write': {
    clause: 'BAD-DRAFTS-CREATE-001',
    description:
      'POST /drafts stores each draft as it reads it: a list refused for a bad draft keeps the drafts before it.',
  },
  'bad-input-topic-read-crashes': crash('TOPIC-READ', 'POST /mark_topic_as_read', ['TOPIC-READ-002']),
  'bad-input-streams-crashes': crash('CHAN-LIST', 'GET /streams'),
  'bad-input-subs-crashes': crash('SUBS', 'GET /users/me/subscriptions'),
  'bad-input-mute-crashes': crash('MUTE', 'POST /users/me/muted_users/{muted_user_id}'),
  'bad-input-group-deactivate-crashes': crash('GROUP-DEACTIVATE', 'POST /user_groups/{user_group_id}/deactivate'),
  'bad-input-push-add-crashes': crash('PUSH-ADD', 'POST /users/me/apns_device_token', ['PUSH-ADD-004']),
  'bad-input-push-remove-crashes': crash('PUSH-REMOVE', 'DELETE /users/me/apns_device_token'),
  'bad-input-queue-delete-crashes': crash('QUEUE-DELETE', 'DELETE /events', ['QUEUE-DELETE-004']),
  'bad-input-render-crashes': crash('MSG-RENDER', 'POST /messages/render', ['MSG-RENDER-004']),
} as const satisfies FaultCatalogue;
