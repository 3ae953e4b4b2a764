// Who asks where a clause is about what every caller reads (suites/users/users.ts): every account on the full
// profile; on the quick one, one of each pair that sees users alike (the administrators, the members).
import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { ROLES, type Role } from '../../helpers/roles.ts';
import { callers } from '../../suites/users/users.ts';
import { fakeCtx } from '../support/fake-context.ts';

function ctxOf(profile: 'quick' | 'full', clauseId: string, seed = 1): CheckContext {
  const ctx = fakeCtx(clauseId, ROLES);
  Object.assign(ctx.world, { profile, seed });
  Object.assign(ctx, { note: () => {} });
  return ctx;
}

const rolesOf = (ctx: CheckContext): Role[] => callers(ctx).map(({ role }) => role);

describe('callers of a check over what each caller reads', () => {
  it('are every account on the full profile', () => {
    expect(rolesOf(ctxOf('full', 'USER-GET-005'))).toEqual([...ROLES]);
  });

  it('are one administrator and one member on the quick profile, the others all', () => {
    for (const id of ['USER-GET-004', 'USER-GET-005', 'USER-GET-006', 'USER-GET-007']) {
      const roles = rolesOf(ctxOf('quick', id));
      expect(roles.filter((r) => r === 'admin' || r === 'owner')).toHaveLength(1);
      expect(roles.filter((r) => r === 'member' || r === 'member2')).toHaveLength(1);
      expect(roles).toEqual(expect.arrayContaining(['moderator', 'guest', 'bot']));
      expect(roles).toHaveLength(ROLES.length - 2);
    }
  });

  it('meet each of a pair over the run seeds', () => {
    const seen = new Set<Role>();
    for (let seed = 0; seed < 20; seed++)
      for (const role of rolesOf(ctxOf('quick', 'USER-GET-005', seed))) seen.add(role);
    expect([...seen].sort()).toEqual([...ROLES].sort());
  });
});
