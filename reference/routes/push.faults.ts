/**
 * Faults of push devices: the APNs token calls and `POST /mobile_push/test_notification` (PUSH-*), beside push.ts. Each
 * breaks one clause; its switch sits in the code it breaks (search for its id). reference/faults.ts assembles every
 * area's faults into the one catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const PUSH_FAULTS = {
  'push-add-not-stored': {
    clause: 'PUSH-ADD-001',
    description: 'Adding an APNs token answers success but does not keep the token.',
    alsoBreaks: ['EXPLORE-009'],
  },
  'push-empty-token-accepted': {
    clause: 'PUSH-ADD-002',
    description: 'An empty APNs token is accepted.',
    alsoBreaks: ['BAD-PUSH-ADD-001'],
  },
  'push-any-length-accepted': { clause: 'PUSH-ADD-003', description: 'APNs tokens of any length are accepted.' },
  'push-appid-optional': {
    clause: 'PUSH-ADD-004',
    description: 'Adding an APNs token without appid is accepted.',
    alsoBreaks: ['BAD-PUSH-ADD-001'],
  },
  'push-remove-keeps-token': {
    clause: 'PUSH-REMOVE-001',
    description: 'Removing an APNs token answers success but keeps it registered.',
  },
  'push-remove-empty-token-accepted': {
    clause: 'PUSH-REMOVE-003',
    description: 'Removing an empty APNs token succeeds (it removes nothing).',
    alsoBreaks: ['BAD-PUSH-REMOVE-001'],
  },
  'push-remove-unknown-succeeds': {
    clause: 'PUSH-REMOVE-002',
    description: 'Removing a token that was never registered succeeds.',
    alsoBreaks: ['PUSH-REMOVE-001'],
  },
  'push-test-unknown-token-succeeds': {
    clause: 'PUSH-TEST-001',
    description: 'A test notification to an unknown token succeeds.',
  },
  'push-test-registered-token-unknown': {
    clause: 'PUSH-TEST-002',
    description: 'A test notification to a registered token is answered INVALID_PUSH_DEVICE_TOKEN.',
  },
  'answer-push-test-error-msg-null': {
    clause: 'RESP-PUSH-TEST-001',
    description: 'A test notification to an unknown device is refused with msg null (the code stays right).',
  },
  'sequence-push-add-again-toggles': {
    clause: 'EXPLORE-009',
    description: 'Adding a token already registered answers success but unregisters it (an add that toggles).',
  },
  'sequence-push-readd-forgotten': {
    clause: 'EXPLORE-009',
    description: 'A token removed and added again answers success but stays unregistered.',
  },
} as const satisfies FaultCatalogue;
