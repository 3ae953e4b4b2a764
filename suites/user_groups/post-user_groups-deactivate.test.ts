// POST /user_groups/{id}/deactivate — contract: "16. Deactivate a user group", the user-group rows of States and
// transitions, Errors. Groups are realm-wide: on an external target these checks need ALLOW_REALM_CHANGES=true.
import { describe } from 'vitest';
import { check } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectError, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import {
  createGroup,
  deactivateGroup,
  groupManager,
  groupUsedAsSubgroup,
  groupUsedInSetting,
  isDeactivated,
  NO_SUCH_GROUP_ID,
} from './groups.ts';

/** Deactivating a group in use: refused with the code, and the group stays active. Returns the error body. */
async function expectInUse(ctx: CheckContext, id: number, how: string): Promise<any> {
  const res = await deactivateGroup(ctx, id);
  const body = expectError(res, 'CANNOT_DEACTIVATE_GROUP_IN_USE', `deactivating a group ${how}`);
  if (await isDeactivated(ctx, id)) fail(res, `wanted the group ${how} to stay active after the refusal`);
  return body;
}

describe('POST /user_groups/{user_group_id}/deactivate', () => {
  check('GROUP-DEACTIVATE-001', async (ctx) => {
    const id = await createGroup(ctx);
    const res = await deactivateGroup(ctx, id);
    expectSuccess(res, 'deactivating a group used nowhere');
    if (!(await isDeactivated(ctx, id))) fail(res, `wanted group ${id} listed with deactivated true`);
  });

  check('GROUP-DEACTIVATE-002', async (ctx) => {
    await expectInUse(ctx, await groupUsedInSetting(ctx), "named in another group's can_mention_group");
  });

  check('GROUP-DEACTIVATE-003', async (ctx) => {
    await expectInUse(ctx, await groupUsedAsSubgroup(ctx), 'that is a subgroup of an active group');
  });

  check('GROUP-DEACTIVATE-004', async (ctx) => {
    const cases = [
      ['used in a setting', await groupUsedInSetting(ctx)],
      ['used as a subgroup', await groupUsedAsSubgroup(ctx)],
    ] as const;
    for (const [how, id] of cases) {
      const res = await deactivateGroup(ctx, id);
      const { objections } = expectError(res, 'CANNOT_DEACTIVATE_GROUP_IN_USE', `deactivating a group ${how}`);
      if (!Array.isArray(objections) || objections.length === 0)
        fail(res, `wanted a non-empty objections list for a group ${how}`);
      for (const o of objections) {
        const settingsOk = Array.isArray(o?.settings) && o.settings.every((s: unknown) => typeof s === 'string');
        if (typeof o?.type !== 'string' || !settingsOk)
          fail(res, `wanted each objection (group ${how}) to have a string type and a list of setting names`);
      }
      ctx.note(`objections for a group ${how}: ${JSON.stringify(objections)}`);
    }
  });

  check('GROUP-DEACTIVATE-005', async (ctx) => {
    const res = await ctx.as(groupManager(ctx)).post(`/user_groups/${NO_SUCH_GROUP_ID}/deactivate`);
    expectError(res, 'BAD_REQUEST', 'deactivating a group that does not exist');
  });

  check('GROUP-DEACTIVATE-006', async (ctx) => {
    const old = await createGroup(ctx);
    expectSuccess(await deactivateGroup(ctx, old), 'deactivating a group (setup)');
    const role = groupManager(ctx);
    const name = ctx.unique('group');
    const res = await ctx.as(role).post('/user_groups/create', {
      name,
      description: 'Created by teamchat-conformance; names a deactivated group, so it should not exist.',
      members: [],
      can_mention_group: old,
    });
    if (res.body?.result === 'success') ctx.track(role, 'group', Number(res.body.group_id), name);
    expectError(res, undefined, 'creating a group whose can_mention_group is a deactivated group');
  });
});
