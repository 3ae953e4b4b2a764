/**
 * Named user groups (contract: operation 16, the Group-setting value resource, the user-group rows of States and
 * transitions): group-setting values, who may manage a group, and what keeps a group from being deactivated.
 */
import type { Faults } from '../faults.ts';
import { ApiError, badRequest, invalidParam } from './errors.ts';
import type { GroupSetting, User, UserGroup } from './model.ts';
import { isJsonObject } from './params.ts';
import { groupId, inGroupSetting, SYSTEM_GROUPS } from './realm.ts';
import type { Store } from './store.ts';

/** The group settings of a named group, with Zulip's defaults (`creator` stands for the creating user). */
export const GROUP_SETTING_DEFAULTS: Readonly<Record<string, number | 'creator'>> = {
  can_add_members_group: groupId('role:nobody'),
  can_join_group: groupId('role:nobody'),
  can_leave_group: groupId('role:everyone'),
  can_manage_group: 'creator',
  can_mention_group: groupId('role:everyone'),
  can_remove_members_group: groupId('role:nobody'),
};

const isSystemGroupId = (id: number): boolean => Object.values(SYSTEM_GROUPS).some((g) => g.id === id);

/** A group-setting value read from a request; every group it names must exist and be active. */
export function readGroupSetting(store: Store, name: string, value: unknown, faults: Faults): GroupSetting {
  if (Number.isInteger(value)) {
    checkUsable(store, name, value as number, faults);
    return value as number;
  }
  if (
    isJsonObject(value) &&
    Array.isArray(value.direct_members) &&
    Array.isArray(value.direct_subgroups) &&
    value.direct_members.every(Number.isInteger) &&
    value.direct_subgroups.every(Number.isInteger)
  ) {
    for (const id of value.direct_members as number[]) {
      if (!store.userById(id)) throw invalidParam(name, `Invalid user ID: ${id}`);
    }
    for (const id of value.direct_subgroups as number[]) checkUsable(store, name, id, faults);
    return { direct_members: [...value.direct_members], direct_subgroups: [...value.direct_subgroups] } as GroupSetting;
  }
  throw invalidParam(name, `${name} is not a group-setting value`);
}

/** A group that may be named in a setting or as a subgroup: it exists and is not deactivated. */
export function checkUsable(store: Store, name: string, id: number, faults: Faults): void {
  if (isSystemGroupId(id)) return;
  const group = store.userGroups.get(id);
  if (!group) throw invalidParam(name, `Invalid user group ID: ${id}`);
  // Fault `group-deactivated-usable`.
  if (group.deactivated && !faults.has('group-deactivated-usable')) throw badRequest('User group is deactivated.');
}

/** The named group with this id for a change by `user`, or BAD_REQUEST. */
export function groupForUpdate(store: Store, user: User, id: number, { allowDeactivated = false } = {}): UserGroup {
  const group = store.userGroups.get(id);
  if (!group) {
    if (isSystemGroupId(id)) throw badRequest('Insufficient permission');
    throw badRequest('Invalid user group');
  }
  if (group.deactivated && !allowDeactivated) throw badRequest('User group is deactivated.');
  const manageAll = store.realm.groups.can_manage_all_groups;
  const manage = group.settings.can_manage_group;
  const allowed =
    (manageAll !== undefined && inGroupSetting(user, manageAll)) ||
    (manage !== undefined && inSetting(store, user, manage));
  if (!allowed) throw badRequest('Insufficient permission');
  return group;
}

/** Membership in a group-setting value, named groups (and their subgroups) included. */
export function inSetting(store: Store, user: User, setting: GroupSetting, seen = new Set<number>()): boolean {
  if (typeof setting !== 'number') {
    return (
      setting.direct_members.includes(user.id) || setting.direct_subgroups.some((g) => inSetting(store, user, g, seen))
    );
  }
  const named = store.userGroups.get(setting);
  if (!named) return inGroupSetting(user, setting);
  if (named.deactivated || seen.has(named.id)) return false;
  seen.add(named.id);
  return named.members.includes(user.id) || named.subgroups.some((g) => inSetting(store, user, g, seen));
}

const usesGroup = (setting: GroupSetting | undefined, id: number): boolean =>
  setting === id || (typeof setting === 'object' && setting.direct_subgroups.includes(id));

export interface Objection {
  readonly type: string;
  readonly settings: string[];
  readonly [extra: string]: unknown;
}

/** Why a group cannot be deactivated: uses in realm, channel and group settings, and active supergroups. */
export function objectionsTo(store: Store, id: number, faults: Faults): Objection[] {
  const objections: Objection[] = [];
  const settingsUsing = (settings: Record<string, GroupSetting>) =>
    Object.entries(settings)
      .filter(([, value]) => usesGroup(value, id))
      .map(([name]) => name);
  // Fault `group-in-use-deactivated`: uses in settings are overlooked.
  if (!faults.has('group-in-use-deactivated')) {
    // Fault `group-realm-use-overlooked`: uses in realm settings are overlooked.
    const realm = faults.has('group-realm-use-overlooked') ? [] : settingsUsing(store.realm.groups);
    if (realm.length) objections.push({ type: 'realm', settings: realm });
    for (const channel of store.channels.values()) {
      const settings = channel.isArchived ? [] : settingsUsing(channel.groups);
      if (settings.length) objections.push({ type: 'channel', channel_id: channel.id, settings });
    }
    for (const group of store.userGroups.values()) {
      const settings = group.deactivated || group.id === id ? [] : settingsUsing(group.settings);
      if (settings.length) objections.push({ type: 'user_group', group_id: group.id, settings });
    }
  }
  const supergroups = [...store.userGroups.values()].filter((g) => !g.deactivated && g.subgroups.includes(id));
  // Fault `group-subgroup-deactivated`: membership as a subgroup is overlooked.
  if (supergroups.length && !faults.has('group-subgroup-deactivated')) {
    objections.push({ type: 'subgroup', supergroup_ids: supergroups.map((g) => g.id), settings: [] });
  }
  return objections;
}

export function groupInUse(objections: Objection[], faults: Faults): ApiError {
  // Fault `group-objections-without-settings`: each objection gives its type only.
  // Fault `group-subgroup-objection-without-settings`: the subgroup objection alone gives no settings (Zulip).
  const listed = objections.map(({ settings, ...rest }) =>
    faults.has('group-objections-without-settings') ||
    (rest.type === 'subgroup' && faults.has('group-subgroup-objection-without-settings'))
      ? rest
      : { ...rest, settings },
  );
  return new ApiError(400, 'CANNOT_DEACTIVATE_GROUP_IN_USE', 'Cannot deactivate user group in use.', {
    objections: listed,
  });
}

/** Whether adding `subgroupId` under `groupId` would make a cycle. */
export function wouldCycle(store: Store, groupId: number, subgroupId: number): boolean {
  const stack = [subgroupId];
  const seen = new Set<number>();
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (id === groupId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(store.userGroups.get(id)?.subgroups ?? []));
  }
  return false;
}

export function groupDict(group: UserGroup): Record<string, unknown> {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    members: [...group.members],
    direct_subgroup_ids: [...group.subgroups],
    creator_id: group.creatorId,
    date_created: group.dateCreated,
    is_system_group: false,
    deactivated: group.deactivated,
    ...structuredClone(group.settings),
  };
}

export function systemGroupDicts(store: Store): Record<string, unknown>[] {
  return Object.entries(SYSTEM_GROUPS).map(([name, { id, maxRole }]) => ({
    id,
    name,
    description: `System group ${name}`,
    members: [...store.users.values()].filter((u) => u.role <= maxRole && u.isActive).map((u) => u.id),
    direct_subgroup_ids: [],
    creator_id: null,
    date_created: null,
    is_system_group: true,
    deactivated: false,
  }));
}
