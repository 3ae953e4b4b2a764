/**
 * The switch of the bad-input faults (bad-input.faults.ts): with an operation's fault on, a parameter it cannot read
 * (an `InputError`: missing, not an integer, not JSON, outside its set) escapes as a plain-text server error.
 */
import type { ServerResponse } from 'node:http';
import { InputError } from '../core/errors.ts';
import type { FaultId, Faults } from '../faults.ts';

const CRASHES: Readonly<Record<string, FaultId>> = {
  'POST /messages': 'bad-input-send-crashes',
  'POST /scheduled_messages': 'bad-input-schedule-crashes',
  'PATCH /messages/{message_id}': 'bad-input-edit-crashes',
  'POST /typing': 'bad-input-typing-crashes',
  'GET /messages/matches_narrow': 'bad-input-narrow-crashes',
  'GET /users/{user_id}': 'bad-input-user-get-crashes',
  'POST /realm/profile_fields': 'bad-input-profile-field-crashes',
  'POST /fetch_api_key': 'bad-input-fetchkey-crashes',
  'POST /streams/{stream_id}/delete_topic': 'bad-input-delete-topic-crashes',
  'POST /mark_topic_as_read': 'bad-input-topic-read-crashes',
  'GET /streams': 'bad-input-streams-crashes',
  'GET /users/me/subscriptions': 'bad-input-subs-crashes',
  'POST /users/me/muted_users/{muted_user_id}': 'bad-input-mute-crashes',
  'POST /user_groups/{user_group_id}/deactivate': 'bad-input-group-deactivate-crashes',
  'POST /users/me/apns_device_token': 'bad-input-push-add-crashes',
  'DELETE /users/me/apns_device_token': 'bad-input-push-remove-crashes',
  'DELETE /events': 'bad-input-queue-delete-crashes',
  'POST /messages/render': 'bad-input-render-crashes',
};

/** Answers HTTP 500 in plain text, and says so, when the error is bad input to an operation whose fault is on. */
export function crashedOnBadInput(res: ServerResponse, err: unknown, operation: string, faults: Faults): boolean {
  const fault = CRASHES[operation];
  if (!(err instanceof InputError) || !fault || !faults.has(fault)) return false;
  res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal Server Error');
  return true;
}
