/**
 * User groups the run creates (setup: POST /user_groups/create, GET /user_groups; TARGET.md). Groups are
 * realm-wide and cannot be deleted: they are named with the run prefix and deactivated when the check ends, and
 * checks only ever deactivate groups the run created.
 */
import type { CheckContext } from '../../helpers/checks/context.ts';
import { fail } from '../../helpers/checks/matchers.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Params } from '../../helpers/http/encoding.ts';
import { mustSucceed } from '../../helpers/http/setup-failure.ts';
import type { Role } from '../../helpers/roles.ts';

/** A group ID no server hands out. */
export const NO_SUCH_GROUP_ID = 2_000_000_000;

/** Who creates and deactivates the run's groups: the owner (who may manage every group by default), else the admin. */
export function groupManager(ctx: CheckContext): Role {
  return ctx.world.accounts.owner ? 'owner' : 'admin';
}

/** Creates a group of the run's own (setup), tracked for deactivation; `params` adds e.g. a group setting. */
export async function createGroup(ctx: CheckContext, params: Params = {}): Promise<number> {
  ctx.requireRealmChanges('creating user groups');
  const role = groupManager(ctx);
  const name = ctx.unique('group');
  const body = await ctx.as(role).mustSetup('POST', '/user_groups/create', {
    name,
    description: 'Created by teamchat-conformance; deactivated when its check ends.',
    members: [],
    ...params,
  });
  const id = Number(body.group_id);
  ctx.track(role, 'group', id, name);
  return id;
}

/** POST /user_groups/{id}/deactivate as the behaviour under test; a success is the cleanup done. */
export async function deactivateGroup(ctx: CheckContext, id: number): Promise<ApiResponse> {
  const role = groupManager(ctx);
  const res = await ctx.as(role).post(`/user_groups/${id}/deactivate`);
  if (res.body?.result === 'success') ctx.untrack(role, 'group', id);
  return res;
}

/** Deactivates a group of the run's for setup (a check of what a deactivated group may not do): SetupError otherwise. */
export async function mustDeactivateGroup(ctx: CheckContext, id: number): Promise<void> {
  mustSucceed(await deactivateGroup(ctx, id), `deactivating group ${id}`);
}

/**
 * Whether the group is listed as deactivated (GET /user_groups with deactivated groups, a setup operation): read by
 * any person with most budget (every user may list the realm's groups), not the group manager, whose own work every
 * group of the run is.
 */
export async function isDeactivated(ctx: CheckContext, id: number): Promise<boolean> {
  const reader = ctx.someone('person');
  const body = await ctx.as(reader).mustSetup('GET', '/user_groups', { include_deactivated_groups: true });
  const group = (Array.isArray(body.user_groups) ? body.user_groups : []).find((g: { id: unknown }) => g?.id === id);
  if (!group) fail(undefined, `wanted group ${id} in GET /user_groups?include_deactivated_groups=true`);
  return group.deactivated === true;
}

/** A group of the run's that another of its groups names in a group setting (`can_mention_group`). */
export async function groupUsedInSetting(ctx: CheckContext): Promise<number> {
  const used = await createGroup(ctx);
  await createGroup(ctx, { can_mention_group: used });
  return used;
}

/** A group of the run's that is a direct subgroup of another active group of the run's. */
export async function groupUsedAsSubgroup(ctx: CheckContext): Promise<number> {
  const sub = await createGroup(ctx);
  const parent = await createGroup(ctx);
  await ctx.as(groupManager(ctx)).mustSetup('POST', `/user_groups/${parent}/subgroups`, { add: [sub] });
  return sub;
}
