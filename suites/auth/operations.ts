/**
 * Every contract operation that needs Basic credentials (all but "8. Fetch an API key"), in the order the
 * authentication checks call them: the contract's, but for those whose set-up takes a turn that other checks wait
 * for until the check ends (their entries' `shares`: mutes as the caller; the realm's edit settings), which come last
 * so the turn is short. Their requests are the valid ones of suites/conventions/probe-setups.ts, built on the run's
 * own objects.
 */
import { OPERATIONS, type Operation } from '../../contract/index.ts';
import { sharedBy } from '../conventions/probe-setups.ts';

const authenticated = OPERATIONS.filter((op) => op.auth !== 'none');
const takesTurns = (op: Operation) => sharedBy([op]).length > 0;

export const AUTHENTICATED_OPERATIONS: readonly Operation[] = [
  ...authenticated.filter((op) => !takesTurns(op)),
  ...authenticated.filter(takesTurns),
];

/** The kinds of shared state the authentication checks' set-ups take turns on (their file declares them). */
export const AUTHENTICATION_SHARES: readonly string[] = sharedBy(authenticated);
