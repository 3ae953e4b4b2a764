/**
 * The model of the run's own user groups (contract: the user-group rows of States and transitions, operation 16;
 * set-up operations POST /user_groups/create, POST /user_groups/{id}/subgroups, GET /user_groups): which of the
 * sequence's groups are active, and which is a direct subgroup of which. A group used as a subgroup of an active
 * group cannot be deactivated (CANNOT_DEACTIVATE_GROUP_IN_USE); one used nowhere can, and is then listed as
 * deactivated. Whether a subgroup of a deactivated group only is still "used" the contract does not say: no step
 * deactivates such a group (it is neither free nor nested below).
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

/** Active groups the sequence keeps at most: enough to nest, few enough to keep the steps few. */
export const MAX_LIVE = 3;

export const live = (model: Readonly<GroupsModel>) => model.groups.filter((g) => g.live);
const isLive = (model: Readonly<GroupsModel>, id: number) => model.groups.some((g) => g.id === id && g.live);

/** Groups an active group of the sequence has as a direct subgroup: in use, not to be deactivated. */
export const nestedLive = (model: Readonly<GroupsModel>) =>
  live(model).filter((g) => model.nested.some(([p, c]) => c === g.id && isLive(model, p)));

/** Active groups that are no group's subgroup at all (not even a deactivated one's): free to deactivate. */
export const free = (model: Readonly<GroupsModel>) =>
  live(model).filter((g) => !model.nested.some(([, c]) => c === g.id));

/** Pairs that may be nested now: both active, the child newer (so that no nesting makes a cycle), not nested yet. */
export function nestable(model: Readonly<GroupsModel>): [number, number][] {
  const active = live(model);
  const pairs: [number, number][] = [];
  for (const [i, parent] of active.entries())
    for (const child of active.slice(i + 1))
      if (!model.nested.some(([p, c]) => p === parent.id && c === child.id)) pairs.push([parent.id, child.id]);
  return pairs;
}

/** Relations between two active groups, which may be removed. */
export const removable = (model: Readonly<GroupsModel>) =>
  model.nested.filter(([p, c]) => isLive(model, p) && isLive(model, c));
