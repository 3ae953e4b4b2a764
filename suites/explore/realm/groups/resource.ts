/**
 * The run's user groups as a resource of the realm's model: its steps and the frame that lists the realm's groups
 * with the deactivated ones after each step (GET /user_groups, a set-up operation): every group of the sequence
 * listed, deactivated exactly when the model says. Groups naming others in a setting are created after them, so
 * the end's newest-first deactivation meets each user before the group it names.
 */
import type { CheckContext } from '../../../../helpers/checks/context.ts';
import { fail } from '../../../../helpers/checks/matchers.ts';
import { setupFailure } from '../../../../helpers/http/setup-failure.ts';
import { deactivateGroup, groupManager } from '../../../user_groups/groups.ts';
import { ONEROUS, type Resource } from '../resource.ts';
import { CreateGroup } from './create.ts';
import { DeactivateGroup } from './deactivate.ts';
import { type GroupsModel, type GroupsReal, live } from './model.ts';
import { NestGroup } from './nest.ts';

export function groupsResource(ctx: CheckContext): Resource<GroupsModel, GroupsReal> {
  return {
    name: 'user groups',
    steps: [
      new CreateGroup(),
      new CreateGroup('active'),
      new CreateGroup('deactivated'),
      new NestGroup('nest'),
      new NestGroup('unnest'),
      new DeactivateGroup('free'),
      new DeactivateGroup('nested'),
      new DeactivateGroup('nested-again'),
      new DeactivateGroup('in-setting'),
      new DeactivateGroup('in-setting-unnested'),
      new DeactivateGroup('again'),
    ],
    start: async () => ({
      model: { groups: [], nested: [], unnested: [], named: [] },
      real: { ctx, manager: groupManager(ctx), reader: ctx.someone('person', { besides: ONEROUS }) },
    }),
    frame: judgeGroups,
    // Set-up, never judged: relations first (a subgroup of an active group cannot go), then the groups, newest
    // first; what the server refuses here is left to the check's own clean-up.
    end: async (model, real) => {
      const client = ctx.as(real.manager);
      for (const [parent, child] of model.nested)
        await client.post(`/user_groups/${parent}/subgroups`, { delete: [child] });
      for (const group of live(model).reverse()) await deactivateGroup(ctx, group.id);
    },
  };
}

async function judgeGroups(model: GroupsModel, real: GroupsReal): Promise<void> {
  const res = await real.ctx.as(real.reader).get('/user_groups', { include_deactivated_groups: true });
  // A set-up operation: a listing the target will not give is no verdict on it.
  if (res.body?.result !== 'success' || !Array.isArray(res.body.user_groups))
    throw setupFailure(res, 'the user groups listed');
  const listed: any[] = res.body.user_groups;
  for (const group of model.groups) {
    const found = listed.find((g) => g?.id === group.id);
    if (!found) fail(res, `wanted group ${group.id} listed (with the deactivated ones)`);
    if ((found.deactivated === true) === group.live)
      fail(res, `wanted group ${group.id} ${group.live ? 'active' : 'deactivated'}; listed ${JSON.stringify(found)}`);
  }
}
