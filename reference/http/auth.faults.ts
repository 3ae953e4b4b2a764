/**
 * Faults of Basic authentication of every `/api/v1` call (AUTH-*), beside auth.ts. Each breaks one clause; its switch
 * sits in the code it breaks (search for its id). reference/faults.ts assembles every area's faults into the one
 * catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const HTTP_AUTH_FAULTS = {
  'auth-wrong-key-accepted': { clause: 'AUTH-002', description: 'A known email with any API key authenticates.' },
  'auth-missing-credentials-accepted': {
    clause: 'AUTH-001',
    description: 'GET /drafts without an Authorization header acts as the first seeded human user.',
    alsoBreaks: ['CONV-002'],
  },
  'auth-topic-read-without-credentials': {
    clause: 'AUTH-001',
    description:
      'POST /mark_topic_as_read without an Authorization header acts as the first seeded human user (an operation that ' +
      'skips authentication: seen only by a request that would succeed, on a channel and topic that exist).',
  },
  'auth-unknown-email-accepted': {
    clause: 'AUTH-003',
    description: 'An unknown email with any key authenticates as the first seeded human user.',
  },
  'auth-refused-write-applied': {
    clause: 'AUTH-004',
    description: 'POST /drafts with a known email and a wrong key answers 401 but still creates the drafts.',
  },
  'auth-bot-key-refused': { clause: 'AUTH-005', description: "Bots' API keys are refused." },
} as const satisfies FaultCatalogue;
