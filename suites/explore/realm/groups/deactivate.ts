/**
 * deactivate(free | nested | nested-again | in-setting | in-setting-unnested | again): POST
 * /user_groups/{id}/deactivate (operation 16) of a group used nowhere (the one freed last, else the newest)
 * succeeds; of the subgroup of an active group, or of a group an active group names in a setting, is refused with
 * CANNOT_DEACTIVATE_GROUP_IN_USE; of a deactivated group, the contract does not say (any answer): the frame then sees
 * it still deactivated. The objections' shape is GROUP-DEACTIVATE-*'s to judge.
 */
import type fc from 'fast-check';
import { expectError, expectSuccess } from '../../../../helpers/checks/matchers.ts';
import { deactivateGroup } from '../../../user_groups/groups.ts';
import {
  free,
  type GroupsModel,
  type GroupsReal,
  namedLive,
  nestedLive,
  removedBefore,
  unnestedBefore,
} from './model.ts';

type Which = 'free' | 'nested' | 'nested-again' | 'in-setting' | 'in-setting-unnested' | 'again';

export class DeactivateGroup implements fc.AsyncCommand<GroupsModel, GroupsReal> {
  readonly kind: string;
  constructor(readonly which: Which) {
    this.kind = `deactivate:${which}`;
  }

  check = (model: Readonly<GroupsModel>) => this.targets(model).length > 0;

  /**
   * The groups this kind may take. Each refusal is for one reason alone (a group both nested and named would hide a
   * server that forgot either use), and the kinds that refuse a group with a history (a relation added again, a
   * relation removed while named) are kinds of their own, so that the walk meets them by construction.
   */
  private targets(model: Readonly<GroupsModel>) {
    if (this.which === 'free') return free(model);
    if (this.which === 'again') return model.groups.filter((g) => !g.live);
    const named = namedLive(model);
    const nested = nestedLive(model);
    const liveParent = (p: number) => model.groups.some((g) => g.id === p && g.live);
    if (this.which === 'nested' || this.which === 'nested-again') {
      // Every relation that keeps it in use added again (or none): a fresh one would refuse for the server.
      const again = this.which === 'nested-again';
      const uses = (id: number) => model.nested.filter(([p, c]) => c === id && liveParent(p));
      return nested.filter(
        (g) => !named.includes(g) && uses(g.id).every((relation) => removedBefore(model, relation) === again),
      );
    }
    return named.filter(
      (g) => !nested.includes(g) && unnestedBefore(model, g.id) === (this.which === 'in-setting-unnested'),
    );
  }

  async run(model: GroupsModel, real: GroupsReal): Promise<void> {
    const group = this.pick(model);
    const res = await deactivateGroup(real.ctx, group.id);
    if (this.which === 'again') return; // the contract does not say: any answer
    if (this.which !== 'free') {
      expectError(res, 'CANNOT_DEACTIVATE_GROUP_IN_USE', `${this} (group ${group.id})`);
      return;
    }
    expectSuccess(res, `${this} (group ${group.id})`);
    group.live = false;
  }

  /** Only a free group's deactivation changes the model. */
  simulate(model: GroupsModel): void {
    if (this.which === 'free') this.pick(model).live = false;
  }

  /** The one freed last where it may, else the newest. */
  private pick(model: GroupsModel) {
    const targets = this.targets(model);
    return targets.find((g) => g.id === model.freedLast) ?? targets.at(-1)!;
  }

  toString = () =>
    ({
      free: 'deactivate a group used nowhere (the one freed last, if any)',
      nested: 'deactivate the subgroup of an active group',
      'nested-again': 'deactivate a subgroup of an active group, nested again after its removal',
      'in-setting': 'deactivate a group an active group names in its can_mention_group, never a subgroup',
      'in-setting-unnested':
        'deactivate a group an active group names in its can_mention_group, since removed as a subgroup',
      again: 'deactivate a deactivated group again',
    })[this.which];
}
