/**
 * add(private): an administrator subscribes the user (POST /users/me/subscriptions with principals, a set-up
 * operation) to a private channel of the sequence's it is not subscribed to, one it left or was removed from before
 * where there is one: a user may not join a private channel by itself.
 */
import type fc from 'fast-check';
import { type SubsModel, type SubsReal, subscribe, unsubscribedOf } from './model.ts';

export class Add implements fc.AsyncCommand<SubsModel, SubsReal> {
  readonly kind = 'add:private';

  check = (model: Readonly<SubsModel>) => unsubscribedOf(model, true) !== undefined;

  async run(model: SubsModel, real: SubsReal): Promise<void> {
    const { name } = unsubscribedOf(model, true)!;
    await real.ctx
      .as(real.admin)
      .mustSetup('POST', '/users/me/subscriptions', { subscriptions: [{ name }], principals: [real.userId] });
    this.simulate(model);
  }

  simulate(model: SubsModel): void {
    subscribe(model, unsubscribedOf(model, true)!.id);
  }

  toString = () => 'an administrator subscribes the user to a private channel (one it was in before, if any)';
}
