/**
 * Calling GET /streams and judging the answer against the listing model, for the run's own channels only.
 */
import { type CheckContext, oncePerRun } from '../../helpers/checks/context.ts';
import { expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import { ROLES, type Role } from '../../helpers/roles.ts';
import { type Caller, type Filters, verdict } from './listing-model.ts';
import type { WorldChannel } from './world.ts';

/** Administrator and owner role values (Zulip: 100 owner, 200 administrator). */
const ADMIN_ROLE_MAX = 200;

/** The roles this configuration has, usable as callers. */
export const callerRoles = (ctx: CheckContext): Role[] =>
  ROLES.filter((r) => ctx.world.accounts[r] !== undefined && !ctx.world.accounts[r]?.refused);

/**
 * Which configured account owns the bot: whoever created it (TARGET.md), not necessarily the configured owner; the
 * target is asked through GET /users/{id}. Null when it says nothing, or the owner is no configured account.
 */
const botOwner = oncePerRun(async (ctx): Promise<Role | null> => {
  const bot = ctx.world.accounts.bot;
  if (!bot) return null;
  const res = await ctx.admin.get(`/users/${bot.userId}`);
  const id = res.body?.user?.bot_owner_id;
  if (!Number.isInteger(id)) return null;
  return ROLES.find((r) => r !== 'bot' && ctx.world.accounts[r]?.userId === id) ?? null;
});

export async function callerOf(ctx: CheckContext, role: Role): Promise<Caller> {
  const account = ctx.account(role);
  const admin = !account.isBot && account.roleValue > 0 && account.roleValue <= ADMIN_ROLE_MAX;
  return { role, admin, botOwner: role === 'bot' ? await botOwner(ctx) : null };
}

export const listStreams = (ctx: CheckContext, role: Role, filters: Filters): Promise<ApiResponse> =>
  ctx.as(role).get('/streams', filters);

/** The ids GET /streams returned (fails on a malformed answer). */
export function listedIds(res: ApiResponse, what: string): Set<number> {
  const { streams } = expectSuccess(res, what);
  if (!Array.isArray(streams)) fail(res, `wanted a streams list for ${what}`);
  return new Set(streams.map((s: any) => s?.stream_id));
}

const describe = (filters: Filters) =>
  Object.keys(filters).length === 0
    ? 'no filters'
    : Object.entries(filters)
        .map(([k, v]) => `${k}=${v}`)
        .join('&');

/** Fails when a channel the model says must (not) appear is missing (listed). */
export function judgeListing(
  res: ApiResponse,
  caller: Caller,
  channels: readonly WorldChannel[],
  filters: Filters,
): void {
  const ids = listedIds(res, `GET /streams as the ${caller.role} with ${describe(filters)}`);
  for (const ch of channels) {
    const want = verdict(caller, ch, filters);
    const listed = ids.has(ch.id);
    if (want === 'yes' && !listed)
      fail(res, `wanted the ${ch.kind} channel ${ch.name} listed for the ${caller.role} with ${describe(filters)}`);
    if (want === 'no' && listed)
      fail(res, `wanted the ${ch.kind} channel ${ch.name} not listed for the ${caller.role} with ${describe(filters)}`);
  }
}
