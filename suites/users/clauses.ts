/** The users area's clauses, by the suite file that checks them. Ids are pinned in fixtures/clause-ids.json. */
import { defineArea } from '../../helpers/clauses/area.ts';

export const clauses = defineArea('users', {
  'get-users-user_id.test.ts': [
    {
      id: 'USER-GET-001',
      level: 'MUST',
      title: 'return a user object whose fields have the types the User object gives',
      section: '6. Get a user; Resources › User object',
      endpoint: 'GET /users/{user_id}',
      since: 163,
    },
    {
      id: 'USER-GET-002',
      level: 'MUST',
      title:
        'give a role of 100, 200, 300, 400 or 600 that agrees with is_owner, is_admin and is_guest, an owner being an administrator too',
      section: 'Resources › User object',
      endpoint: 'GET /users/{user_id}',
      since: 60,
    },
    {
      id: 'USER-GET-004',
      level: 'MUST',
      title: "show a bot's real email in delivery_email to every caller",
      section: 'Resources › User object',
      endpoint: 'GET /users/{user_id}',
      since: 163,
    },
    {
      id: 'USER-GET-005',
      level: 'MUST',
      title:
        "give a caller who may not see a user's real email (delivery_email null) a fake email that is not the real address",
      section: 'Authentication; Resources › User object',
      endpoint: 'GET /users/{user_id}',
      since: 163,
    },
    {
      id: 'USER-GET-006',
      level: 'MUST',
      title:
        "give in delivery_email only the user's real address or null, never another address, whatever the user's email visibility",
      section: 'Authentication; Resources › User object',
      endpoint: 'GET /users/{user_id}',
      since: 163,
    },
    {
      id: 'USER-GET-007',
      level: 'MUST',
      title: 'give a string avatar_url when client_gravatar is false or when the caller cannot see the real email',
      section: '6. Get a user; Resources › User object',
      endpoint: 'GET /users/{user_id}',
      since: 163,
    },
    {
      id: 'USER-GET-008',
      level: 'MUST',
      title: 'include profile_data only for non-bot users and only when include_custom_profile_fields is true',
      section: '6. Get a user; Resources › User object',
      endpoint: 'GET /users/{user_id}',
    },
    {
      id: 'USER-GET-009',
      level: 'MUST',
      title:
        'key profile_data by custom profile field ID, each entry with a string value and, where given, a string rendered_value',
      section: 'Resources › User object',
      endpoint: 'GET /users/{user_id}',
    },
    {
      id: 'USER-GET-010',
      level: 'MUST',
      title: 'answer an unknown user ID with the error envelope',
      section: '6. Get a user; Errors',
      endpoint: 'GET /users/{user_id}',
    },
    {
      id: 'USER-GET-011',
      level: 'MUST',
      title: 'give bots a bot_type from 1 to 4 and a bot_owner_id (an integer or null)',
      section: 'Resources › User object',
      endpoint: 'GET /users/{user_id}',
    },
    {
      id: 'USER-GET-012',
      level: 'MUST',
      title: 'give humans a bot_type of null',
      section: 'Resources › User object',
      endpoint: 'GET /users/{user_id}',
    },
  ],
  'post-users-me-muted_users.test.ts': [
    {
      id: 'MUTE-001',
      level: 'MUST',
      title: 'refuse muting oneself with BAD_REQUEST',
      section: '15. Mute a user; Errors',
      endpoint: 'POST /users/me/muted_users/{muted_user_id}',
      since: 48,
    },
    {
      id: 'MUTE-002',
      level: 'MUST',
      title: 'refuse muting a user ID that does not exist with BAD_REQUEST',
      section: '15. Mute a user; Errors',
      endpoint: 'POST /users/me/muted_users/{muted_user_id}',
      since: 48,
    },
    {
      id: 'MUTE-003',
      level: 'MUST',
      title: 'refuse muting an already muted user with BAD_REQUEST and leave the mute unchanged',
      section: 'States and transitions; 15. Mute a user',
      endpoint: 'POST /users/me/muted_users/{muted_user_id}',
      since: 48,
    },
    {
      id: 'MUTE-004',
      level: 'MUST',
      title: 'let a user mute a bot',
      section: '15. Mute a user',
      endpoint: 'POST /users/me/muted_users/{muted_user_id}',
      since: 188,
    },
    {
      id: 'MUTE-007',
      level: 'MUST',
      title: "mark a muted user's new messages as read for the muter as they arrive",
      section: 'States and transitions',
      endpoint: 'POST /users/me/muted_users/{muted_user_id}',
      since: 48,
    },
    {
      id: 'MUTE-008',
      level: 'MUST',
      title: "mark as read for the muter every message the muted user had already sent it, and no other user's",
      section: 'States and transitions',
      endpoint: 'POST /users/me/muted_users/{muted_user_id}',
      since: 48,
    },
  ],
  'mute-sequences.model.ts': [
    {
      id: 'MUTE-006',
      level: 'MUST',
      title: 'follow the muting transitions over any sequence of mutes, unmutes and listings across users and bots',
      section: 'States and transitions; 15. Mute a user',
      endpoint: 'POST /users/me/muted_users/{muted_user_id}',
      since: 188,
    },
  ],
});
