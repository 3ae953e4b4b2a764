/**
 * Faults of event queues: `DELETE /events` (QUEUE-DELETE-*), beside register.ts. Each breaks one clause; its switch
 * sits in the code it breaks (search for its id). reference/faults.ts assembles every area's faults into the one
 * catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const REGISTER_FAULTS = {
  'queue-delete-twice-succeeds': {
    clause: 'QUEUE-DELETE-002',
    description: 'Deleting an already deleted event queue succeeds (unknown ids still fail).',
    alsoBreaks: ['EXPLORE-010'],
  },
  'queue-error-without-queue-id': {
    clause: 'QUEUE-DELETE-003',
    description: 'BAD_EVENT_QUEUE_ID errors carry no queue_id field.',
    alsoBreaks: ['QUEUE-DELETE-002', 'RESP-QUEUE-DELETE-001', 'EXPLORE-010'],
  },
  'queue-id-echo-trimmed': {
    clause: 'QUEUE-DELETE-003',
    description: 'BAD_EVENT_QUEUE_ID errors echo the queue_id trimmed and lower-cased.',
    alsoBreaks: ['QUEUE-DELETE-002', 'RESP-QUEUE-DELETE-001', 'EXPLORE-010'],
  },
  'queue-delete-fails': {
    clause: 'QUEUE-DELETE-001',
    description: 'DELETE /events of a valid queue answers BAD_EVENT_QUEUE_ID and keeps the queue.',
    alsoBreaks: ['EXPLORE-010'],
  },
  'queue-delete-missing-param-succeeds': {
    clause: 'QUEUE-DELETE-004',
    description: 'DELETE /events without queue_id succeeds.',
    alsoBreaks: ['BAD-QUEUE-DELETE-001'],
  },
  'sequence-queue-delete-newest': {
    clause: 'EXPLORE-010',
    description:
      "Deleting an event queue deletes the user's newest queue, whichever queue_id names (alike with one queue).",
  },
  'sequence-queue-id-reused': {
    clause: 'EXPLORE-010',
    description:
      "A new event queue takes the id of the user's queue deleted last, which then names a live queue again.",
  },
} as const satisfies FaultCatalogue;
