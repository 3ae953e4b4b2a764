/**
 * Faults of muting users: `POST`/`DELETE /users/me/muted_users/{id}`, the muted list and read state (MUTE-*), beside
 * mute.ts. Each breaks one clause; its switch sits in the code it breaks (search for its id). reference/faults.ts
 * assembles every area's faults into the one catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const MUTE_FAULTS = {
  'mute-self-allowed': { clause: 'MUTE-001', description: 'Muting oneself succeeds.', alsoBreaks: ['MUTE-006'] },
  'mute-unknown-user-allowed': {
    clause: 'MUTE-002',
    description: 'Muting a user ID that does not exist succeeds.',
    alsoBreaks: ['MUTE-006'],
  },
  'mute-twice-succeeds': {
    clause: 'MUTE-003',
    description: 'Muting an already muted user succeeds.',
    alsoBreaks: ['MUTE-006'],
  },
  'mute-bot-refused': { clause: 'MUTE-004', description: 'Muting a bot is refused.', alsoBreaks: ['MUTE-006'] },
  'mute-list-capped-at-two': {
    clause: 'MUTE-006',
    description: 'POST /register lists only the two most recently muted users.',
  },
  'mute-existing-messages-unread': {
    clause: 'MUTE-008',
    description: 'Muting a user leaves the messages that user had already sent unread for the muter.',
  },
  'mute-marks-everything-read': {
    clause: 'MUTE-008',
    description: 'Muting a user marks every message the muter can read as read, whoever sent it.',
  },
  'mute-messages-arrive-unread': {
    clause: 'MUTE-007',
    description: "A muted sender's new messages arrive unread for the muter.",
  },
  'mute-after-unmute-refused': {
    clause: 'MUTE-006',
    description: 'A user once unmuted cannot be muted again (refused as already muted).',
    alsoBreaks: ['MUTE-008'],
  },
} as const satisfies FaultCatalogue;
