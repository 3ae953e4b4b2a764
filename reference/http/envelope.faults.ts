/**
 * Faults of the conventions every response follows: the envelope, its content type, error codes and
 * `ignored_parameters_unsupported` (CONV-*, ERR-*, VERS-*), beside envelope.ts. Each breaks one clause; its switch sits
 * in the code it breaks (search for its id). reference/faults.ts assembles every area's faults into the one catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const ENVELOPE_FAULTS = {
  'envelope-msg-on-success': { clause: 'CONV-001', description: 'Success responses carry msg "OK".' },
  'envelope-error-without-code': {
    clause: 'CONV-002',
    description: 'Error responses carry no code.',
    alsoBreaks: ['ERR-001'],
  },
  'envelope-error-not-json': {
    clause: 'CONV-003',
    description: '4xx error responses are an HTML page instead of the JSON envelope.',
    alsoBreaks: ['CONV-002', 'CONV-004', 'ERR-001'],
  },
  'content-type-text-plain': {
    clause: 'CONV-004',
    description: 'Every response is labelled Content-Type: text/plain (the body is unchanged).',
  },
  'ignored-parameters-not-reported': {
    clause: 'VERS-001',
    description: 'Success responses never carry ignored_parameters_unsupported.',
  },
  'missing-parameter-specific-code': {
    clause: 'ERR-001',
    description: 'A missing parameter gets code REQUEST_VARIABLE_MISSING instead of BAD_REQUEST.',
  },
} as const satisfies FaultCatalogue;
