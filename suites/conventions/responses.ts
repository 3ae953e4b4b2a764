/**
 * The RESP-* clauses: one per operation, judged over every response of that operation a run receives (not by a
 * check of their own): the envelope (Conventions; Errors) and the answer's fields as helpers/contract gives them.
 * Each names the check `--only` runs to exercise its operation (cheap, and calling it with success).
 */
import type { Clause } from '../../helpers/clauses/types.ts';

interface ResponseClause {
  id: string;
  endpoint: string;
  section: string;
  drivenBy: string;
}

const RESPONSE_CLAUSES: readonly ResponseClause[] = [
  { id: 'RESP-MSG-SEND-001', endpoint: 'POST /messages', section: '1. Send a message', drivenBy: 'MSG-SEND-001' },
  {
    id: 'RESP-MSG-SCHEDULE-001',
    endpoint: 'POST /scheduled_messages',
    section: '2. Create a scheduled message',
    drivenBy: 'MSG-SCHEDULE-001',
  },
  {
    id: 'RESP-EDIT-001',
    endpoint: 'PATCH /messages/{message_id}',
    section: '3. Edit a message',
    drivenBy: 'EDIT-CONTENT-001',
  },
  { id: 'RESP-TYPING-001', endpoint: 'POST /typing', section: '4. Set typing status', drivenBy: 'TYPING-002' },
  {
    id: 'RESP-MSG-NARROW-001',
    endpoint: 'GET /messages/matches_narrow',
    section: '5. Check messages against a narrow',
    drivenBy: 'MSG-NARROW-001',
  },
  { id: 'RESP-USER-GET-001', endpoint: 'GET /users/{user_id}', section: '6. Get a user', drivenBy: 'USER-GET-001' },
  {
    id: 'RESP-PROFILE-FIELD-001',
    endpoint: 'POST /realm/profile_fields',
    section: '7. Create a custom profile field',
    drivenBy: 'PROFILE-FIELD-001',
  },
  {
    id: 'RESP-FETCHKEY-001',
    endpoint: 'POST /fetch_api_key',
    section: '8. Fetch an API key',
    drivenBy: 'FETCHKEY-001',
  },
  {
    id: 'RESP-TOPIC-DELETE-001',
    endpoint: 'POST /streams/{stream_id}/delete_topic',
    section: '9. Delete a topic',
    drivenBy: 'TOPIC-DELETE-002',
  },
  {
    id: 'RESP-DRAFTS-CREATE-001',
    endpoint: 'POST /drafts',
    section: '10. Create drafts',
    drivenBy: 'DRAFTS-CREATE-001',
  },
  { id: 'RESP-DRAFTS-LIST-001', endpoint: 'GET /drafts', section: '11. Get drafts', drivenBy: 'DRAFTS-LIST-001' },
  {
    id: 'RESP-TOPIC-READ-001',
    endpoint: 'POST /mark_topic_as_read',
    section: '12. Mark messages in a topic as read',
    drivenBy: 'TOPIC-READ-001',
  },
  { id: 'RESP-CHAN-LIST-001', endpoint: 'GET /streams', section: '13. Get all channels', drivenBy: 'CHAN-OBJ-001' },
  {
    id: 'RESP-SUBS-001',
    endpoint: 'GET /users/me/subscriptions',
    section: '14. Get subscribed channels',
    drivenBy: 'SUBS-001',
  },
  {
    id: 'RESP-MUTE-001',
    endpoint: 'POST /users/me/muted_users/{muted_user_id}',
    section: '15. Mute a user',
    drivenBy: 'MUTE-004',
  },
  {
    id: 'RESP-GROUP-DEACTIVATE-001',
    endpoint: 'POST /user_groups/{user_group_id}/deactivate',
    section: '16. Deactivate a user group',
    drivenBy: 'GROUP-DEACTIVATE-001',
  },
  {
    id: 'RESP-PUSH-ADD-001',
    endpoint: 'POST /users/me/apns_device_token',
    section: '17. Add an APNs device token',
    drivenBy: 'PUSH-ADD-001',
  },
  {
    id: 'RESP-PUSH-REMOVE-001',
    endpoint: 'DELETE /users/me/apns_device_token',
    section: '18. Remove an APNs device token',
    drivenBy: 'PUSH-REMOVE-001',
  },
  {
    id: 'RESP-PUSH-TEST-001',
    endpoint: 'POST /mobile_push/test_notification',
    section: '19. Send a test notification to mobile devices',
    drivenBy: 'PUSH-TEST-001',
  },
  {
    id: 'RESP-QUEUE-DELETE-001',
    endpoint: 'DELETE /events',
    section: '20. Delete an event queue',
    drivenBy: 'QUEUE-DELETE-001',
  },
  {
    id: 'RESP-MSG-RENDER-001',
    endpoint: 'POST /messages/render',
    section: '21. Render a message',
    drivenBy: 'MSG-RENDER-001',
  },
];

/** The RESP-* clauses, each filed under its driving check's file (what `--only` loads). */
export function responseClauses(checked: readonly Clause[]): Clause[] {
  const byId = new Map(checked.map((c) => [c.id, c]));
  return RESPONSE_CLAUSES.map((r) => {
    const driver = byId.get(r.drivenBy);
    if (!driver) throw new Error(`${r.id} is driven by ${r.drivenBy}, which no area declares`);
    if (driver.endpoint !== r.endpoint) throw new Error(`${r.id}: ${r.drivenBy} does not call ${r.endpoint}`);
    return {
      id: r.id,
      level: 'MUST',
      title: `answer every call of ${r.endpoint} with the envelope and the fields the contract gives its success or error`,
      section: `${r.section}; Conventions; Errors`,
      endpoint: r.endpoint,
      area: 'conventions',
      file: driver.file,
      drivenBy: driver.id,
    };
  });
}
