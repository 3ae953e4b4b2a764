/** send-from(u): u writes to the caller; if the caller has muted u, the message must arrive read (MUTE rows). */
import type fc from 'fast-check';
import { fail } from '../../../../helpers/checks/matchers.ts';
import { arrivalFlags } from '../../muted.ts';
import type { MuteModel, MuteReal, Target } from '../model.ts';

export class SendFromCommand implements fc.AsyncCommand<MuteModel, MuteReal> {
  constructor(readonly target: Target) {}

  // Guests are left out: a realm may bar them from direct messages, which the contract does not govern.
  check = () =>
    this.target.exists && !this.target.self && this.target.role !== undefined && this.target.role !== 'guest';

  async run(model: MuteModel, real: MuteReal): Promise<void> {
    const flags = await arrivalFlags(real.ctx, real.queue, this.target.role!);
    // Only the muted direction is the contract's: an unmuted sender's message may arrive read or unread.
    if (flags === undefined || !model.muted.has(this.target.userId)) return;
    if (!flags.includes('read'))
      fail(undefined, `wanted ${this} to arrive read, the sender being muted; flags ${JSON.stringify(flags)}`);
  }

  toString = () => `send-from(${this.target.label})`;
}
