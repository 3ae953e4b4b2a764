import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANYONE, actorFor, actorsOf, anyActor, PEOPLE } from '../../helpers/checks/actors.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { ROLES, type Role } from '../../helpers/roles.ts';

/** Just what the actor choice reads: the clause id and which accounts are configured (and not refused). */
function fakeCtx(clauseId: string, configured: readonly Role[], refused: readonly Role[] = []): CheckContext {
  const accounts = Object.fromEntries(
    configured.map((role, i) => [role, { userId: i + 1, refused: refused.includes(role) ? 'bad key' : undefined }]),
  );
  return { clause: { id: clauseId }, world: { accounts } } as unknown as CheckContext;
}

describe('actors', () => {
  it('spreads over the configured accounts of the pool, never the member, guests or the bot among the people', () => {
    expect(PEOPLE).not.toContain('member');
    expect(PEOPLE).not.toContain('guest');
    expect(PEOPLE).not.toContain('bot');
    expect(ANYONE).not.toContain('member');
    const ctx = fakeCtx('X-Y-001', ['member', 'member2', 'admin'], ['admin']);
    expect(actorsOf(ctx, PEOPLE)).toEqual(['member2']);
  });

  it('falls back to the member when no account of the pool is usable', () => {
    expect(actorsOf(fakeCtx('X-Y-001', ['member']), PEOPLE)).toEqual(['member']);
    expect(actorFor(fakeCtx('X-Y-001', ['member', 'guest']), PEOPLE)).toBe('member');
  });

  it('chooses by clause id alone, the same on every run, and shares clauses out over the pool', () => {
    const chosen = new Set<Role>();
    for (let n = 1; n <= 40; n++) {
      const id = `X-Y-${String(n).padStart(3, '0')}`;
      const role = actorFor(fakeCtx(id, ROLES), PEOPLE);
      expect(actorFor(fakeCtx(id, ROLES), PEOPLE)).toBe(role);
      chosen.add(role);
    }
    expect([...chosen].sort()).toEqual([...PEOPLE].sort());
  });

  it('draws per property case from the pool, reproducibly from the seed', () => {
    const ctx = fakeCtx('X-Y-001', ROLES);
    const draws = fc.sample(anyActor(ctx, ANYONE), { seed: 7, numRuns: 60 });
    expect(fc.sample(anyActor(ctx, ANYONE), { seed: 7, numRuns: 60 })).toEqual(draws);
    expect(new Set(draws)).toEqual(new Set(ANYONE));
  });
});
