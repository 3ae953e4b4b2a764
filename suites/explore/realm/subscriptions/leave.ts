/**
 * leave: the user unsubscribes itself (DELETE /users/me/subscriptions, a set-up operation) from the channel it
 * subscribed to longest ago, public or private (it starts in the private ones).
 */
import type fc from 'fast-check';
import { oldest, type SubsModel, type SubsReal, unsubscribe } from './model.ts';

export class Leave implements fc.AsyncCommand<SubsModel, SubsReal> {
  readonly kind = 'leave';

  check = (model: Readonly<SubsModel>) => model.subscribed.length > 0;

  async run(model: SubsModel, real: SubsReal): Promise<void> {
    const { name } = oldest(model);
    await real.ctx.as(real.user).mustSetup('DELETE', '/users/me/subscriptions', { subscriptions: [name] });
    this.simulate(model);
  }

  simulate(model: SubsModel): void {
    unsubscribe(model, oldest(model).id);
  }

  toString = () => 'leave the channel subscribed to longest ago';
}
