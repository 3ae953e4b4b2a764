/**
 * Who acts where a clause does not care which account does. A check names the *kind* of account it needs
 * (`ctx.someone('person')`, `ctx.draw('anyone')`, `ctx.everyone('peer member')`), or a specific role where the clause
 * is about that role (`ctx.admin`); the kinds, which roles they hold and why, are defined here and nowhere else.
 * Suite files carry no tactics of their own about rate budgets.
 *
 * The run's requests are spread across the accounts, so that a per-user rate limit (Zulip's default: 200 requests a
 * minute) is shared out instead of spent by the member alone. Every pick asks the pacing's one query, `lightest`
 * (helpers/http/pacing/load.ts), as the member's casting (casting.ts) and the run's end (recover.ts) do: on a target
 * that shows its budget, the kind's account with the most budget left once its requests beyond the least asked are
 * taken off acts; elsewhere the one the run has asked least of so far, and among equals the one the clause id picks (a
 * property's draw per case, from its seed). A kind's accounts behave alike for the clause, so only the pace
 * changes: one account running dry while the others have plenty would hold up every check that needs it until its
 * window resets. The member's own part is shared with the second member the same way (casting.ts).
 */
import fc from 'fast-check';
import { HarnessError } from '../errors.ts';
import { budgetLeftToHold, holdBudget, lightestAmong, roomFor } from '../http/rate-budget.ts';
import type { Role } from '../roles.ts';
import type { CheckContext } from './context.ts';

/**
 * Members besides the member: no policy exempts them (administrators and moderators are exempt from move limits
 * and may be allowed more), so the topic rule, edit rules and time limits judge them as they judge the member.
 */
export const PEER_MEMBERS = ['member2'] as const satisfies readonly Role[];

/**
 * Both members, the member too: for what a rule judges alike for every member, where the check does not name the
 * member for anything else (the topic rule of a send or a schedule, a content edit of one's own message). Chosen
 * by budget like any kind, so that the member's own clauses, which name it, do not make it the busiest account.
 */
export const MEMBERS = ['member2', 'member'] as const satisfies readonly Role[];

/**
 * Every account no policy exempts, the member too: both members, the guest and the bot. For a rule every sender
 * meets alike in a channel all of them are subscribed to (the topic rule of a send or a schedule), so that the
 * members, whose own clauses are many, share that work with the two accounts whose clauses are few.
 */
export const UNPRIVILEGED = [...MEMBERS, 'guest', 'bot'] as const satisfies readonly Role[];

/**
 * Human accounts that are not guests, the member excepted: any of them may post to and read a public channel,
 * create one and subscribe others, keep drafts, render Markdown, hold event queues. Use only where no role-dependent
 * policy is under test. Guests are left out (they see only channels they are subscribed to, and may create none),
 * and so is the bot (bots are not people).
 */
export const PEOPLE = ['member2', 'moderator', 'admin', 'owner'] as const satisfies readonly Role[];

/**
 * Human accounts but the member, the guest included: for what a user does with its own state alone, touching no
 * channel (drafts, push devices, event queues). The bot is left out: a server may keep such things for humans only.
 */
export const HUMANS = [...PEOPLE, 'guest'] as const satisfies readonly Role[];

/**
 * Every account but the member, guest and bot included: for what every authenticated caller may do alike and
 * that touches no channel it is not subscribed to (rendering Markdown, deleting a queue that does not exist).
 */
export const ANYONE = [...PEOPLE, 'guest', 'bot'] as const satisfies readonly Role[];

/**
 * For set-up work only (sending the messages a check then moves, deletes, marks or matches, and reading them back):
 * the accounts whose own clauses are few, so that they have budget to spare — not the members, whose clauses are
 * many, nor the administrator, who archives every channel the run creates, changes the realm's settings and deletes
 * topics. Any account subscribed to a channel may post there and read it; a check subscribes the one it gets.
 */
export const ASSISTANTS = ['moderator', 'owner', 'guest', 'bot'] as const satisfies readonly Role[];

/**
 * Organization administrators (an owner is one too): for what only administrators may do, where the clause is not
 * about which of them acts (see administratorOf). The owner first: the admin already archives every channel the run
 * creates, changes the realm's settings and deletes topics, and is the busiest account on a target that shows no
 * budget.
 */
export const ADMINISTRATORS = ['owner', 'admin'] as const satisfies readonly Role[];

/** The kinds of account a check may ask for when any of them will do. */
export const KINDS = {
  /** Any authenticated account: see ANYONE. */
  anyone: ANYONE,
  /** Any person: see PEOPLE. */
  person: PEOPLE,
  /** Any human, the guest included: see HUMANS. */
  human: HUMANS,
  /** Any member but the member: see PEER_MEMBERS. */
  'peer member': PEER_MEMBERS,
  /** Someone to do a check's set-up: see ASSISTANTS. */
  assistant: ASSISTANTS,
  /** Either member: see MEMBERS. */
  'either member': MEMBERS,
  /** Any account no policy exempts: see UNPRIVILEGED. */
  unprivileged: UNPRIVILEGED,
} as const satisfies Record<string, readonly Role[]>;

export type Kind = keyof typeof KINDS;

export interface Among {
  /**
   * Roles the clause rules out (the account that moves the messages, the recipient of the drafts, …). Should none of
   * the kind be left, the member acts; unless ruled out too: then the kind's first role is asked for, and the check
   * is disabled naming its variable.
   */
  besides?: readonly Role[];
}

/** The roles of the kind the run can act through, less `besides` (never empty: see Among). */
export function rolesOfKind(ctx: CheckContext, kind: Kind, { besides = [] }: Among = {}): Role[] {
  const pool = KINDS[kind].filter((role) => !besides.includes(role));
  const stand = besides.includes('member') ? (pool[0] ?? KINDS[kind][0]) : 'member';
  return actorsOf(ctx, pool, stand);
}

/** One account of the kind for the whole check (see actorFor). */
export function someoneOf(ctx: CheckContext, kind: Kind, among?: Among): Role {
  return choose(ctx, rolesOfKind(ctx, kind, among));
}

/**
 * One administrator for the whole check: the one with more budget left on a target that shows it, the admin on a
 * tie (the owner carries the checks only an owner may do, the groups' management among them); with none configured
 * the admin, so that the check is disabled naming its variable (never a member standing in: the refusal would then
 * be about permission).
 */
export function administratorOf(ctx: CheckContext): Role {
  const usable = actorsOf(ctx, ADMINISTRATORS, 'admin');
  return withBudget(ctx, usable.includes('admin') ? 'admin' : usable[0]!, usable);
}

/** An account of the kind drawn with each property case (see anyActor). */
export function drawOf(ctx: CheckContext, kind: Kind, among?: Among): fc.Arbitrary<Role> {
  return draw(ctx, rolesOfKind(ctx, kind, among));
}

/**
 * The roles of the pool the run can act through (configured, key accepted); `stand` (the member unless told) when
 * none is: without it the check is disabled, naming it.
 */
export function actorsOf(ctx: CheckContext, pool: readonly Role[], stand: Role = 'member'): Role[] {
  const usable = pool.filter((role) => ctx.usable(role));
  return usable.length > 0 ? usable : [stand];
}

/** One account of the pool for the whole check, fixed by the clause id (not the seed: the spread stays put). */
export function actorFor(ctx: CheckContext, pool: readonly Role[]): Role {
  return choose(ctx, actorsOf(ctx, pool));
}

/**
 * For properties: an account of the pool drawn with each case, so that one long property spreads over the whole
 * pool. Drawn by fast-check, it replays with the seed and path, and shrinks towards the pool's first role.
 */
export function anyActor(ctx: CheckContext, pool: readonly Role[]): fc.Arbitrary<Role> {
  return draw(ctx, actorsOf(ctx, pool));
}

function choose(ctx: CheckContext, actors: readonly Role[]): Role {
  return lightestOf(ctx, actors, hash(ctx.clause.id));
}

/**
 * The account of `actors` the pacing weighs lightest (rate-budget.ts: lightest; among equals the one `turn` picks).
 * For a check that acts again and again through one of several accounts (a sequence's reads): each time the account
 * least spent so far.
 */
export function lightestOf(ctx: CheckContext, actors: readonly Role[], turn: number): Role {
  return withBudget(ctx, actors[turn % actors.length]!, actors);
}

function draw(ctx: CheckContext, actors: readonly Role[]): fc.Arbitrary<Role> {
  return fc.constantFrom(...actors).map((role) => withBudget(ctx, role, actors));
}

/** The account of `actors` the pacing weighs lightest, `chosen` (a draw, the clause id's pick) among equals. */
export function withBudget(ctx: CheckContext, chosen: Role, actors: readonly Role[]): Role {
  // An unconfigured role has no account to weigh: the check then asks for it, and is disabled naming its variable.
  return lightestAmong(chosen, actors, (role) => ctx.configured(role)?.email);
}

/**
 * How long budgetFor waits for an account's budget: at 200 a minute, with other checks' requests taking each slot as
 * it freed, a wait came near two minutes; four minutes is twice that and a window more.
 */
const BUDGET_WAIT_LIMIT_MS = 4 * 60_000;

/**
 * Waits, before steps that must all happen inside a time limit of a few seconds, until each role's rate budget
 * (as the target's X-RateLimit-* headers tell it) holds `requests` more beyond the reserve: a pacing wait in the
 * middle of those steps would make them miss the limit and fail the target for the harness's own pacing. On a
 * sliding log (Zulip) slots free up as the oldest calls leave, which no header announces: the account looks again
 * (GET /users/me, one request) after 1, 2, then every 4 s until enough are free, rather than wait for a whole window.
 * While it waits it holds the calls (holdBudget): the other checks' requests of the account leave the freed slots
 * to it, where they would otherwise take each as it freed and starve it, for most of two windows, while the check
 * held its turn on the realm's settings and other checks waited for that turn. Once there, the steps spend the hold.
 */
export async function budgetFor(ctx: CheckContext, roles: readonly Role[], requests: number): Promise<void> {
  const holding = new Set<string>();
  const renew = (armed: boolean) => {
    for (const email of holding) holdBudget(email, requests, armed);
  };
  const started = Date.now();
  for (const role of new Set(roles)) {
    const { email } = ctx.account(role);
    for (let pause = 1000; ; pause = Math.min(2 * pause, 4000)) {
      const left = budgetLeftToHold(email);
      // Room for the steps, and for the requests of the run's other workers that may spend the account meanwhile.
      if (left === undefined || (Number.isFinite(left) && left >= roomFor(email, requests, ctx.world.options.workers)))
        break;
      if (Date.now() - started > BUDGET_WAIT_LIMIT_MS)
        throw new HarnessError(
          `waited ${((Date.now() - started) / 1000).toFixed(0)} s for ${email} to have ${requests} requests of its rate budget free at once, longer than a check waits for it (${BUDGET_WAIT_LIMIT_MS / 1000} s)`,
        );
      holding.add(email);
      renew(false);
      // Past the last Reset heard of, the budget is unknown (a Reset may name just the next free slot): ask.
      if (left !== Number.POSITIVE_INFINITY) {
        const end = ctx.recorder.beginWait(Date.now(), 'rate-limit'); // not the check's own work time
        await new Promise((resolve) => setTimeout(resolve, pause));
        end();
      }
      await ctx.as(role).get('/users/me');
    }
  }
  renew(true);
}

/** FNV-1a: a stable small hash of a clause id. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
