/**
 * Faults of the user object: `GET /users/{user_id}` (USER-GET-*), beside users.ts. Each breaks one clause; its switch
 * sits in the code it breaks (search for its id). reference/faults.ts assembles every area's faults into the one
 * catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const USERS_FAULTS = {
  'user-avatar-version-string': {
    clause: 'USER-GET-001',
    description: 'GET /users/{id} gives avatar_version as a string.',
    alsoBreaks: ['RESP-USER-GET-001'],
  },
  'user-date-joined-not-iso': {
    clause: 'RESP-USER-GET-001',
    description: 'GET /users/{id} gives date_joined as an HTTP date ("Mon, 16 Jun 2025 12:00:00 GMT"), not ISO 8601.',
    alsoBreaks: ['USER-GET-001'],
  },
  'user-owner-not-admin': { clause: 'USER-GET-002', description: 'Owners are reported with is_admin false.' },
  'user-bot-type-null': { clause: 'USER-GET-011', description: 'Bots are reported with bot_type null.' },
  'user-human-bot-type-absent': {
    clause: 'USER-GET-012',
    description: "Humans' user objects carry no bot_type (as Zulip does).",
    alsoBreaks: ['RESP-USER-GET-001'],
  },
  'user-bot-delivery-email-hidden': {
    clause: 'USER-GET-004',
    description: "Bots' delivery_email is null for callers who are not administrators.",
  },
  'user-real-email-in-fake-field': {
    clause: 'USER-GET-005',
    description: 'A caller who may not see the real email gets delivery_email null but the real address as email.',
  },
  'user-public-delivery-email-null': {
    clause: 'USER-GET-005',
    description:
      "A human's real email that the caller may see reads as hidden (delivery_email null), with the real address as email.",
  },
  'user-hidden-delivery-email-fake': {
    clause: 'USER-GET-006',
    description: 'A caller who may not see the real email gets the fake API address in delivery_email instead of null.',
  },
  'user-avatar-null-when-email-hidden': {
    clause: 'USER-GET-007',
    description:
      'avatar_url is null for every gravatar user when client_gravatar is true, even when the caller cannot see the email.',
  },
  'user-profile-data-for-bots': {
    clause: 'USER-GET-008',
    description: 'Bots get profile_data when custom profile fields are requested.',
  },
  'user-profile-data-keyed-by-name': {
    clause: 'USER-GET-009',
    description: 'profile_data is keyed by "field-<id>" instead of the field ID.',
    alsoBreaks: ['RESP-USER-GET-001'],
  },
  'user-unknown-id-returns-caller': {
    clause: 'USER-GET-010',
    description: 'GET /users/{id} of an unknown id returns the caller.',
  },
} as const satisfies FaultCatalogue;
