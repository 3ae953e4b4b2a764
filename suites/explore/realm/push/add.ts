/**
 * add(new) and add(again): POST /users/me/apns_device_token of a token not registered now (one removed before,
 * where there is one) must register it; of one registered already, the contract does not say: either answer is
 * accepted, and the token must stay registered.
 */
import type fc from 'fast-check';
import { expectSuccess } from '../../../../helpers/checks/matchers.ts';
import { APP_ID, addToken } from '../../../push/push.ts';
import { firstRegistered, POOL, type PushModel, type PushReal, unregistered } from './model.ts';

export class AddToken implements fc.AsyncCommand<PushModel, PushReal> {
  readonly kind: string;
  constructor(readonly which: 'new' | 'again') {
    this.kind = `add:${which}`;
  }

  /** Where the pool holds no token in the state wanted, the step cannot run. */
  check = (model: Readonly<PushModel>) =>
    this.which === 'new' ? model.registered.size < POOL : model.registered.size > 0;

  async run(model: PushModel, real: PushReal): Promise<void> {
    const token = this.which === 'new' ? unregistered(model)! : firstRegistered(model)!;
    const res = await addToken(real.ctx, real.owner, { token, appid: APP_ID });
    if (this.which === 'new') expectSuccess(res, String(this));
    this.simulate(model);
  }

  /** Adding a token not registered registers it; adding one again leaves it registered (either answer). */
  simulate(model: PushModel): void {
    if (this.which === 'new') model.registered.add(unregistered(model)!);
  }

  toString = () =>
    this.which === 'new' ? 'add a token not registered (one removed before, if any)' : 'add a registered token again';
}
