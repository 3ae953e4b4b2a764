/**
 * nest and unnest: POST /user_groups/{id}/subgroups (a set-up operation, TARGET.md) adds a newer active group as a
 * direct subgroup of an older one (a pair nested and removed before where there is one, where servers go wrong), or
 * removes the relation added last: from then on the subgroup is in use, or no longer is.
 */
import type fc from 'fast-check';
import { fail, summary } from '../../../../helpers/checks/matchers.ts';
import type { ApiResponse } from '../../../../helpers/http/client.ts';
import { setupFailure } from '../../../../helpers/http/setup-failure.ts';
import { deactivateGroup } from '../../../user_groups/groups.ts';
import { type GroupsModel, type GroupsReal, nestable, readded, removable, removedBefore } from './model.ts';

type Change = 'nest' | 'unnest';

/**
 * A relation the server will not remove, though it answered its addition with success: the server's state is not
 * the model's, and the contract's own words decide whose is wrong. The child is used as a subgroup of an active group
 * as far as the answers went, so its deactivation must be refused; a server that deactivates it departs (a re-added
 * subgroup it did not keep). Where it refuses, the set-up step's refusal is no verdict.
 */
async function inUseStill(real: GroupsReal, parent: number, child: number, refusal: ApiResponse): Promise<void> {
  const probe = await deactivateGroup(real.ctx, child);
  if (probe.body?.result === 'success')
    fail(
      probe,
      `wanted group ${child} refused with CANNOT_DEACTIVATE_GROUP_IN_USE: it was added as a subgroup of active group ${parent} with success, and removing it was refused (${summary(refusal)})`,
    );
}

export class NestGroup implements fc.AsyncCommand<GroupsModel, GroupsReal> {
  private readonly nest: boolean;
  constructor(readonly kind: Change) {
    this.nest = kind !== 'unnest';
  }

  check = (model: Readonly<GroupsModel>) => this.pairs(model).length > 0;

  /**
   * The pairs it may take, one removed before first. A relation added again keeps its child otherwise unused (no
   * name, no other parent): a server that did not keep it is told apart by the child's deactivation alone.
   */
  private pairs(model: Readonly<GroupsModel>): [number, number][] {
    if (!this.nest) return removable(model);
    const before = (pair: [number, number]) => removedBefore(model, pair);
    const used = ([, c]: [number, number]) =>
      model.named.some(([, n]) => n === c) || model.nested.some(([, d]) => d === c);
    const pairs = nestable(model).filter((pair) => (before(pair) ? !used(pair) : !readded(model, pair[1])));
    return [...pairs.filter(before), ...pairs.filter((pair) => !before(pair))];
  }

  async run(model: GroupsModel, real: GroupsReal): Promise<void> {
    const [parent, child] = this.pair(model);
    const res = await real.ctx
      .as(real.manager)
      .post(`/user_groups/${parent}/subgroups`, this.nest ? { add: [child] } : { delete: [child] });
    if (res.body?.result !== 'success') {
      if (!this.nest) await inUseStill(real, parent, child, res);
      throw setupFailure(res, this.nest ? `group ${child} added under group ${parent}` : `the relation removed`);
    }
    this.apply(model, [parent, child]);
  }

  simulate(model: GroupsModel): void {
    this.apply(model, this.pair(model));
  }

  /** The pair nested (the first of its kind) or the relation removed (the one added last). */
  private pair(model: Readonly<GroupsModel>): [number, number] {
    return this.nest ? this.pairs(model)[0]! : this.pairs(model).at(-1)!;
  }

  private apply(model: GroupsModel, [parent, child]: [number, number]): void {
    if (this.nest) {
      model.nested.push([parent, child]);
      return;
    }
    model.nested = model.nested.filter(([p, c]) => p !== parent || c !== child);
    model.unnested.push([parent, child]);
    model.freedLast = child;
  }

  toString = () =>
    ({
      nest: 'nest an active group under an older one (a pair nested before, if any)',
      unnest: 'remove the subgroup relation added last',
    })[this.kind];
}
