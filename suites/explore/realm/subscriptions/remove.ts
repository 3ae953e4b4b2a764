/**
 * remove: an administrator unsubscribes the user (DELETE /users/me/subscriptions with principals, a set-up
 * operation; "organization administrators … may unsubscribe others") from the channel it subscribed to last.
 */
import type fc from 'fast-check';
import { newest, type SubsModel, type SubsReal, unsubscribe } from './model.ts';

export class Remove implements fc.AsyncCommand<SubsModel, SubsReal> {
  readonly kind = 'remove';

  check = (model: Readonly<SubsModel>) => model.subscribed.length > 0;

  async run(model: SubsModel, real: SubsReal): Promise<void> {
    const { name } = newest(model);
    await real.ctx
      .as(real.admin)
      .mustSetup('DELETE', '/users/me/subscriptions', { subscriptions: [name], principals: [real.userId] });
    this.simulate(model);
  }

  simulate(model: SubsModel): void {
    unsubscribe(model, newest(model).id);
  }

  toString = () => 'an administrator unsubscribes the user from the channel it subscribed to last';
}
