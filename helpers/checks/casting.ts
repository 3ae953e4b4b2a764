/**
 * Which account plays each role a check names. The member carries most of the suite (every clause about what a
 * member may do), and a per-user rate limit (Zulip's: 200 requests a minute) would make it the whole run's
 * bottleneck while the second member, who may do all the same, sat idle. So for about half the checks the two
 * exchange parts: the check's `member` is the second member's account and its `member2` the member's. A check
 * never knows: both are members with the same rights, distinct as before, and everything it creates is recorded
 * under the account that made it.
 *
 * The member's part goes, where the target shows budgets, to whichever of the two has more left once the requests it
 * has had answered beyond the other's are taken off (as actors.ts weighs them); elsewhere, or alike, to whichever the
 * run has asked less of so far (alike: by the clause id). Without both accounts usable, nobody swaps.
 */

import type { Clause } from '../clauses/types.ts';
import { loadOf } from '../http/rate-budget.ts';
import type { Role } from '../roles.ts';
import type { World } from '../world/types.ts';
import { hash, weighedBudget } from './actors.ts';

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

/**
 * Checks cast to the second member whatever the load: EDIT-CONTENT-007 edits the member's message through the grace
 * of a time limit (real Zulip's 20 s) from the run's start, beside EDIT-LIMIT-001 and -002, which move the member's
 * messages through it as named. The casting weighs the load so far, not those polls to come: with all three on the
 * member, a quick run against a limit of 200 requests a minute had the member answer 209-218 requests in 4 runs of
 * 18 (a 429, then a window's wait) while the second member answered 142-178.
 */
const TO_SECOND_MEMBER = new Set(['EDIT-CONTENT-007']);

export function castingOf(world: World, clause: Pick<Clause, 'id' | 'file'>): (role: Role) => Role {
  const member = world.accounts.member;
  const member2 = world.accounts.member2;
  if (!member || member.refused || !member2 || member2.refused) return SAME;
  const castable =
    EITHER_MEMBER.some((folder) => clause.file.startsWith(folder)) &&
    !AS_NAMED_FILES.includes(clause.file) &&
    !BY_EMAIL.has(clause.id);
  if (!castable) return SAME;
  if (TO_SECOND_MEMBER.has(clause.id)) return SWAPPED;
  const [asked, asked2] = [loadOf(member.email), loadOf(member2.email)];
  const least = Math.min(asked, asked2);
  const [score, score2] = [weighedBudget(member.email, least), weighedBudget(member2.email, least)];
  if (score !== undefined && score2 !== undefined && score !== score2) return score2 > score ? SWAPPED : SAME;
  if (asked !== asked2) return asked2 < asked ? SWAPPED : SAME;
  return hash(clause.id) % 2 === 1 ? SWAPPED : SAME;
}
