/**
 * unmute(u): DELETE /users/me/muted_users/{u}, the way back to "not muted". The contract shows no errors for it,
 * so a refusal is judged by its envelope only.
 */
import type fc from 'fast-check';
import { expectError, expectSuccess } from '../../../../helpers/checks/matchers.ts';
import { unmuteUser } from '../../muted.ts';
import { type MuteModel, type MuteReal, predictUnmute, type Target } from '../model.ts';

export class UnmuteCommand implements fc.AsyncCommand<MuteModel, MuteReal> {
  constructor(readonly target: Target) {}

  check = () => true;

  async run(model: MuteModel, real: MuteReal): Promise<void> {
    const expected = predictUnmute(model, this.target);
    const res = await unmuteUser(real.ctx, real.caller, this.target.userId);
    if (!expected.ok) {
      expectError(res, undefined, `${this} (${expected.why})`);
      return;
    }
    expectSuccess(res, String(this));
    model.muted.delete(this.target.userId);
  }

  toString = () => `unmute(${this.target.label})`;
}
