/**
 * deactivate(free), deactivate(nested), deactivate(again): POST /user_groups/{id}/deactivate (operation 16) of a
 * group used nowhere (the one freed last, else the newest) succeeds; of the subgroup of an active group (one nested
 * again after its removal, else the one nested last) is refused with CANNOT_DEACTIVATE_GROUP_IN_USE; of a deactivated group, the contract does not say
 * (any answer): the frame then sees it still deactivated. The objections' shape is GROUP-DEACTIVATE-*'s to judge.
 */
import type fc from 'fast-check';
import { expectError, expectSuccess } from '../../../../helpers/checks/matchers.ts';
import { deactivateGroup } from '../../../user_groups/groups.ts';
import { free, type GroupsModel, type GroupsReal, nestedLive } from './model.ts';

type Which = 'free' | 'nested' | 'again';

export class DeactivateGroup implements fc.AsyncCommand<GroupsModel, GroupsReal> {
  readonly kind: string;
  constructor(readonly which: Which) {
    this.kind = `deactivate:${which}`;
  }

  check = (model: Readonly<GroupsModel>) => this.targets(model).length > 0;

  private targets(model: Readonly<GroupsModel>) {
    if (this.which === 'free') return free(model);
    if (this.which === 'nested') return nestedLive(model);
    return model.groups.filter((g) => !g.live);
  }

  async run(model: GroupsModel, real: GroupsReal): Promise<void> {
    const group = this.pick(model);
    const res = await deactivateGroup(real.ctx, group.id);
    if (this.which === 'nested') expectError(res, 'CANNOT_DEACTIVATE_GROUP_IN_USE', `${this} (group ${group.id})`);
    if (this.which !== 'free') return;
    expectSuccess(res, `${this} (group ${group.id})`);
    group.live = false;
  }

  /** Only a free group's deactivation changes the model. */
  simulate(model: GroupsModel): void {
    if (this.which === 'free') this.pick(model).live = false;
  }

  private pick(model: GroupsModel) {
    const targets = this.targets(model);
    if (this.which === 'free') return targets.find((g) => g.id === model.freedLast) ?? targets.at(-1)!;
    if (this.which === 'nested') {
      // A relation removed and added again first (where servers go wrong), else the one added last.
      const relations = [...model.nested].reverse().filter(([, c]) => targets.some((g) => g.id === c));
      const again = relations.find(([p, c]) => model.unnested.some(([q, d]) => q === p && d === c));
      const child = (again ?? relations[0])![1];
      return targets.find((g) => g.id === child)!;
    }
    return targets.at(-1)!;
  }

  toString = () =>
    ({
      free: 'deactivate a group used nowhere (the one freed last, if any)',
      nested: 'deactivate the subgroup of an active group (one nested again, if any, else the last)',
      again: 'deactivate a deactivated group again',
    })[this.which];
}
