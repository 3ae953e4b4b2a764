/**
 * Faults of `POST /fetch_api_key` (FETCHKEY-*), beside auth.ts. Each breaks one clause; its switch sits in the code it
 * breaks (search for its id). reference/faults.ts assembles every area's faults into the one catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const AUTH_FAULTS = {
  'fetchkey-wrong-password-accepted': {
    clause: 'FETCHKEY-003',
    description: 'POST /fetch_api_key accepts any password of a known user.',
  },
  'fetchkey-requires-basic-auth': {
    clause: 'FETCHKEY-001',
    description: 'POST /fetch_api_key without Basic credentials is refused with 401.',
    alsoBreaks: ['FETCHKEY-002', 'FETCHKEY-004'],
  },
  'fetchkey-returns-invalid-key': {
    clause: 'FETCHKEY-002',
    description: "POST /fetch_api_key returns an api_key that is not the user's key.",
  },
  'fetchkey-wrong-user-id': {
    clause: 'FETCHKEY-004',
    description: 'POST /fetch_api_key returns user_id + 1000.',
  },
  'fetchkey-missing-password-accepted': {
    clause: 'FETCHKEY-005',
    description: 'POST /fetch_api_key without a password logs in.',
  },
} as const satisfies FaultCatalogue;
