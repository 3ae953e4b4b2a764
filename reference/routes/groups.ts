/**
 * User groups: POST /user_groups/create, GET /user_groups, PATCH /user_groups/{id} (rename, reactivate with
 * `deactivated=false` as newer Zulip does), POST /user_groups/{id}/subgroups, POST /user_groups/{id}/deactivate.
 */
import type { Context, Fields, Route } from '../core/context.ts';
import { badRequest, invalidParam } from '../core/errors.ts';
import {
  checkUsable,
  GROUP_SETTING_DEFAULTS,
  groupDict,
  groupForUpdate,
  groupInUse,
  objectionsTo,
  readGroupSetting,
  systemGroupDicts,
  wouldCycle,
} from '../core/groups.ts';
import type { GroupSetting } from '../core/model.ts';
import type { Params } from '../core/params.ts';
import { inGroupSetting } from '../core/realm.ts';
import type { Store } from '../core/store.ts';

const NAME_MAX = 100;

function readName(store: Store, name: string, exceptId?: number): string {
  const trimmed = name.trim();
  if (trimmed === '' || [...trimmed].length > NAME_MAX) throw invalidParam('name', 'Invalid user group name');
  if (trimmed.startsWith('role:')) throw invalidParam('name', 'User group name cannot start with "role:"');
  const taken = [...store.userGroups.values()].some(
    (g) => g.id !== exceptId && g.name.toLowerCase() === trimmed.toLowerCase(),
  );
  if (taken) throw badRequest(`User group '${trimmed}' already exists.`);
  return trimmed;
}

function intList(params: Params, name: string): number[] {
  const list = params.optJsonList(name) ?? [];
  if (!list.every(Number.isInteger)) throw invalidParam(name, `${name}[] is not an integer`);
  return list as number[];
}

function createGroup({ params, store, user, faults }: Context): Fields {
  const mayCreate = store.realm.groups.can_create_groups;
  if (mayCreate === undefined || !inGroupSetting(user, mayCreate)) throw badRequest('Insufficient permission');
  const name = readName(store, params.str('name'));
  const description = params.str('description');
  params.jsonList('members'); // required, even when empty
  const members = intList(params, 'members');
  for (const id of members) if (!store.userById(id)) throw invalidParam('members', `Invalid user ID: ${id}`);
  const subgroups = intList(params, 'subgroups');
  for (const id of subgroups) checkUsable(store, 'subgroups', id, faults);
  const settings: Record<string, GroupSetting> = {};
  for (const [setting, fallback] of Object.entries(GROUP_SETTING_DEFAULTS)) {
    const given = params.optJson(setting);
    // Fault `sequence-group-once-nested-nameable`: a group ever added as a subgroup stays a valid setting value.
    if (
      faults.has('sequence-group-once-nested-nameable') &&
      typeof given === 'number' &&
      everNested(store).has(given)
    ) {
      settings[setting] = given;
      continue;
    }
    settings[setting] =
      given !== undefined
        ? readGroupSetting(store, setting, given, faults)
        : fallback === 'creator'
          ? { direct_members: [user.id], direct_subgroups: [] }
          : fallback;
  }
  const id = store.nextId('userGroup');
  store.userGroups.set(id, {
    id,
    name,
    description,
    members: [...new Set(members)],
    subgroups: [...new Set(subgroups)],
    settings,
    deactivated: false,
    creatorId: user.id,
    dateCreated: store.nowSeconds(),
  });
  return { group_id: id };
}

function listGroups({ params, store }: Context): Fields {
  const includeDeactivated = params.bool('include_deactivated_groups', false);
  const named = [...store.userGroups.values()].filter((g) => includeDeactivated || !g.deactivated);
  return { user_groups: [...systemGroupDicts(store), ...named.map(groupDict)] };
}

/** A deactivated group may be renamed or reactivated (`deactivated=false`), as the contract's transition says. */
function updateGroup({ params, path, store, user, faults }: Context): Fields {
  const group = groupForUpdate(store, user, path.user_group_id!, { allowDeactivated: true });
  const deactivated = params.optBool('deactivated');
  if (deactivated === true) throw invalidParam('deactivated', 'Use the deactivate operation to deactivate a group');
  const name = params.optStr('name');
  const description = params.optStr('description');
  for (const setting of Object.keys(GROUP_SETTING_DEFAULTS)) {
    const change = params.optJsonObject(setting);
    if (change !== undefined) group.settings[setting] = readGroupSetting(store, setting, change.new, faults);
  }
  if (name !== undefined) group.name = readName(store, name, group.id);
  if (description !== undefined) group.description = description;
  if (deactivated === false) group.deactivated = false;
  return {};
}

/** Subgroup relations removed, per store ("parent:child"): what the sequence faults of groups remember. */
const removedRelations = new WeakMap<Store, Set<string>>();
function removed(store: Store): Set<string> {
  if (!removedRelations.has(store)) removedRelations.set(store, new Set());
  return removedRelations.get(store)!;
}

/** Groups ever added as a subgroup, per store: what `sequence-group-once-nested-nameable` remembers. */
const nestedEver = new WeakMap<Store, Set<number>>();
function everNested(store: Store): Set<number> {
  if (!nestedEver.has(store)) nestedEver.set(store, new Set());
  return nestedEver.get(store)!;
}

function updateSubgroups({ params, path, store, user, faults }: Context): Fields {
  const group = groupForUpdate(store, user, path.user_group_id!);
  const add = intList(params, 'add');
  const remove = intList(params, 'delete');
  for (const id of add) {
    checkUsable(store, 'add', id, faults);
    if (!store.userGroups.has(id)) throw invalidParam('add', `Invalid user group ID: ${id}`);
    if (group.subgroups.includes(id)) throw badRequest(`User group ${id} is already a subgroup of this group.`);
    if (wouldCycle(store, group.id, id)) throw badRequest(`User group ${id} is already a supergroup of this group.`);
  }
  for (const id of remove) {
    if (!group.subgroups.includes(id)) throw badRequest(`User group ${id} is not a subgroup of this group.`);
  }
  for (const id of remove) removed(store).add(`${group.id}:${id}`);
  for (const id of add) everNested(store).add(id);
  // Fault `sequence-group-renest-forgotten`: a subgroup removed before and added again is not kept.
  const kept = faults.has('sequence-group-renest-forgotten')
    ? add.filter((id) => !removed(store).has(`${group.id}:${id}`))
    : add;
  group.subgroups = [...group.subgroups.filter((id) => !remove.includes(id)), ...new Set(kept)];
  return {};
}

function deactivateGroup({ path, store, user, faults }: Context): Fields {
  const id = path.user_group_id!;
  // Fault `group-unknown-id-succeeds`.
  if (!store.userGroups.has(id) && faults.has('group-unknown-id-succeeds')) return {};
  const group = groupForUpdate(store, user, id);
  let objections = objectionsTo(store, group.id, faults);
  // Fault `sequence-group-unnest-drops-setting-use`: once removed as a subgroup, its uses in groups' settings are lost.
  if (faults.has('sequence-group-unnest-drops-setting-use') && [...removed(store)].some((r) => r.endsWith(`:${id}`)))
    objections = objections.filter((o) => o.type !== 'user_group');
  // Fault `sequence-group-unnested-still-in-use`: an active group it was removed from still objects.
  if (faults.has('sequence-group-unnested-still-in-use') && !objections.length) {
    const former = [...store.userGroups.values()].filter(
      (g) => !g.deactivated && removed(store).has(`${g.id}:${group.id}`),
    );
    if (former.length) objections.push({ type: 'subgroup', supergroup_ids: former.map((g) => g.id), settings: [] });
  }
  if (objections.length) throw groupInUse(objections, faults);
  // Fault `group-deactivate-noop`: success, but the group stays active.
  if (!faults.has('group-deactivate-noop')) group.deactivated = true;
  return {};
}

export const groupRoutes: readonly Route[] = [
  { method: 'POST', path: '/user_groups/create', handler: createGroup },
  { method: 'GET', path: '/user_groups', handler: listGroups },
  { method: 'PATCH', path: '/user_groups/{user_group_id}', handler: updateGroup },
  { method: 'POST', path: '/user_groups/{user_group_id}/subgroups', handler: updateSubgroups },
  { method: 'POST', path: '/user_groups/{user_group_id}/deactivate', handler: deactivateGroup },
];
