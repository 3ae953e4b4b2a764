/**
 * The model of the run's own user groups (contract: the user-group rows of States and transitions, operation 16;
 * set-up operations POST /user_groups/create, POST /user_groups/{id}/subgroups, GET /user_groups): which of the
 * sequence's groups are active, which is a direct subgroup of which, and which names which in a group setting
 * (`can_mention_group`, given at creation). A group used as a subgroup of an active group, or in a setting of one,
 * cannot be deactivated (CANNOT_DEACTIVATE_GROUP_IN_USE); one used nowhere can, and is then listed as deactivated;
 * a deactivated group cannot be named in a setting. Whether a group used by deactivated groups only is still "used"
 * the contract does not say: no step deactivates such a group (it is neither free nor in use below). Membership is
 * not modelled: no transition of the contract changes it or depends on it.
 */
import type { CheckContext } from '../../../../helpers/checks/context.ts';
import type { Role } from '../../../../helpers/roles.ts';

export interface GroupRecord {
  readonly id: number;
  live: boolean;
}

export interface GroupsModel {
  /** The sequence's groups, oldest first. */
  readonly groups: GroupRecord[];
  /** Direct subgroup relations among them, [parent, child], the newest last. */
  nested: [number, number][];
  /** Relations removed, the newest last: nesting one of them again is where servers go wrong. */
  readonly unnested: [number, number][];
  /** Uses in a group setting, [user, used]: the user group's can_mention_group names the used one. */
  readonly named: [number, number][];
  /** The child of the relation removed last: the next free group deactivated, if it still is free. */
  freedLast?: number;
}

export interface GroupsReal {
  readonly ctx: CheckContext;
  /** Who creates, nests and deactivates the groups (groupManager). */
  readonly manager: Role;
  /** Who lists them after each step: any person may, and the manager has the steps' requests already. */
  readonly reader: Role;
}

/** Active groups the sequence keeps at most: enough to nest and name, few enough to keep the steps few. */
export const MAX_LIVE = 4;

export const live = (model: Readonly<GroupsModel>) => model.groups.filter((g) => g.live);
const isLive = (model: Readonly<GroupsModel>, id: number) => model.groups.some((g) => g.id === id && g.live);

/**
 * Active groups the steps may still use: all but those used by deactivated groups only (a subgroup of one, or named
 * in its setting), whose deactivation the contract leaves open (retired: left as they are until the end, and not
 * counted against MAX_LIVE).
 */
export const usable = (model: Readonly<GroupsModel>) =>
  live(model).filter((g) => {
    const users = [...model.nested.filter(([, c]) => c === g.id), ...model.named.filter(([, n]) => n === g.id)];
    return users.length === 0 || users.some(([u]) => isLive(model, u));
  });

/** Groups an active group of the sequence has as a direct subgroup: in use, not to be deactivated. */
export const nestedLive = (model: Readonly<GroupsModel>) =>
  live(model).filter((g) => model.nested.some(([p, c]) => c === g.id && isLive(model, p)));

/** Active groups an active group of the sequence names in its setting: in use, not to be deactivated. */
export const namedLive = (model: Readonly<GroupsModel>) =>
  live(model).filter((g) => model.named.some(([u, n]) => n === g.id && isLive(model, u)));

/** Active groups no group has as a subgroup or names in a setting (not even a deactivated one): free to deactivate. */
export const free = (model: Readonly<GroupsModel>) =>
  live(model).filter((g) => !model.nested.some(([, c]) => c === g.id) && !model.named.some(([, n]) => n === g.id));

/** Pairs that may be nested now: both active, the child newer (so that no nesting makes a cycle), not nested yet. */
export function nestable(model: Readonly<GroupsModel>): [number, number][] {
  const active = usable(model);
  const pairs: [number, number][] = [];
  for (const [i, parent] of active.entries())
    for (const child of active.slice(i + 1))
      if (!model.nested.some(([p, c]) => p === parent.id && c === child.id)) pairs.push([parent.id, child.id]);
  return pairs;
}

/** Relations between two active groups, which may be removed. */
export const removable = (model: Readonly<GroupsModel>) =>
  model.nested.filter(([p, c]) => isLive(model, p) && isLive(model, c));

/** Whether the relation [parent, child] was removed before (nesting it again is where servers go wrong). */
export const removedBefore = (model: Readonly<GroupsModel>, [p, c]: readonly [number, number]) =>
  model.unnested.some(([q, d]) => q === p && d === c);

/** Whether a group was removed as a subgroup of some group before. */
export const unnestedBefore = (model: Readonly<GroupsModel>, id: number) => model.unnested.some(([, c]) => c === id);

/** Whether `id` is the child of a relation removed before and added again: its keeping only its deactivation tells. */
export const readded = (model: Readonly<GroupsModel>, id: number) =>
  model.nested.some((relation) => relation[1] === id && removedBefore(model, relation));
