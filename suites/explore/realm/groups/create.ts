/** create: POST /user_groups/create (a set-up operation, TARGET.md): a new active group, apart from all others. */
import type fc from 'fast-check';
import { createGroup } from '../../../user_groups/groups.ts';
import { type GroupsModel, type GroupsReal, live, MAX_LIVE } from './model.ts';

export class CreateGroup implements fc.AsyncCommand<GroupsModel, GroupsReal> {
  readonly kind = 'create';

  check = (model: Readonly<GroupsModel>) => live(model).length < MAX_LIVE;

  async run(model: GroupsModel, real: GroupsReal): Promise<void> {
    model.groups.push({ id: await createGroup(real.ctx), live: true });
  }

  /** A made-up id no server gives (negative) stands for the group the server would create. */
  simulate(model: GroupsModel): void {
    model.groups.push({ id: -1 - model.groups.length, live: true });
  }

  toString = () => 'create a group';
}
