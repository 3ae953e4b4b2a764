/**
 * The sensitivity catalogue: named, deliberate departures from one contract clause each.
 * The reference server can be started with any set of them; the project's own tests then check that the
 * conformance suite fails, and fails on the clause named here. The code of each fault sits next to the
 * behaviour it breaks (search for its id).
 */

export interface FaultInfo {
  /** The id of the one clause the fault breaks. */
  readonly clause: string;
  /** What the server does wrong when the fault is active. */
  readonly description: string;
}

export const FAULTS = {
  'drafts-oldest-first': { clause: 'DRAFTS-LIST-002', description: 'GET /drafts lists drafts oldest first.' },
  'drafts-second-channel-id-accepted': {
    clause: 'DRAFTS-CREATE-004',
    description: 'A channel draft with two or more channel IDs is accepted (the first one is used).',
  },
  'drafts-null-byte-topic-accepted': {
    clause: 'DRAFTS-CREATE-005',
    description: 'A draft topic containing a null byte is accepted.',
  },
  'drafts-null-byte-content-accepted': {
    clause: 'DRAFTS-CREATE-006',
    description: 'Draft content containing a null byte is accepted.',
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
  },
  'drafts-count-off-by-one': { clause: 'DRAFTS-LIST-001', description: 'GET /drafts returns count = length + 1.' },
  'drafts-invalid-type-accepted': {
    clause: 'DRAFTS-CREATE-008',
    description: 'Any draft type string is accepted and stored as given.',
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
  },
  'drafts-no-event': { clause: 'DRAFTS-EVENT-001', description: 'Creating drafts sends no drafts event.' },
  'drafts-timestamp-as-string': {
    clause: 'DRAFTS-LIST-003',
    description: 'GET /drafts returns each timestamp as a string.',
  },
  'auth-wrong-key-accepted': { clause: 'AUTH-002', description: 'A known email with any API key authenticates.' },
  'auth-missing-credentials-accepted': {
    clause: 'AUTH-001',
    description: 'GET /drafts without an Authorization header acts as the first seeded human user.',
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
  'fetchkey-wrong-password-accepted': {
    clause: 'FETCHKEY-003',
    description: 'POST /fetch_api_key accepts any password of a known user.',
  },
  'fetchkey-requires-basic-auth': {
    clause: 'FETCHKEY-001',
    description: 'POST /fetch_api_key without Basic credentials is refused with 401.',
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
  'queue-delete-twice-succeeds': {
    clause: 'QUEUE-DELETE-002',
    description: 'Deleting an already deleted event queue succeeds (unknown ids still fail).',
  },
  'queue-error-without-queue-id': {
    clause: 'QUEUE-DELETE-003',
    description: 'BAD_EVENT_QUEUE_ID errors carry no queue_id field.',
  },
  'queue-id-echo-trimmed': {
    clause: 'QUEUE-DELETE-003',
    description: 'BAD_EVENT_QUEUE_ID errors echo the queue_id trimmed and lower-cased.',
  },
  'queue-delete-fails': {
    clause: 'QUEUE-DELETE-001',
    description: 'DELETE /events of a valid queue answers BAD_EVENT_QUEUE_ID and keeps the queue.',
  },
  'queue-delete-missing-param-succeeds': {
    clause: 'QUEUE-DELETE-004',
    description: 'DELETE /events without queue_id succeeds.',
  },
  'envelope-msg-on-success': { clause: 'CONV-001', description: 'Success responses carry msg "OK".' },
  'envelope-error-without-code': { clause: 'CONV-002', description: 'Error responses carry no code.' },
  'envelope-error-not-json': {
    clause: 'CONV-003',
    description: '4xx error responses are an HTML page instead of the JSON envelope.',
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
} as const satisfies Readonly<Record<string, FaultInfo>>;

export type FaultId = keyof typeof FAULTS;

export const FAULT_IDS: readonly FaultId[] = Object.keys(FAULTS) as FaultId[];

export function isFaultId(name: string): name is FaultId {
  return Object.hasOwn(FAULTS, name);
}

/** The set of faults a server instance runs with. The core asks `faults.has(id)` where a fault applies. */
export class Faults {
  static readonly none: Faults = new Faults([]);
  readonly #active: ReadonlySet<FaultId>;

  /** Throws an Error naming the known faults when a name is unknown. */
  constructor(names: readonly string[] = []) {
    const unknown = names.filter((n) => !isFaultId(n));
    if (unknown.length > 0) {
      throw new Error(`Unknown fault(s): ${unknown.join(', ')}. Known faults: ${FAULT_IDS.join(', ')}`);
    }
    this.#active = new Set(names as FaultId[]);
  }

  has(id: FaultId): boolean {
    return this.#active.has(id);
  }

  get active(): readonly FaultId[] {
    return [...this.#active];
  }
}
