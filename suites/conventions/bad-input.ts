/**
 * The BAD-* clauses: one per operation that takes parameters a request can get wrong (derived from the contract
 * model's operations: their id prefix, and takesBadInput), each checked by sending that operation the bad-input
 * probes helpers/contract generates from the contract's tables (bad-input.test.ts). The rule is the Errors section's
 * over every operation: a request the contract cannot accept gets the error envelope (not a success, not a 5xx, not
 * a body that is no JSON object) and changes nothing.
 */
import type { ClauseSpec } from '../../helpers/clauses/area.ts';
import { keyOf, OPERATIONS, type Operation, takesBadInput } from '../../helpers/contract/index.ts';

const TITLE = (endpoint: string) =>
  `refuse a call of ${endpoint} with a missing, malformed or out-of-range parameter with the error envelope ` +
  '(never a success, a 5xx or a body that is no JSON object), and leave nothing changed';

const clause = (op: Operation) =>
  ({
    id: `BAD-${op.clauses}-001` as const,
    level: 'MUST',
    title: TITLE(keyOf(op)),
    section: `${op.n}. ${op.title}; Errors`,
    endpoint: keyOf(op),
  }) satisfies ClauseSpec;

/** One per operation of the contract model that can be given a wrong parameter, in the contract's order. */
export const BAD_INPUT_CLAUSES = OPERATIONS.filter(takesBadInput).map(clause);
