/**
 * Acting as "some ordinary account" where a clause does not care which one acts: the run's requests are spread
 * across the accounts, so that a per-user rate limit (Zulip's default: 200 requests a minute) is shared out
 * instead of spent by the member alone. A check names the pool of roles for which the behaviour under test is the
 * same; the choice is deterministic (by clause id, or drawn by the property's own seed), so a replay acts alike.
 *
 * Except on a target that shows its budget (X-RateLimit-Remaining): there the pool's account with the most budget
 * left acts. A pool's accounts behave alike for the clause, so only the pace changes: one account running dry
 * while the others have plenty would hold up every check that needs it until its window resets.
 */
import fc from 'fast-check';
import { budgetLeft } from '../http/rate-budget.ts';
import type { Role } from '../roles.ts';
import type { CheckContext } from './context.ts';

/**
 * Members besides the member: no policy exempts them (administrators and moderators are exempt from move limits
 * and may be allowed more), so the topic rule, edit rules and time limits judge them as they judge the member.
 */
export const PEER_MEMBERS = ['member2'] as const satisfies readonly Role[];

/**
 * Human accounts that are not guests, the member excepted: any of them may post to and read a public channel,
 * keep drafts, render Markdown, hold event queues. Use only where no role-dependent policy is under test.
 * Guests are left out (they see only channels they are subscribed to), and so is the bot (bots are not people).
 */
export const PEOPLE = ['member2', 'moderator', 'admin', 'owner'] as const satisfies readonly Role[];

/**
 * Every account but the member, guest and bot included: for what every authenticated caller may do alike and
 * that touches no channel (rendering Markdown, deleting a queue that does not exist).
 */
export const ANYONE = [...PEOPLE, 'guest', 'bot'] as const satisfies readonly Role[];

/**
 * For set-up work only (sending the messages a check then moves, deletes or matches, and reading them back): the
 * accounts whose own clauses are few, so that they have budget to spare. Any account subscribed to a public channel
 * may post there and read it.
 */
export const HELPERS = ['owner', 'guest', 'bot'] as const satisfies readonly Role[];

/** The roles of the pool the run can act through (configured, key accepted); the member when none is. */
export function actorsOf(ctx: CheckContext, pool: readonly Role[]): Role[] {
  const usable = pool.filter((role) => {
    const account = ctx.world.accounts[role];
    return account !== undefined && !account.refused;
  });
  // The member is every check's default account: without it the check is disabled, as before, naming it.
  return usable.length > 0 ? usable : ['member'];
}

/** One account of the pool for the whole check, fixed by the clause id (not the seed: the spread stays put). */
export function actorFor(ctx: CheckContext, pool: readonly Role[]): Role {
  const actors = actorsOf(ctx, pool);
  return withBudget(ctx, actors[hash(ctx.clause.id) % actors.length]!, actors);
}

/**
 * For properties: an account of the pool drawn with each case, so that one long property spreads over the whole
 * pool. Drawn by fast-check, it replays with the seed and path, and shrinks towards the pool's first role.
 */
export function anyActor(ctx: CheckContext, pool: readonly Role[]): fc.Arbitrary<Role> {
  const actors = actorsOf(ctx, pool);
  return fc.constantFrom(...actors).map((role) => withBudget(ctx, role, actors));
}

/**
 * `chosen`, unless the target shows the pool's budgets and another account of the pool has more left: then that
 * one (the first of the richest, in pool order).
 */
export function withBudget(ctx: CheckContext, chosen: Role, actors: readonly Role[]): Role {
  // An unconfigured role has no budget to compare: the check then asks for it, and is disabled naming its variable.
  const left = (role: Role) => {
    const account = ctx.world.accounts[role];
    return account ? budgetLeft(account.email) : undefined;
  };
  let best = chosen;
  let most = left(chosen);
  if (most === undefined) return chosen;
  for (const role of actors) {
    const n = left(role);
    if (n !== undefined && n > most) [best, most] = [role, n];
  }
  return best;
}

/** FNV-1a: a stable small hash of a clause id. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
