/**
 * Every contract operation that needs Basic credentials (all but "8. Fetch an API key"), in the order the
 * authentication checks call them: the contract's, but for the two whose set-up takes a turn that other checks wait
 * for until the check ends (mutes as the caller; the realm's edit settings), which come last so the turn is short.
 * Their requests are the valid ones of suites/conventions/probe-setups.ts, built on the run's own objects.
 */
import { OPERATIONS, type Operation, operation } from '../../contract/index.ts';

const TAKING_TURNS = [15, 3];

export const AUTHENTICATED_OPERATIONS: readonly Operation[] = [
  ...OPERATIONS.filter((op) => op.auth !== 'none' && !TAKING_TURNS.includes(op.n)),
  ...TAKING_TURNS.map((n) => operation(n)),
];
