/**
 * list-muted: the caller's muted_users (read through the register setup operation), restricted to the pool, equal
 * the model's. The entries' other fields (Zulip's timestamp) are the setup operation's, not the contract's.
 */
import type fc from 'fast-check';
import { fail } from '../../../../helpers/checks/matchers.ts';
import { listMuted } from '../../muted.ts';
import type { MuteModel, MuteReal } from '../model.ts';

export class ListMutedCommand implements fc.AsyncCommand<MuteModel, MuteReal> {
  check = () => true;

  async run(model: MuteModel, real: MuteReal): Promise<void> {
    await expectListed(model, real, String(this));
  }

  toString = () => 'list-muted';
}

export async function expectListed(model: MuteModel, real: MuteReal, what: string): Promise<void> {
  const { res, muted } = await listMuted(real.ctx, real.caller);
  const listed = muted.filter((m) => real.poolIds.has(m.id as number));
  const got = listed.map((m) => m.id as number).sort((a, b) => a - b);
  const want = [...model.muted].sort((a, b) => a - b);
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    fail(res, `${what}: wanted the muted users of the pool to be [${want}], got [${got}]`);
  }
}
