/**
 * Helpers of the edit suites (contract: 3. Edit a message): the edit itself, the realm settings it depends on
 * (changed through PATCH /realm and put back to the values the run found at its start, even after a failure), and
 * waiting until messages are too old to move, whatever grace the target adds to its limits.
 */

import { actorsOf, administratorOf, lightestOf } from '../../helpers/checks/actors.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import { Interrupted, timedSteps, uninterrupted } from '../../helpers/checks/timed.ts';
import { takeTurns } from '../../helpers/checks/turns.ts';
import { Unsupported } from '../../helpers/errors.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Params } from '../../helpers/http/encoding.ts';
import { mustBeOffered } from '../../helpers/http/setup-failure.ts';
import { snapshot } from '../../helpers/http/snapshot.ts';
import { pollingWait } from '../../helpers/progress.ts';
import type { Role } from '../../helpers/roles.ts';
import { contentOf, mustSend, type OwnChannel, readMessage } from './messages.ts';

export const RESOLVED_PREFIX = '✔ ';

/** Moves ask for no notification messages, so that a topic holds only the check's own messages. */
export const QUIET = { send_notification_to_old_thread: false, send_notification_to_new_thread: false } as const;

/** PATCH /messages/{id} as the behaviour under test. */
export function edit(ctx: CheckContext, role: Role, id: number, params: Params): Promise<ApiResponse> {
  return ctx.as(role).patch(`/messages/${id}`, params);
}

/**
 * Who no move limit holds (contract: administrators and moderators are exempt) and every check's movers group keeps
 * (EDIT-TOPIC-005's names them): they move where another check shrinks the limits meanwhile (EDIT-LIMIT-001).
 */
const EXEMPT_MOVERS = ['moderator', 'admin', 'owner'] as const satisfies readonly Role[];

/** The exempt movers the run has (the accounts exemptMover draws from). */
export const exemptMovers = (ctx: CheckContext): Role[] => actorsOf(ctx, EXEMPT_MOVERS, 'moderator');

/** The exempt mover with most budget left now (lightestOf; the moderator first among equals). */
export function exemptMover(ctx: CheckContext): Role {
  return lightestOf(ctx, actorsOf(ctx, EXEMPT_MOVERS, 'moderator'), 0);
}

/** Channel messages of the sender (the member unless told) in one topic, oldest first. */
export async function sendMany(
  ctx: CheckContext,
  channel: { id: number },
  topic: string,
  n: number,
  sender: Role = 'member',
) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(await mustSend(ctx, sender, { type: 'stream', to: channel.id, topic, content: contentOf(ctx, `m${i}`) }));
  }
  return ids;
}

/** Where each message is now: `channel id / topic`, as the reader (the member unless told) sees it. */
export async function placesOf(
  ctx: CheckContext,
  ids: number[],
  reader: Role = 'member',
): Promise<Map<number, string>> {
  const places = new Map<number, string>();
  for (const id of ids) {
    const m = await readMessage(ctx, reader, id);
    places.set(id, `${m.stream_id} / ${JSON.stringify(m.topic)}`);
  }
  return places;
}

type RealmValue = number | boolean | null | Record<string, unknown>;

/** The PATCH /realm parameter that sets a setting to a value read from POST /register. */
function realmParam(name: string, value: unknown): unknown {
  if (name.endsWith('_group')) return { new: value };
  if (name.endsWith('_limit_seconds')) return value === null ? JSON.stringify('unlimited') : value;
  return value;
}

/** A group-setting value of these accounts as direct members (portable: no group id of the target's own). */
export function movers(ctx: CheckContext, roles: readonly Role[]): RealmValue {
  return { direct_members: roles.map((r) => ctx.account(r).userId), direct_subgroups: [] };
}

const baselines = new WeakMap<CheckContext, Promise<Record<string, unknown>>>();

/**
 * The realm settings a check puts back when it ends. On the embedded server, the values the run found at its start
 * (`world.realm.raw`). On an external one, which other runs share, the values read when the check first changes one,
 * while the run holds its lease on shared state (sharesState): a baseline read at the run's start could be
 * another run's temporary value, and restoring it would leave the realm changed. No other check of the run changes
 * those settings meanwhile: it would wait for this check's turn on them (setRealm).
 */
async function baselineOf(ctx: CheckContext, names: readonly string[]): Promise<Record<string, unknown>> {
  if (ctx.world.target.embedded) return ctx.world.realm.raw;
  let baseline = baselines.get(ctx);
  if (!baseline) {
    // POST /register gives the realm's settings to every user: read by whoever has most budget, not by the
    // administrators, whose own work (every change and restore of a setting, every channel archived) a per-user
    // limit bears on most.
    baseline = realmSeenBy(ctx, ctx.someone('anyone'));
    baselines.set(ctx, baseline);
  }
  const seen = await baseline;
  if (names.every((name) => `realm_${name}` in seen)) return seen;
  // A setting hidden from the reader (a target may show some to administrators alone): an administrator's view adds
  // what was missing, the values read first kept (the check may have changed them since).
  const wider = realmSeenBy(ctx, administratorOf(ctx)).then((admin) => ({ ...admin, ...seen }));
  baselines.set(ctx, wider);
  return wider;
}

/** The realm's settings as POST /register shows them to the role's account. */
const realmSeenBy = (ctx: CheckContext, role: Role) =>
  snapshot(ctx.as(role), ['realm']).then((res) => mustBeOffered(res) as Record<string, unknown>);

/**
 * Takes the check's turns on realm settings (takeTurns), in name order, so that two checks asking for the same
 * settings never each hold one the other waits for; those it holds already it takes again at once, and every turn
 * ends with the check. A check that may change only some of the settings it must keep steady takes them all first.
 */
export async function holdTurns(ctx: CheckContext, names: readonly string[]): Promise<void> {
  await takeTurns(
    ctx,
    [...new Set(names)].sort().map((name) => `realm setting ${name}`),
  );
}

/**
 * Changes realm settings for the check (administrator, PATCH /realm) after recording how to put back the values
 * it found (baselineOf). The check holds a turn on each setting (takeTurn) until it has put them back, so that
 * checks of other files that change the same setting (EDIT-RESOLVE-003 and GROUP-DEACTIVATE-007 both change
 * can_resolve_topics_group) never overlap. Needs ALLOW_REALM_CHANGES on an external target.
 */
export async function setRealm(ctx: CheckContext, settings: Record<string, RealmValue>): Promise<void> {
  ctx.requireRealmChanges('this check');
  await holdTurns(ctx, Object.keys(settings));

  const baseline = await baselineOf(ctx, Object.keys(settings));
  const missing = Object.keys(settings).find((name) => !(`realm_${name}` in baseline));
  if (missing !== undefined) throw new Unsupported(`POST /register reports no realm_${missing}`);
  const params: Record<string, Params[string]> = {};
  for (const [name, value] of Object.entries(settings)) {
    const restore = { [name]: realmParam(name, baseline[`realm_${name}`]) };
    ctx.track('admin', 'realm-setting', JSON.stringify(restore), `realm setting ${name}`);
    params[name] = realmParam(name, value) as Params[string];
  }
  // One request for them all (PATCH /realm takes any number; the run's end puts them back in one too: Cleanups.run),
  // by either administrator: the one with more budget left (the cleanup's stand-in puts it back alike).
  await ctx.as(administratorOf(ctx)).mustSetup('PATCH', '/realm', params);
}

/**
 * A group-setting value that holds whoever `value` holds, and these members and subgroups too (the value found kept
 * as a subgroup, or its members and subgroups kept); undefined for a value of a shape the contract does not give.
 */
export function widenedGroup(
  value: unknown,
  { members = [], subgroups = [] }: { members?: readonly number[]; subgroups?: readonly number[] },
): RealmValue | undefined {
  if (Number.isInteger(value))
    return { direct_members: [...members], direct_subgroups: [value as number, ...subgroups] };
  const v = value as { direct_members?: unknown; direct_subgroups?: unknown } | null;
  if (!Array.isArray(v?.direct_members) || !Array.isArray(v?.direct_subgroups)) return undefined;
  return {
    direct_members: [...new Set([...v.direct_members, ...members])],
    direct_subgroups: [...v.direct_subgroups, ...subgroups],
  };
}

/**
 * Widens group settings (can_move_messages_between_topics_group, …) to hold these accounts as well as whoever they
 * held (widenedGroup): checks that rely on the realm's own value without taking a turn on it still find everyone
 * they rely on allowed. Unsupported where the target reports no such setting, or a value of a shape the contract
 * does not give.
 */
export async function allowAlso(ctx: CheckContext, names: readonly string[], roles: readonly Role[]): Promise<void> {
  ctx.requireRealmChanges('this check');
  await holdTurns(ctx, names);
  const baseline = await baselineOf(ctx, names);
  const members = roles.map((r) => ctx.account(r).userId);
  const widened: Record<string, RealmValue> = {};
  for (const name of names) {
    const value = widenedGroup(baseline[`realm_${name}`], { members });
    if (value === undefined)
      throw new Unsupported(`POST /register reports realm_${name} as ${JSON.stringify(baseline[`realm_${name}`])}`);
    widened[name] = value;
  }
  await setRealm(ctx, widened);
}

/**
 * The most grace a target may add to a time limit before the check judges the limit ignored (real Zulip adds 20 s;
 * the contract names none): with a limit of a few seconds, about a minute from the send, well inside the 120 s of
 * work a check may take, so that a target that never refuses fails the clause.
 */
const GRACE_BOUND_MS = 57_000;

/**
 * A time limit proved too short for the check's first step to happen inside it (an edit or move right after the
 * send was refused): the target answers slowly, paces requests, or keeps whole-second send times. The check
 * retries with the next, longer limit; only a refusal under the longest counts against the target.
 */
export class LimitTooShort extends Error {}

/**
 * Runs `body` under each limit in turn, shortest first, until one is long enough (see LimitTooShort): a quick
 * target is judged within about a second, a slow one still fairly.
 */
export async function shortestWorkingLimit<T>(
  ctx: CheckContext,
  limits: readonly number[],
  body: (limit: number, longest: boolean) => Promise<T>,
): Promise<T> {
  for (const [i, limit] of limits.entries()) {
    try {
      return await body(limit, i === limits.length - 1);
    } catch (error) {
      if (!(error instanceof LimitTooShort) || i === limits.length - 1) throw error;
      ctx.note(`a ${limit} s limit was too short for this target (${error.message}); retried with ${limits[i + 1]} s`);
    }
  }
  throw new Error('no limit to try');
}

/** The first step under a limit was refused: a LimitTooShort while longer limits remain, else the clause fails. */
function refusedFirstStep(res: ApiResponse, longest: boolean, want: string): never {
  if (!longest) throw new LimitTooShort(`${want} was refused`);
  fail(res, `wanted ${want}`);
}

/**
 * How long to wait before asking again whether a message of `elapsedMs` is too old under a limit of `limitMs`: not
 * at all before the limit has passed (nothing can be refused then); then as long as the limit has been past, half a
 * second at least and 5 s at most: a target without grace refuses within the first second, at the first polls, and
 * through whatever grace it adds (real Zulip: 20 s) the polls thin out. Each poll spends the member's rate budget,
 * three checks poll through the grace at once, and the grace's exact length is only noted: eight polls cover real
 * Zulip's, and the refusal is seen at most 5 s late.
 */
export function nextPollMs(elapsedMs: number, limitMs: number): number {
  if (elapsedMs < limitMs) return limitMs - elapsedMs;
  return Math.min(5000, Math.max(500, elapsedMs - limitMs));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a message of the member's (`send`) and edits its content until the target refuses (the content edit limit
 * of `limit` seconds, plus whatever grace the target adds, has passed; see nextPollMs). Returns the message, the
 * content last accepted, the refusal and the seconds from the send to it. The first edit must succeed (see
 * refusedFirstStep) unless a rate-limit wait came between it and the send: then a new message starts the steps
 * again (helpers/checks/timed.ts). Fails when the content can still be edited past the limit and GRACE_BOUND_MS.
 */
export function editUntilRefused(
  ctx: CheckContext,
  send: () => Promise<number>,
  { limit, longest }: { limit: number; longest: boolean },
): Promise<{ id: number; last: string; refusal: ApiResponse; afterS: number }> {
  return uninterrupted(
    (line) => ctx.note(line),
    'the edits of a message until too old',
    async () => {
      // The send and the first edit must fall inside the limit: room for both first.
      await ctx.budgetFor(['member'], 2);
      const timed = timedSteps(ctx.recorder);
      const id = await send();
      const sent = Date.now(); // the message is at least this old from now on
      const bound = limit * 1000 + GRACE_BOUND_MS;
      const wait = pollingWait('the member', 'its message to pass the edit time limit and any grace', bound);
      let last = '';
      for (let attempt = 0; ; attempt++) {
        const content = contentOf(ctx, `edit ${attempt}`);
        const res = await edit(ctx, 'member', id, { content });
        if (res.body?.result !== 'success') {
          wait.done();
          if (attempt === 0) {
            if (timed.interrupted())
              throw new Interrupted('a rate-limit wait came between the send and the first edit');
            refusedFirstStep(res, longest, 'the member to edit the content of a message just sent');
          }
          return { id, last, refusal: res, afterS: (Date.now() - sent) / 1000 };
        }
        last = content;
        if (Date.now() - sent > bound) {
          fail(
            res,
            `the content could still be edited ${Math.round(bound / 1000)} s after the message was sent, past the limit of ${limit} s and any grace`,
          );
        }
        wait.tick();
        await sleep(nextPollMs(Date.now() - sent, limit * 1000));
      }
    },
  );
}

/** Steps that send messages and then move them as an account move limits bind (see freshMoves). */
export interface FreshMoves {
  /** Judges a move that must succeed: refused after a rate-limit wait, the steps start again with new messages. */
  mustMove(res: ApiResponse, what: string): void;
}

/**
 * Runs `steps` that send messages and move them as an account a move time limit binds (a member): a check of
 * another file (EDIT-LIMIT-001, the topic sequences) may shrink that limit to seconds meanwhile, so the moves hold
 * only while the messages are fresh. The steps' requests (`requests` for each of `roles`) are secured first, and a move refused
 * after a rate-limit wait starts them again (helpers/checks/timed.ts): the wait, not the target, aged the messages.
 */
export function freshMoves(
  ctx: CheckContext,
  { roles, requests }: { roles: readonly Role[]; requests: number },
  steps: (fresh: FreshMoves) => Promise<void>,
): Promise<void> {
  return uninterrupted(
    (line) => ctx.note(line),
    'the sends and the moves of fresh messages',
    async () => {
      await ctx.budgetFor(roles, requests);
      const timed = timedSteps(ctx.recorder);
      await steps({
        mustMove(res, what) {
          if (res.body?.result !== 'success' && timed.interrupted())
            throw new Interrupted(`a rate-limit wait came before ${what}`);
          expectSuccess(res, what);
        },
      });
    },
  );
}

/** A message of a time-limit probe, and when its send was asked (this machine's clock, ms). */
export interface SentProbe {
  id: number;
  sentAt: number;
}

/** Sends a message to move in a time-limit probe (to a topic of its own), as `sender`. */
export async function sendProbe(ctx: CheckContext, channel: OwnChannel, sender: Role): Promise<SentProbe> {
  const sentAt = Date.now();
  const id = await mustSend(ctx, sender, {
    type: 'stream',
    to: channel.id,
    topic: ctx.unique('probe'),
    content: contentOf(ctx, 'probe'),
  });
  return { id, sentAt };
}

/**
 * Moves a message (`move`, given the attempt's number) until the target refuses, polling as nextPollMs says for a
 * message sent at `sentAt` under a limit of `limit` seconds; fails once it can still be moved past the limit and
 * GRACE_BOUND_MS. Returns the refusal and the attempt it came on.
 */
async function moveUntilRefused(
  by: Role,
  { sentAt, limit, move }: { sentAt: number; limit: number; move: (attempt: number) => Promise<ApiResponse> },
): Promise<{ res: ApiResponse; attempt: number }> {
  const bound = limit * 1000 + GRACE_BOUND_MS;
  const wait = pollingWait(`the ${by}`, 'its messages to pass the move time limit and any grace', bound);
  for (let attempt = 0; ; attempt++) {
    const res = await move(attempt);
    if (res.body?.result !== 'success') {
      wait.done();
      return { res, attempt };
    }
    if (Date.now() - sentAt > bound) {
      fail(
        res,
        `a message could still be moved ${Math.round(bound / 1000)} s after it was sent, past the limit of ${limit} s and any grace`,
      );
    }
    wait.tick();
    await sleep(nextPollMs(Date.now() - sentAt, limit * 1000));
  }
}

/**
 * Waits until the messages sent before `probe` are too old for `by` to move within a channel under a limit of
 * `limit` seconds, whatever grace the target adds: the probe is moved (to a fresh topic each time) until the target
 * refuses, and the refusal is shown to be the limit's by a control, the same move of a message just sent, which must
 * succeed. A probe that aged while another check held the turn on the limit (EDIT-LIMIT-001's wait, the sequences')
 * is refused at once: the checks that share the setting wait once, not each in turn. Returns the seconds from the
 * probe's send to the refusal. Fails when the probe can still be moved past the limit and any grace, or the control
 * is refused (a rate-limit wait between the control's send and its move starts the control again).
 */
export async function untilOldRefused(
  ctx: CheckContext,
  channel: OwnChannel,
  { probe, limit, by = 'member' }: { probe: SentProbe; limit: number; by?: Role },
): Promise<number> {
  const move = (id: number) => edit(ctx, by, id, { topic: ctx.unique('probe'), ...QUIET });
  await moveUntilRefused(by, { sentAt: probe.sentAt, limit, move: () => move(probe.id) });
  const age = Date.now() - probe.sentAt;
  await freshMoves(ctx, { roles: [by], requests: 2 }, async ({ mustMove }) => {
    const control = await sendProbe(ctx, channel, by);
    mustMove(await move(control.id), `the ${by}'s move of a message just sent (the control of the time-limit probe)`);
  });
  return age / 1000;
}

/**
 * Waits until the messages sent before now are too old for the member to move within a channel (or, with
 * `to`, between the two channels) under a limit of `limit` seconds, whatever grace the target adds to it: a
 * probe message sent now is moved until the target refuses (see nextPollMs). Returns the seconds from the probe's
 * send to the refusal. A rate-limit wait between the probe's send and its first move starts the steps again with
 * a new probe (helpers/checks/timed.ts).
 */
export function waitUntilTooOld(
  ctx: CheckContext,
  channel: OwnChannel,
  { limit, to, longest = true }: { limit: number; to?: OwnChannel; longest?: boolean },
): Promise<number> {
  return uninterrupted(
    (line) => ctx.note(line),
    'the time-limit probe',
    async () => {
      // The probe's send and first move must fall inside the limit: room for both first.
      await ctx.budgetFor(['member'], 2);
      const timed = timedSteps(ctx.recorder);
      const { id: probe } = await sendProbe(ctx, channel, 'member');
      const sent = Date.now(); // the probe, and every message sent before it, is at least this old from now on
      // Between the two channels, back and forth; else to a fresh topic each time.
      const params = (attempt: number) =>
        to ? { stream_id: attempt % 2 === 0 ? to.id : channel.id, ...QUIET } : { topic: ctx.unique('probe'), ...QUIET };
      const { res, attempt } = await moveUntilRefused('member', {
        sentAt: sent,
        limit,
        move: (attempt) => edit(ctx, 'member', probe, params(attempt)),
      });
      if (attempt === 0) {
        if (timed.interrupted())
          throw new Interrupted("a rate-limit wait came between the probe's send and its first move");
        refusedFirstStep(res, longest, 'the member to move a message just sent (the time-limit probe)');
      }
      return (Date.now() - sent) / 1000;
    },
  );
}
