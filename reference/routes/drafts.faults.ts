/**
 * Faults of the drafts: `GET /drafts`, `POST /drafts` (DRAFTS-*), beside drafts.ts. Each breaks one clause; its switch
 * sits in the code it breaks (search for its id). reference/faults.ts assembles every area's faults into the one
 * catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const DRAFTS_FAULTS = {
  'drafts-oldest-first': { clause: 'DRAFTS-LIST-002', description: 'GET /drafts lists drafts oldest first.' },
  'drafts-missing-field-internal-error': {
    clause: 'DRAFTS-CREATE-009',
    description: 'A draft missing a required field is answered HTTP 500 without a code (as Zulip does).',
    alsoBreaks: ['RESP-DRAFTS-CREATE-001', 'BAD-DRAFTS-CREATE-001'],
  },
  'drafts-second-channel-id-accepted': {
    clause: 'DRAFTS-CREATE-004',
    description: 'A channel draft with two or more channel IDs is accepted (the first one is used).',
    alsoBreaks: ['BAD-DRAFTS-CREATE-001'],
  },
  'drafts-null-byte-topic-accepted': {
    clause: 'DRAFTS-CREATE-005',
    description: 'A draft topic containing a null byte is accepted.',
    alsoBreaks: ['DRAFTS-CREATE-010'],
  },
  'drafts-null-byte-content-accepted': {
    clause: 'DRAFTS-CREATE-006',
    description: 'Draft content containing a null byte is accepted.',
    alsoBreaks: ['DRAFTS-CREATE-010'],
  },
  'drafts-timestamp-not-filled': {
    clause: 'DRAFTS-CREATE-003',
    description: 'A draft created without a timestamp is stored with timestamp 0.',
  },
  'drafts-visible-to-others': {
    clause: 'DRAFTS-LIST-004',
    description: "GET /drafts lists every user's drafts, not only the caller's.",
  },
  'drafts-ids-reversed': {
    clause: 'DRAFTS-CREATE-001',
    description: 'POST /drafts returns the new ids in reverse submission order.',
    alsoBreaks: ['DRAFTS-CREATE-002', 'EXPLORE-008'],
  },
  'drafts-count-off-by-one': { clause: 'DRAFTS-LIST-001', description: 'GET /drafts returns count = length + 1.' },
  'drafts-invalid-type-accepted': {
    clause: 'DRAFTS-CREATE-008',
    description: 'Any draft type string is accepted and stored as given.',
    alsoBreaks: ['BAD-DRAFTS-CREATE-001', 'DRAFTS-CREATE-010'],
  },
  'drafts-missing-content-accepted': {
    clause: 'DRAFTS-CREATE-009',
    description: 'A draft without content is accepted and stored with content "(empty)".',
  },
  'drafts-unaddressed-to-rejected': {
    clause: 'DRAFTS-CREATE-007',
    description: 'An unaddressed draft with a non-empty `to` is rejected instead of ignoring `to`.',
  },
  'drafts-topic-not-stored': {
    clause: 'DRAFTS-CREATE-002',
    description: 'The topic of a channel draft is stored as the empty string.',
    alsoBreaks: ['DRAFTS-CREATE-010', 'EXPLORE-008'],
  },
  'drafts-no-event': { clause: 'DRAFTS-EVENT-001', description: 'Creating drafts sends no drafts event.' },
  'drafts-non-ascii-content-rejected': {
    clause: 'DRAFTS-CREATE-010',
    description: 'Draft content with any character outside ASCII is rejected.',
  },
  'drafts-channel-topic-unchecked': {
    clause: 'DRAFTS-CREATE-010',
    description:
      'A channel draft whose topic is not a string (a number, null, a list) is accepted, with an empty topic.',
    alsoBreaks: ['BAD-DRAFTS-CREATE-001'],
  },
  'drafts-refusal-status-500': {
    clause: 'BAD-DRAFTS-CREATE-001',
    description: 'POST /drafts refuses bad input with HTTP 500, the error envelope and its code intact.',
    alsoBreaks: ['RESP-DRAFTS-CREATE-001'],
  },
  'drafts-timestamp-as-string': {
    clause: 'DRAFTS-LIST-003',
    description: 'GET /drafts returns each timestamp as a string.',
    alsoBreaks: ['RESP-DRAFTS-LIST-001'],
  },
  'sequence-drafts-edit-moves-to-new-id': {
    clause: 'EXPLORE-008',
    description: 'Editing a draft stores it anew under a new id: the id its creation answered no longer names it.',
  },
  'sequence-drafts-edited-undeletable': {
    clause: 'EXPLORE-008',
    description:
      'Deleting a draft that was edited answers success but keeps it (the edit wrote a row the deletion misses).',
  },
  'sequence-drafts-delete-takes-batch': {
    clause: 'EXPLORE-008',
    description: 'Deleting a draft also deletes the other drafts created in the same request.',
  },
} as const satisfies FaultCatalogue;
