/**
 * The BAD-* clauses: one per operation that takes parameters a request can get wrong, each checked by sending that
 * operation the bad-input probes helpers/contract generates from the contract's tables (bad-input.test.ts). The
 * rule is the Errors section's over every operation: a request the contract cannot accept gets the error envelope
 * (not a success, not a 5xx, not a body that is no JSON object) and changes nothing.
 */
import type { ClauseSpec } from '../../helpers/clauses/area.ts';

const TITLE = (endpoint: string) =>
  `refuse a call of ${endpoint} with a missing, malformed or out-of-range parameter with the error envelope ` +
  '(never a success, a 5xx or a body that is no JSON object), and leave nothing changed';

const clause = <const Id extends string>(id: Id, endpoint: string, section: string) =>
  ({ id, level: 'MUST', title: TITLE(endpoint), section: `${section}; Errors`, endpoint }) satisfies ClauseSpec;

/** In the contract's order; the operation is the clause's endpoint (helpers/contract's key). */
export const BAD_INPUT_CLAUSES = [
  clause('BAD-MSG-SEND-001', 'POST /messages', '1. Send a message'),
  clause('BAD-MSG-SCHEDULE-001', 'POST /scheduled_messages', '2. Create a scheduled message'),
  clause('BAD-EDIT-001', 'PATCH /messages/{message_id}', '3. Edit a message'),
  clause('BAD-TYPING-001', 'POST /typing', '4. Set typing status'),
  clause('BAD-MSG-NARROW-001', 'GET /messages/matches_narrow', '5. Check messages against a narrow'),
  clause('BAD-USER-GET-001', 'GET /users/{user_id}', '6. Get a user'),
  clause('BAD-PROFILE-FIELD-001', 'POST /realm/profile_fields', '7. Create a custom profile field'),
  clause('BAD-FETCHKEY-001', 'POST /fetch_api_key', '8. Fetch an API key'),
  clause('BAD-TOPIC-DELETE-001', 'POST /streams/{stream_id}/delete_topic', '9. Delete a topic'),
  clause('BAD-DRAFTS-CREATE-001', 'POST /drafts', '10. Create drafts'),
  clause('BAD-TOPIC-READ-001', 'POST /mark_topic_as_read', '12. Mark messages in a topic as read'),
  clause('BAD-CHAN-LIST-001', 'GET /streams', '13. Get all channels'),
  clause('BAD-SUBS-001', 'GET /users/me/subscriptions', '14. Get subscribed channels'),
  clause('BAD-MUTE-001', 'POST /users/me/muted_users/{muted_user_id}', '15. Mute a user'),
  clause('BAD-GROUP-DEACTIVATE-001', 'POST /user_groups/{user_group_id}/deactivate', '16. Deactivate a user group'),
  clause('BAD-PUSH-ADD-001', 'POST /users/me/apns_device_token', '17. Add an APNs device token'),
  clause('BAD-PUSH-REMOVE-001', 'DELETE /users/me/apns_device_token', '18. Remove an APNs device token'),
  clause('BAD-QUEUE-DELETE-001', 'DELETE /events', '20. Delete an event queue'),
  clause('BAD-MSG-RENDER-001', 'POST /messages/render', '21. Render a message'),
] as const;
