/**
 * Faults of `POST /typing` (TYPING-*, TOPIC-RULE-004), beside typing.ts. Each breaks one clause; its switch sits in the
 * code it breaks (search for its id). reference/faults.ts assembles every area's faults into the one catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const TYPING_FAULTS = {
  'typing-topic-not-normalized': {
    clause: 'TOPIC-RULE-004',
    description: 'Channel typing events carry the topic as given, not the empty topic it stands for.',
  },
  'typing-missing-op-accepted': { clause: 'TYPING-001', description: 'POST /typing without op means start.' },
  'typing-type-required': { clause: 'TYPING-002', description: 'POST /typing without type is refused.' },
  'typing-stream-id-optional': {
    clause: 'TYPING-003',
    description: 'Channel typing without stream_id succeeds and does nothing.',
  },
  'typing-private-accepted': { clause: 'TYPING-004', description: 'POST /typing accepts type "private".' },
  'typing-stop-never-sent': {
    clause: 'TYPING-005',
    description: 'POST /typing with op stop succeeds but sends no event.',
  },
  'typing-channel-no-event': {
    clause: 'TYPING-006',
    description: 'Channel typing notifications succeed but send no event.',
    alsoBreaks: ['TOPIC-RULE-004', 'TYPING-007'],
  },
  'typing-channel-alias-refused': {
    clause: 'TYPING-007',
    description: 'POST /typing refuses type "channel", the alias of "stream".',
  },
} as const satisfies FaultCatalogue;
