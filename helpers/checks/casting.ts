/**
 * Which account plays each role a check names. The member carries most of the suite (every clause about what a
 * member may do), and a per-user rate limit (Zulip's: 200 requests a minute) would make it the whole run's
 * bottleneck while the second member, who may do all the same, sat idle. So for about half the checks the two
 * exchange parts: the check's `member` is the second member's account and its `member2` the member's. A check
 * never knows: both are members with the same rights, distinct as before, and everything it creates is recorded
 * under the account that made it.
 *
 * The member's part goes to whichever of the two the pacing weighs lighter (rate-budget.ts: lightest, the query every
 * pick of an account asks): where the target shows budgets, the one with more left once the requests it has had
 * answered beyond the other's are taken off; elsewhere the one the run has asked less of so far; alike, the second
 * member. Without both accounts usable, nobody swaps.
 */

import type { Clause } from '../clauses/types.ts';
import { lightest } from '../http/rate-budget.ts';
import type { Role } from '../roles.ts';
import type { World } from '../world/types.ts';

const SAME = (role: Role) => role;
const SWAPPED = (role: Role): Role => (role === 'member' ? 'member2' : role === 'member2' ? 'member' : role);

/**
 * The suite folders whose checks may be cast either way: their own objects only, on the run channels (which both
 * members are subscribed to). Not the channel listings, whose shared channel world has the member as its observer
 * and the second member elsewhere, nor the users' checks of run-wide per-user state (mutes, email visibility).
 */
const EITHER_MEMBER = ['suites/messages/'];

/**
 * Files of those folders whose checks keep the parts as named: the moves as a member (EDIT-TOPIC-005 and
 * EDIT-CHANNEL-003 fence the second member out of moving for a while, and every other member's move must come from
 * inside the fence: from the member).
 */
const AS_NAMED_FILES = [
  'suites/messages/patch-messages-topics.test.ts',
  'suites/messages/patch-messages-channels.test.ts',
  'suites/messages/patch-messages-time-limits.test.ts',
];

/**
 * Checks that keep the parts as named because they name a member by its API email: the users' checks hide the
 * member's address for a while (USER-GET-005, in this run or another), which may change it, and these rely on the
 * second member's staying put.
 */
const BY_EMAIL = new Set(['MSG-SEND-005', 'MSG-SEND-008', 'MSG-NARROW-004']);

export function castingOf(world: World, clause: Pick<Clause, 'id' | 'file'>): (role: Role) => Role {
  const member = world.accounts.member;
  const member2 = world.accounts.member2;
  if (!member || member.refused || !member2 || member2.refused) return SAME;
  const castable =
    EITHER_MEMBER.some((folder) => clause.file.startsWith(folder)) &&
    !AS_NAMED_FILES.includes(clause.file) &&
    !BY_EMAIL.has(clause.id);
  if (!castable) return SAME;
  // Among equals the second member: the member's part in the checks that keep it as named is load the casting does
  // not see coming. At the run's start, where every load is alike, EDIT-CONTENT-007 polls through the grace of a time
  // limit (real Zulip's 20 s) beside EDIT-LIMIT-001 and -002, which move the member's messages through it as named:
  // all three on the member could take it past 200 requests a minute in a quick run, a 429 and a window's wait.
  return lightest([member.email, member2.email], 1) === 1 ? SWAPPED : SAME;
}
