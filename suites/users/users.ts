/**
 * Reading users (contract: operation 6, the User object, Authentication item 5). The email-visibility checks set
 * the member's own `email_address_visibility` (a Zulip user setting: 3 = administrators only) through the setup
 * operations POST /register (`user_settings`) and PATCH /settings, and restore it when the check ends.
 */
import { ADMINISTRATORS, MEMBERS } from '../../helpers/checks/actors.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { alikeCases } from '../../helpers/checks/distinct.ts';
import { fail } from '../../helpers/checks/matchers.ts';
import { Disabled, Unsupported } from '../../helpers/errors.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Params } from '../../helpers/http/encoding.ts';
import { mustBeOffered } from '../../helpers/http/setup-failure.ts';
import { snapshot } from '../../helpers/http/snapshot.ts';
import { ROLES, type Role } from '../../helpers/roles.ts';
import type { WorldAccount } from '../../helpers/world/types.ts';

export const NO_SUCH_USER_ID = 2_000_000_000;
/** Zulip's `email_address_visibility` value "administrators only". */
export const ADMINS_ONLY = 3;

/** The configured accounts the target accepted, with their roles. */
export function accounts(ctx: CheckContext): { role: Role; account: WorldAccount }[] {
  const found = ROLES.flatMap((role) => {
    const account = ctx.world.accounts[role];
    return account && !account.refused ? [{ role, account }] : [];
  });
  // A check over no user would pass without asking anything.
  if (found.length === 0)
    throw new Disabled('needs at least one configured account: set MEMBER_EMAIL with MEMBER_API_KEY');
  return found;
}

/**
 * The accounts to ask as, for a clause over what every caller reads: all of them (accounts) on the full and nightly
 * profiles. On the quick one (a pull request's check, within one window of a per-user rate limit) one of each pair
 * whose roles see users alike, the two administrators and the two members, drawn as alikeCases draws.
 */
export function callers(ctx: CheckContext): { role: Role; account: WorldAccount }[] {
  const all = accounts(ctx);
  const left = new Set(all);
  for (const pair of [ADMINISTRATORS, MEMBERS] as readonly (readonly Role[])[]) {
    const both = all.filter(({ role }) => pair.includes(role));
    if (both.length < 2) continue;
    const kept = new Set(alikeCases(ctx, both, ({ role }) => `the ${role}`));
    for (const caller of both) if (!kept.has(caller)) left.delete(caller);
  }
  return all.filter((caller) => left.has(caller));
}

/** GET /users/{id} as `role`; the user object of a success (failing the check otherwise). */
export async function getUser(
  ctx: CheckContext,
  role: Role,
  userId: number,
  params: Params = {},
): Promise<{ res: ApiResponse; user: any }> {
  const res = await ctx.as(role).get(`/users/${userId}`, params);
  const user = res.body?.user;
  if (res.body?.result !== 'success' || typeof user !== 'object' || user === null)
    fail(res, `wanted the ${role} to get user ${userId} as a user object`);
  return { res, user };
}

/** Makes the member's real email visible to administrators only, for the rest of the check (then restored). */
export async function hideMemberEmail(ctx: CheckContext): Promise<WorldAccount> {
  const member = ctx.account('member');
  const client = ctx.member;
  const registered = mustBeOffered(await snapshot(client, ['user_settings']));
  const original = registered.user_settings?.email_address_visibility;
  if (!Number.isInteger(original))
    throw new Unsupported('the target reports no user_settings.email_address_visibility');
  await client.mustSetup('PATCH', '/settings', { email_address_visibility: ADMINS_ONLY });
  ctx.track('member', 'email-visibility', original, `the member's email visibility (was ${original})`);
  return member;
}

/** Case-insensitive: servers may normalize the case of addresses. */
export const sameEmail = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
