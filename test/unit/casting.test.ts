// Which account plays the member's part in a check (helpers/checks/casting.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import { castingOf } from '../../helpers/checks/casting.ts';
import { noteAnswered, noteBudget, resetBudgets } from '../../helpers/http/rate-budget.ts';
import type { Role } from '../../helpers/roles.ts';
import type { World } from '../../helpers/world/types.ts';

const MEMBER = 'hamlet@example.test';
const MEMBER2 = 'othello@example.test';

function worldOf(roles: Partial<Record<Role, { email: string; refused?: string }>>): World {
  return { accounts: roles } as unknown as World;
}
const both = worldOf({ member: { email: MEMBER }, member2: { email: MEMBER2 }, admin: { email: 'iago@x' } });
const edit = (id: string) => ({ id, file: 'suites/messages/patch-messages-content.test.ts' });

beforeEach(() => resetBudgets());

describe('casting the member', () => {
  it('exchanges only the two members, both ways, and no other role', () => {
    noteAnswered(MEMBER); // the member has been asked more: the second member plays its part
    const cast = castingOf(both, edit('EDIT-CONTENT-001'));
    expect(cast('member')).toBe('member2');
    expect(cast('member2')).toBe('member');
    expect(cast('admin')).toBe('admin');
    expect(cast('owner')).toBe('owner');
  });

  it("gives the part to the member with more budget left once its requests beyond the other's are taken off", () => {
    noteBudget(MEMBER, { 'x-ratelimit-remaining': '150', 'x-ratelimit-reset': '30' });
    noteBudget(MEMBER2, { 'x-ratelimit-remaining': '40', 'x-ratelimit-reset': '30' });
    noteAnswered(MEMBER); // asked one more, with far more budget left: 149 against 40
    expect(castingOf(both, edit('EDIT-CONTENT-001'))('member')).toBe('member');
    for (let i = 0; i < 120; i++) noteAnswered(MEMBER); // 121 more: 29 against 40
    expect(castingOf(both, edit('EDIT-CONTENT-001'))('member')).toBe('member2');
  });

  it("alike, gives the part to the second member: the member's as-named checks are load not counted yet", () => {
    // At the run's start EDIT-CONTENT-007's polls go beside the time-limit checks' on the member (as named).
    expect(castingOf(both, edit('EDIT-CONTENT-007'))('member')).toBe('member2');
    const ids = Array.from({ length: 40 }, (_, i) => `EDIT-X-${String(i).padStart(3, '0')}`);
    expect(ids.filter((id) => castingOf(both, edit(id))('member') === 'member')).toEqual([]);
    // Once the second member has been asked more, the member plays its own part, that check's too.
    for (let i = 0; i < 50; i++) noteAnswered(MEMBER2);
    expect(castingOf(both, edit('EDIT-CONTENT-007'))('member')).toBe('member');
    const alone = worldOf({ member: { email: MEMBER } });
    expect(castingOf(alone, edit('EDIT-CONTENT-007'))('member')).toBe('member');
  });

  it('without a budget shown, to the one asked less of', () => {
    noteAnswered(MEMBER2);
    expect(castingOf(both, edit('EDIT-CONTENT-001'))('member')).toBe('member');
    noteAnswered(MEMBER);
    noteAnswered(MEMBER);
    expect(castingOf(both, edit('EDIT-CONTENT-001'))('member')).toBe('member2');
  });

  it('swaps nobody without both members usable, nor outside the folders whose checks allow it', () => {
    noteAnswered(MEMBER);
    expect(castingOf(worldOf({ member: { email: MEMBER } }), edit('X-001'))('member')).toBe('member');
    const refused = worldOf({ member: { email: MEMBER }, member2: { email: MEMBER2, refused: 'bad key' } });
    expect(castingOf(refused, edit('X-001'))('member')).toBe('member');
    expect(castingOf(both, { id: 'CHAN-LIST-001', file: 'suites/channels/get-streams.test.ts' })('member')).toBe(
      'member',
    );
  });
});
