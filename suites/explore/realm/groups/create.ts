/**
 * create, create:naming, create:naming-deactivated: POST /user_groups/create (a set-up operation, TARGET.md) makes a
 * new active group, apart from all others, or one whose can_mention_group names a group of the sequence: an active
 * one (the subgroup nested last, if any, else the newest), which is in use from then on; or a deactivated one (the
 * last one that was a subgroup first, if any), which the contract's transition forbids ("cannot be used for … permissions or
 * anything else"): refused, nothing made.
 */
import type fc from 'fast-check';
import { expectError } from '../../../../helpers/checks/matchers.ts';
import { createGroup, groupManager } from '../../../user_groups/groups.ts';
import { type GroupsModel, type GroupsReal, MAX_LIVE, readded, unnestedBefore, usable } from './model.ts';

type Naming = 'none' | 'active' | 'deactivated';

/**
 * Groups a new group may name: not a subgroup by a relation added again, whose keeping only the child's deactivation
 * can tell (nest.ts), and a name would hide.
 */
const nameable = (model: Readonly<GroupsModel>) => usable(model).filter((g) => !readded(model, g.id));

export class CreateGroup implements fc.AsyncCommand<GroupsModel, GroupsReal> {
  readonly kind: string;
  constructor(readonly naming: Naming = 'none') {
    this.kind = { none: 'create', active: 'create:naming', deactivated: 'create:naming-deactivated' }[naming];
  }

  check = (model: Readonly<GroupsModel>) => {
    if (this.naming === 'deactivated') return model.groups.some((g) => !g.live);
    return usable(model).length < MAX_LIVE && (this.naming === 'none' || nameable(model).length > 0);
  };

  async run(model: GroupsModel, real: GroupsReal): Promise<void> {
    if (this.naming === 'deactivated') return this.refused(model, real);
    const named = this.named(model);
    const id = await createGroup(real.ctx, named === undefined ? {} : { can_mention_group: named });
    this.apply(model, id, named);
  }

  /** A made-up id no server gives (negative) stands for the group the server would create. */
  simulate(model: GroupsModel): void {
    if (this.naming !== 'deactivated') this.apply(model, -1 - model.groups.length, this.named(model));
  }

  private named(model: Readonly<GroupsModel>): number | undefined {
    if (this.naming === 'none') return undefined;
    if (this.naming === 'deactivated') {
      // One that was a subgroup first, where there is one: a server may remember it as usable.
      const gone = model.groups.filter((g) => !g.live);
      return (gone.filter((g) => unnestedBefore(model, g.id)).at(-1) ?? gone.at(-1)!).id;
    }
    // A subgroup now (the one nested last), so that a later removal of the relation meets a group still named.
    const active = nameable(model);
    const child = [...model.nested].reverse().find(([, c]) => active.some((g) => g.id === c))?.[1];
    return child ?? active.at(-1)!.id;
  }

  private apply(model: GroupsModel, id: number, named: number | undefined): void {
    model.groups.push({ id, live: true });
    if (named !== undefined) model.named.push([id, named]);
  }

  /** Any refusal will do (the contract gives no code); a group made all the same is the run's to deactivate. */
  private async refused(model: GroupsModel, real: GroupsReal): Promise<void> {
    const named = this.named(model)!;
    const name = real.ctx.unique('group');
    const res = await real.ctx.as(real.manager).post('/user_groups/create', {
      name,
      description: 'Created by teamchat-conformance; names a deactivated group, so it should not exist.',
      members: [],
      can_mention_group: named,
    });
    if (res.body?.result === 'success')
      real.ctx.track(groupManager(real.ctx), 'group', Number(res.body.group_id), name);
    expectError(res, undefined, `${this} (group ${named})`);
  }

  toString = () =>
    ({
      none: 'create a group',
      active: 'create a group naming an active group in its can_mention_group (the subgroup nested last, if any)',
      deactivated: 'create a group naming a deactivated group in its can_mention_group',
    })[this.naming];
}
