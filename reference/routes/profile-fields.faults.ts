/**
 * Faults of custom profile fields: `POST /realm/profile_fields` (PROFILE-FIELD-*), beside profile-fields.ts. Each
 * breaks one clause; its switch sits in the code it breaks (search for its id). reference/faults.ts assembles every
 * area's faults into the one catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const PROFILE_FIELDS_FAULTS = {
  'profile-field-not-listed': {
    clause: 'PROFILE-FIELD-001',
    description: 'GET /realm/profile_fields leaves out the newest field.',
    // The sequences read their fields back after every step.
    alsoBreaks: ['EXPLORE-011'],
  },
  'profile-field-member-creates': {
    clause: 'PROFILE-FIELD-002',
    description: 'Members and moderators may create custom profile fields.',
  },
  'profile-field-type-9-accepted': {
    clause: 'PROFILE-FIELD-003',
    description: 'field_type 9 is accepted.',
    alsoBreaks: ['BAD-PROFILE-FIELD-001'],
  },
  'profile-field-dropdown-numeric-order': {
    clause: 'PROFILE-FIELD-004',
    description: 'Dropdown choices with a string order are refused (only numbers pass).',
    alsoBreaks: ['PROFILE-FIELD-008'],
  },
  'profile-field-third-summary-accepted': {
    clause: 'PROFILE-FIELD-005',
    description: 'A third field with display_in_profile_summary is accepted.',
    // The sequences fill the summary, then ask for a third.
    alsoBreaks: ['EXPLORE-011'],
  },
  'profile-field-users-summary-accepted': {
    clause: 'PROFILE-FIELD-006',
    description: 'A Users field with display_in_profile_summary is accepted.',
    alsoBreaks: ['BAD-PROFILE-FIELD-001'],
  },
  'profile-field-matching-on-paragraph': {
    clause: 'PROFILE-FIELD-007',
    description: 'A Paragraph field with use_for_user_matching is accepted.',
  },
  'profile-field-required-refused': {
    clause: 'PROFILE-FIELD-008',
    description: 'A field created with required=true is refused.',
  },
  'profile-field-pronouns-refused': {
    clause: 'PROFILE-FIELD-008',
    description: 'A Pronouns field (field_type 8) is refused: the upper bound is off by one the other way.',
  },
  'sequence-profile-fields-delete-keeps-slot': {
    clause: 'EXPLORE-011',
    description:
      'Deleting a field shown in the profile summary leaves its slot taken: the limit of 2 still counts it, unlisted.',
  },
  'sequence-profile-fields-slot-to-next-field': {
    clause: 'EXPLORE-011',
    description:
      'The summary slot a deleted field frees goes to the next field created, which shows in the summary whatever it asked.',
  },
} as const satisfies FaultCatalogue;
