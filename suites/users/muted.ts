/**
 * Muting users (contract: operation 15, the muting rows of States and transitions). The caller's muted users are
 * read from `POST /register` (`muted_users`, a setup operation); every mute the run makes is tracked and undone.
 */
import type { CheckContext } from '../../helpers/checks/context.ts';
import { type Queue, waitForEvents } from '../../helpers/checks/events.ts';
import { directType } from '../../helpers/checks/feature-levels.ts';
import { fail } from '../../helpers/checks/matchers.ts';
import { Disabled, SetupError, Unsupported } from '../../helpers/errors.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import { mustSucceed, setupFailure } from '../../helpers/http/setup-failure.ts';
import { snapshot } from '../../helpers/http/snapshot.ts';
import { ROLES, type Role } from '../../helpers/roles.ts';
import { contentOf, mustSend } from '../messages/messages.ts';

/** A user ID no server hands out (Zulip's ids are 32-bit and count up from 1). */
export const NO_SUCH_USER_ID = 2_000_000_000;

export interface MutedEntry {
  id: unknown;
  timestamp: unknown;
}

/** The caller's `muted_users` as POST /register (a setup operation) gives it. */
async function register(ctx: CheckContext, role: Role): Promise<ApiResponse> {
  const res = await snapshot(ctx.as(role), ['muted_users']);
  if (res.body?.result !== 'success') {
    if (res.status === 404 || res.status === 405) throw new Unsupported('the target does not offer POST /register');
    throw new SetupError(`POST /register failed: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  }
  return res;
}

/** The caller's `muted_users`, as the state a check judges (the muting rows of States and transitions). */
export async function listMuted(ctx: CheckContext, role: Role): Promise<{ res: ApiResponse; muted: MutedEntry[] }> {
  const res = await register(ctx, role);
  if (!Array.isArray(res.body.muted_users)) fail(res, 'wanted muted_users to be a list in the register response');
  return { res, muted: res.body.muted_users };
}

/** The ids of the users the caller has muted, for setup (whom a check may still mute). */
export async function mutedIds(ctx: CheckContext, role: Role): Promise<Set<unknown>> {
  const res = await register(ctx, role);
  const muted: unknown = res.body.muted_users;
  if (!Array.isArray(muted)) throw setupFailure(res, 'muted_users as a list');
  return new Set(muted.map((m) => m?.id));
}

/** POST /users/me/muted_users/{id} as the behaviour under test; a success is undone when the check ends. */
export async function muteUser(ctx: CheckContext, role: Role, userId: number): Promise<ApiResponse> {
  return ctx.creating(role, 'mute', userId, `mute of user ${userId}`, () =>
    ctx.as(role).post(`/users/me/muted_users/${userId}`),
  );
}

/** DELETE /users/me/muted_users/{id}; a success is the cleanup done. */
export async function unmuteUser(ctx: CheckContext, role: Role, userId: number): Promise<ApiResponse> {
  const res = await ctx.as(role).delete(`/users/me/muted_users/${userId}`);
  if (res.body?.result === 'success') ctx.untrack(role, 'mute', userId);
  return res;
}

/** Mutes for setup (the clause judges what the mute does, not the mute itself): SetupError unless it succeeds. */
export async function mustMute(ctx: CheckContext, role: Role, userId: number): Promise<void> {
  mustSucceed(await muteUser(ctx, role, userId), `the ${role} muting user ${userId}`);
}

/** Unmutes for setup (putting the mute list back, or arranging a transition to judge): SetupError unless it succeeds. */
export async function mustUnmute(ctx: CheckContext, role: Role, userId: number): Promise<void> {
  mustSucceed(await unmuteUser(ctx, role, userId), `the ${role} unmuting user ${userId}`);
}

/**
 * Another user the caller has not muted yet (the realm is not fresh: an earlier run or a person may have left a
 * mute): a configured account first, else any other active user of the realm, since muting needs no credentials of
 * the muted user. A human unless `bot`; never a system bot (Zulip's cross-realm bots cannot be muted).
 */
export async function unmutedTarget(ctx: CheckContext, caller: Role, { bot = false } = {}): Promise<number> {
  const muted = await mutedIds(ctx, caller);
  const self = ctx.account(caller).userId;
  const mutable = (id: number) => id !== self && !muted.has(id);
  for (const role of ROLES) {
    const account = ctx.world.accounts[role];
    if (account && !account.refused && account.isBot === bot && mutable(account.userId)) return account.userId;
  }
  const { members } = await ctx.as(caller).mustSetup('GET', '/users');
  const other = (Array.isArray(members) ? members : []).find(
    (u: any) =>
      Number.isInteger(u?.user_id) &&
      mutable(u.user_id) &&
      u.is_active !== false &&
      u.is_bot === bot &&
      u.is_system_bot !== true,
  );
  if (other) return other.user_id;
  throw new SetupError(`the ${caller} has muted every other ${bot ? 'bot' : 'human'} of the realm: nothing to mute`);
}

/** A direct message from `sender` to `recipient` (type `private` below level 174, where `direct` is unknown). */
export function sendDirect(ctx: CheckContext, sender: Role, recipient: Role): Promise<number> {
  const to = [ctx.account(recipient).userId];
  return mustSend(ctx, sender, { type: directType(ctx), to, content: contentOf(ctx, `a message from the ${sender}`) });
}

/**
 * Another human account, configured and not yet muted by the caller (the realm is not fresh: an earlier run or a
 * person may have left a mute), to mute and receive messages from.
 */
export async function humanToMute(ctx: CheckContext, caller: Role): Promise<Role> {
  const humans = (['member', 'member2', 'moderator', 'admin', 'owner'] as const).filter(
    (r) => r !== caller && ctx.world.accounts[r] && !ctx.world.accounts[r]?.refused,
  );
  if (humans.length === 0) throw new Disabled('needs a second human account (MEMBER2_EMAIL …) to send from');
  const muted = await mutedIds(ctx, caller);
  const sender = humans.find((r) => !muted.has(ctx.account(r).userId));
  if (!sender) throw new SetupError(`the ${caller} has muted every other human account already: nothing to mute`);
  return sender;
}

/**
 * A direct message from `sender` to the queue's owner, and the flags of its message event on that queue; undefined
 * when the target's message events carry no flags (then the read state cannot be observed).
 */
export async function arrivalFlags(ctx: CheckContext, queue: Queue, sender: Role): Promise<unknown[] | undefined> {
  const id = await sendDirect(ctx, sender, queue.role);
  const events = await waitForEvents(ctx, queue, (e) => e?.type === 'message' && e.message?.id === id);
  const event = events.find((e) => e?.type === 'message' && e.message?.id === id);
  if (!event) throw new SetupError(`the message event of message ${id} never reached the ${queue.role}'s queue`);
  return Array.isArray(event.flags) ? event.flags : undefined;
}
