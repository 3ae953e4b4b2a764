// POST /user_groups/{id}/deactivate — contract: "16. Deactivate a user group", the user-group rows of States and
// transitions, Errors. Groups are realm-wide: on an external target these checks need ALLOW_REALM_CHANGES=true.
// GROUP-DEACTIVATE-007 names a group in a realm setting the edit checks change too (can_resolve_topics_group): it
// declares the realm's edit settings shared, as they do (the run's lease on shared state), and takes turns with them
// (setRealm).
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectError, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import { Unsupported } from '../../helpers/errors.ts';
import { setRealm, widenedGroup } from '../messages/edit.ts';
import {
  createGroup,
  deactivateGroup,
  groupManager,
  groupUsedAsSubgroup,
  groupUsedInSetting,
  isDeactivated,
  mustDeactivateGroup,
  NO_SUCH_GROUP_ID,
} from './groups.ts';

const { group, check } = checksIn(import.meta.url);

/** Deactivating a group in use: refused with the code, and the group stays active. Returns the error body. */
async function expectInUse(ctx: CheckContext, id: number, how: string): Promise<any> {
  const res = await deactivateGroup(ctx, id);
  const body = expectError(res, 'CANNOT_DEACTIVATE_GROUP_IN_USE', `deactivating a group ${how}`);
  if (await isDeactivated(ctx, id)) fail(res, `wanted the group ${how} to stay active after the refusal`);
  return body;
}

group('POST /user_groups/{user_group_id}/deactivate', () => {
  check(
    'GROUP-DEACTIVATE-001',
    'MUST deactivate a group used nowhere, which is then listed as deactivated',
    { section: 'States and transitions; 16. Deactivate a user group', since: 294, exercisesOperation: true },
    async (ctx) => {
      const id = await createGroup(ctx);
      const res = await deactivateGroup(ctx, id);
      expectSuccess(res, 'deactivating a group used nowhere');
      if (!(await isDeactivated(ctx, id))) fail(res, `wanted group ${id} listed with deactivated true`);
    },
  );

  check(
    'GROUP-DEACTIVATE-002',
    'MUST refuse to deactivate a group used in a group setting with CANNOT_DEACTIVATE_GROUP_IN_USE, leaving it active',
    { section: 'States and transitions; 16. Deactivate a user group', since: 298 },
    async (ctx) => {
      await expectInUse(ctx, await groupUsedInSetting(ctx), "named in another group's can_mention_group");
    },
  );

  check(
    'GROUP-DEACTIVATE-003',
    'MUST refuse to deactivate a subgroup of an active group with CANNOT_DEACTIVATE_GROUP_IN_USE, leaving it active',
    { section: 'States and transitions; 16. Deactivate a user group', since: 298 },
    async (ctx) => {
      await expectInUse(ctx, await groupUsedAsSubgroup(ctx), 'that is a subgroup of an active group');
    },
  );

  check(
    'GROUP-DEACTIVATE-004',
    'MUST give CANNOT_DEACTIVATE_GROUP_IN_USE objections as a list of objects, each with a string type and a list of setting names',
    { section: '16. Deactivate a user group; Errors', since: 298 },
    async (ctx) => {
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
    },
  );

  check(
    'GROUP-DEACTIVATE-005',
    'MUST refuse an unknown user group ID with BAD_REQUEST',
    { section: '16. Deactivate a user group; Errors' },
    async (ctx) => {
      const res = await ctx.as(groupManager(ctx)).post(`/user_groups/${NO_SUCH_GROUP_ID}/deactivate`);
      expectError(res, 'BAD_REQUEST', 'deactivating a group that does not exist');
    },
  );

  check(
    'GROUP-DEACTIVATE-006',
    'MUST refuse a deactivated group as the value of a group setting',
    { section: 'States and transitions' },
    async (ctx) => {
      const old = await createGroup(ctx);
      await mustDeactivateGroup(ctx, old);
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
    },
  );
});

group('POST /user_groups/{user_group_id}/deactivate: a group in a realm setting', () => {
  sharesState('realm-edit-settings');

  check(
    'GROUP-DEACTIVATE-007',
    'MUST refuse to deactivate a group used in a realm setting with CANNOT_DEACTIVATE_GROUP_IN_USE and an objection naming that setting',
    { section: 'States and transitions; 16. Deactivate a user group; Errors', since: 367 },
    async (ctx) => {
      // An empty group of the run's joins can_resolve_topics_group beside the realm's own value, so who may resolve
      // topics stays the same; then the group is in use at realm level and must not be deactivated.
      const group = await createGroup(ctx);
      const value = widenedGroup(ctx.world.realm.raw.realm_can_resolve_topics_group, { subgroups: [group] });
      if (!value) throw new Unsupported('POST /register reports no group-setting value for can_resolve_topics_group');
      await setRealm(ctx, { can_resolve_topics_group: value });
      const res = await deactivateGroup(ctx, group);
      const what = 'deactivating a group named in the realm setting can_resolve_topics_group';
      const { objections } = expectError(res, 'CANNOT_DEACTIVATE_GROUP_IN_USE', what);
      const named = (o: any) => Array.isArray(o?.settings) && o.settings.includes('can_resolve_topics_group');
      if (!Array.isArray(objections) || !objections.some(named))
        fail(res, `wanted an objection naming can_resolve_topics_group; got ${JSON.stringify(objections)}`);
    },
  );
});
