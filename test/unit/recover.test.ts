// Who undoes what either administrator may undo at the run's end (helpers/world/recover.ts): the administrator with
// most budget left where the target shows it, else the one asked least.
import { beforeEach, describe, expect, it } from 'vitest';
import { noteAnswered, noteBudget, resetBudgets } from '../../helpers/http/rate-budget.ts';
import type { LedgerEntry } from '../../helpers/world/ledger.ts';
import { administratorFor } from '../../helpers/world/recover.ts';
import type { World } from '../../helpers/world/types.ts';

const OWNER = 'desdemona@example.test';
const ADMIN = 'iago@example.test';
const world = {
  accounts: { owner: { email: OWNER }, admin: { email: ADMIN }, member: { email: 'hamlet@example.test' } },
} as unknown as World;
const channel: LedgerEntry = { key: 'channel:admin:9', kind: 'channel', role: 'admin', id: 9, label: 'c', by: ADMIN };

beforeEach(() => resetBudgets());

describe("the run's end", () => {
  it('archives a channel through the administrator with most budget left, however loaded', () => {
    for (let i = 0; i < 30; i++) noteAnswered(ADMIN);
    for (let i = 0; i < 10; i++) noteAnswered(OWNER);
    noteBudget(OWNER, { 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': '30' });
    noteBudget(ADMIN, { 'x-ratelimit-remaining': '40', 'x-ratelimit-reset': '30' });
    expect(administratorFor(world, channel)?.email).toBe(ADMIN);
  });

  it('archives it through the administrator asked least where no budget is shown, the named one among equals', () => {
    expect(administratorFor(world, channel)?.email).toBe(ADMIN);
    for (let i = 0; i < 3; i++) noteAnswered(ADMIN);
    expect(administratorFor(world, channel)?.email).toBe(OWNER);
  });

  it('leaves what only its maker undoes to the caller', () => {
    expect(administratorFor(world, { ...channel, kind: 'draft', key: 'draft:member:1', role: 'member' })).toBe(
      undefined,
    );
  });
});
