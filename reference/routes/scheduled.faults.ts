/**
 * Faults of `POST /scheduled_messages` (MSG-SCHEDULE-*, TOPIC-RULE-003), beside scheduled.ts. Each breaks one clause;
 * its switch sits in the code it breaks (search for its id). reference/faults.ts assembles every area's faults into the
 * one catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const SCHEDULED_FAULTS = {
  'scheduled-sent-immediately': {
    clause: 'MSG-SCHEDULE-001',
    description: 'A scheduled message is sent at once; the message id is returned as scheduled_message_id.',
    alsoBreaks: ['MSG-SCHEDULE-005', 'TOPIC-RULE-003'],
  },
  'scheduled-channel-id-rejected': {
    clause: 'MSG-SCHEDULE-002',
    description: 'A scheduled channel message addressed by channel ID is refused.',
    alsoBreaks: ['MSG-SCHEDULE-003', 'TOPIC-RULE-003'],
  },
  'scheduled-stream-id-missing': {
    clause: 'MSG-SCHEDULE-003',
    description: 'STREAM_DOES_NOT_EXIST for an unknown channel ID carries no `stream_id` field.',
    alsoBreaks: ['RESP-MSG-SCHEDULE-001'],
  },
  'scheduled-invalid-user-accepted': {
    clause: 'MSG-SCHEDULE-004',
    description: 'Unknown user IDs in a direct `to` are dropped when other recipients remain.',
  },
  'scheduled-content-limit-ignored': {
    clause: 'MSG-SCHEDULE-005',
    description: 'Scheduled content over max_message_length is stored whole.',
  },
  'scheduled-topic-rule-ignored': {
    clause: 'TOPIC-RULE-003',
    description: 'Scheduled channel messages keep their topic as given, whatever the topic rule says.',
  },
  'schedule-missing-topic-accepted': {
    clause: 'MSG-SCHEDULE-006',
    description: 'A scheduled channel message without a topic is stored with the empty topic.',
  },
} as const satisfies FaultCatalogue;
