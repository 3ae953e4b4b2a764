/**
 * Faults of bad input (BAD-*). One crash per operation that can be given a wrong parameter, derived from the
 * contract model's operations (contract/: their id prefix and `takesBadInput`, as the BAD-* clauses are): the
 * operation answers a parameter that is missing or cannot be read (not an integer, not JSON, outside its set) with
 * HTTP 500 and a plain-text page, as a server whose validation error escapes its error handling does. A new
 * operation gets its crash here without a line of its own. The switch sits beside the adapter (bad-input.ts), and
 * finds the fault by its operation. Create drafts' other fault, a partial write, is in routes/drafts.ts.
 * reference/faults.ts assembles every area's faults.
 */
import { keyOf, OPERATIONS, type Operation, takesBadInput } from '../../contract/index.ts';
import type { FaultCatalogue, FaultInfo } from '../faults.ts';

/**
 * The operation's own checks that send it a missing or unreadable parameter too, and so break with its crash (by the
 * operation's clause prefix). The kill matrix's specificity count names a clause missing here.
 */
const ALSO_BREAKS: Readonly<Record<string, readonly string[]>> = {
  'MSG-SEND': ['MSG-SEND-011', 'MSG-SEND-017', 'MSG-SEND-018'],
  'MSG-SCHEDULE': ['MSG-SCHEDULE-006'],
  EDIT: ['EDIT-CONTENT-002'],
  TYPING: ['TYPING-001', 'TYPING-004'],
  'MSG-NARROW': ['MSG-NARROW-005'],
  'PROFILE-FIELD': ['PROFILE-FIELD-003', 'PROFILE-FIELD-008'],
  FETCHKEY: ['FETCHKEY-005'],
  'TOPIC-READ': ['TOPIC-READ-002'],
  'PUSH-ADD': ['PUSH-ADD-004'],
  'QUEUE-DELETE': ['QUEUE-DELETE-004'],
  'MSG-RENDER': ['MSG-RENDER-004'],
};

/** The id of an operation's crash: `bad-input-<its clause prefix>-crashes`. */
export const crashOf = (op: Pick<Operation, 'clauses'>): `bad-input-${string}-crashes` =>
  `bad-input-${op.clauses.toLowerCase()}-crashes`;

/** The crash of one operation: BAD-<prefix>-001, and RESP-<prefix>-001, which the plain-text 500 breaks too. */
const crash = (op: Operation): FaultInfo & { readonly operation: string } => ({
  clause: `BAD-${op.clauses}-001`,
  description: `${keyOf(op)} answers a missing or unreadable parameter with HTTP 500 and a plain-text body.`,
  alsoBreaks: [`RESP-${op.clauses}-001`, ...(ALSO_BREAKS[op.clauses] ?? [])],
  operation: keyOf(op),
});

const CRASHING = OPERATIONS.filter(takesBadInput);
const strays = Object.keys(ALSO_BREAKS).filter((prefix) => !CRASHING.some((op) => op.clauses === prefix));
if (strays.length)
  throw new Error(`bad-input.faults.ts: no operation with a crash has the prefix ${strays.join(', ')}`);

/** Every operation's crash, in the contract's order. */
export const CRASH_FAULTS: Readonly<Record<`bad-input-${string}-crashes`, FaultInfo & { readonly operation: string }>> =
  Object.fromEntries(CRASHING.map((op) => [crashOf(op), crash(op)]));

export const BAD_INPUT_FAULTS = {
  ...CRASH_FAULTS,
  'bad-input-drafts-partial-write': {
    clause: 'BAD-DRAFTS-CREATE-001',
    description:
      'POST /drafts stores each draft as it reads it: a list refused for a bad draft keeps the drafts before it.',
  },
} as const satisfies FaultCatalogue;
