/**
 * join: the user subscribes itself (POST /users/me/subscriptions, a set-up operation) to a public channel of the
 * sequence's it is not subscribed to, one it left before where there is one.
 */
import type fc from 'fast-check';
import { type SubsModel, type SubsReal, subscribe, unsubscribedOf } from './model.ts';

export class Join implements fc.AsyncCommand<SubsModel, SubsReal> {
  readonly kind = 'join:public';

  check = (model: Readonly<SubsModel>) => unsubscribedOf(model, false) !== undefined;

  async run(model: SubsModel, real: SubsReal): Promise<void> {
    const { name } = unsubscribedOf(model, false)!;
    await real.ctx.as(real.user).mustSetup('POST', '/users/me/subscriptions', { subscriptions: [{ name }] });
    this.simulate(model);
  }

  simulate(model: SubsModel): void {
    subscribe(model, unsubscribedOf(model, false)!.id);
  }

  toString = () => 'join a public channel (one left before, if any)';
}
