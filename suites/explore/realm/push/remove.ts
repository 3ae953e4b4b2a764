/**
 * remove(registered) and remove(absent): DELETE /users/me/apns_device_token of the token added longest ago must
 * remove it alone; of one not registered, it is refused with BAD_REQUEST (operation 18: token does not exist).
 */
import type fc from 'fast-check';
import { expectError, expectSuccess } from '../../../../helpers/checks/matchers.ts';
import { removeToken } from '../../../push/push.ts';
import { firstRegistered, POOL, type PushModel, type PushReal, unregistered } from './model.ts';

export class RemoveToken implements fc.AsyncCommand<PushModel, PushReal> {
  readonly kind: string;
  constructor(readonly which: 'registered' | 'absent') {
    this.kind = `remove:${which}`;
  }

  check = (model: Readonly<PushModel>) =>
    this.which === 'registered' ? model.registered.size > 0 : model.registered.size < POOL;

  async run(model: PushModel, real: PushReal): Promise<void> {
    if (this.which === 'absent') {
      expectError(await removeToken(real.ctx, real.owner, unregistered(model)!), 'BAD_REQUEST', String(this));
      return;
    }
    expectSuccess(await removeToken(real.ctx, real.owner, firstRegistered(model)!), String(this));
    this.simulate(model);
  }

  /** A refused removal changes nothing; removing the first registered token unregisters it alone. */
  simulate(model: PushModel): void {
    if (this.which === 'absent') return;
    const token = firstRegistered(model)!;
    model.registered.delete(token);
    model.removed.add(token);
  }

  toString = () =>
    this.which === 'registered' ? 'remove the token registered longest ago' : 'remove a token not registered';
}
