/**
 * unmute(u): DELETE /users/me/muted_users/{u}, the way back to "not muted". Unmuting is a setup operation, not one
 * of the contract's: unmuting a muted user must succeed (else the sequence is a set-up error, no verdict), and
 * unmuting one who is not muted may succeed or be refused (recorded by neither).
 */
import type fc from 'fast-check';
import { SetupError } from '../../../../helpers/errors.ts';
import { unmuteUser } from '../../muted.ts';
import { type MuteModel, type MuteReal, predictUnmute, type Target } from '../model.ts';

export class UnmuteCommand implements fc.AsyncCommand<MuteModel, MuteReal> {
  constructor(readonly target: Target) {}

  check = () => true;

  async run(model: MuteModel, real: MuteReal): Promise<void> {
    const expected = predictUnmute(model, this.target);
    const res = await unmuteUser(real.ctx, real.caller, this.target.userId);
    if (!expected.ok) return;
    if (res.body?.result !== 'success')
      throw new SetupError(`${this}: unmuting a muted user failed: ${res.text.slice(0, 200)}`);
    model.muted.delete(this.target.userId);
  }

  toString = () => `unmute(${this.target.label})`;
}
