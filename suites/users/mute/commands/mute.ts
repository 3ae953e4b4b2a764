/** mute(u): POST /users/me/muted_users/{u}; BAD_REQUEST for self, no such user and already muted. */
import type fc from 'fast-check';
import { expectError, expectSuccess } from '../../../../helpers/checks/matchers.ts';
import { muteUser } from '../../muted.ts';
import { type MuteModel, type MuteReal, predictMute, type Target } from '../model.ts';

export class MuteCommand implements fc.AsyncCommand<MuteModel, MuteReal> {
  constructor(readonly target: Target) {}

  check = () => true;

  async run(model: MuteModel, real: MuteReal): Promise<void> {
    const expected = predictMute(model, this.target);
    const res = await muteUser(real.ctx, real.caller, this.target.userId);
    if (!expected.ok) {
      expectError(res, 'BAD_REQUEST', `${this} (${expected.why})`);
      return;
    }
    expectSuccess(res, String(this));
    model.muted.add(this.target.userId);
  }

  toString = () => `mute(${this.target.label})`;
}
