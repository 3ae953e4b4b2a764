// The kinds of account a check asks for where any will do (helpers/checks/actors.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actorFor, drawOf, KINDS, rolesOfKind, someoneOf } from '../../helpers/checks/actors.ts';
import { ROLES } from '../../helpers/roles.ts';
import { fakeCtx } from '../support/fake-context.ts';

describe('kinds of account', () => {
  it('hold their reasons: people are neither guests nor bots, helpers neither members nor the administrator', () => {
    expect(KINDS.person).not.toContain('guest');
    expect(KINDS.person).not.toContain('bot');
    expect(KINDS.anyone).toEqual(expect.arrayContaining([...KINDS.person, 'guest', 'bot']));
    expect(KINDS['peer member']).toEqual(['member2']);
    // The member only where a kind says so: every member alike (either member), every sender no policy exempts.
    for (const [name, kind] of Object.entries(KINDS))
      if (name !== 'either member' && name !== 'unprivileged') expect(kind).not.toContain('member');
    expect(KINDS.unprivileged).not.toContain('moderator');
    expect(KINDS.unprivileged).not.toContain('admin');
    expect(KINDS.unprivileged).not.toContain('owner');
    expect(KINDS['either member']).toEqual(expect.arrayContaining(['member', 'member2']));
    expect(KINDS['either member']).toHaveLength(2);
    expect(KINDS.assistant).not.toContain('member2');
    expect(KINDS.assistant).not.toContain('admin');
  });

  it('choose as the pool of the kind does: by clause id, the same on every run', () => {
    for (let n = 1; n <= 30; n++) {
      const ctx = fakeCtx(`X-Y-${String(n).padStart(3, '0')}`, ROLES);
      for (const kind of Object.keys(KINDS) as (keyof typeof KINDS)[])
        expect(someoneOf(ctx, kind)).toBe(actorFor(ctx, KINDS[kind]));
    }
  });

  it('leave out the roles a clause rules out, keeping the kind order', () => {
    const ctx = fakeCtx('X-Y-001', ROLES);
    expect(rolesOfKind(ctx, 'person', { besides: ['member2'] })).toEqual(['moderator', 'admin', 'owner']);
    expect(rolesOfKind(ctx, 'assistant', { besides: ['moderator', 'owner'] })).toEqual(['guest', 'bot']);
    for (let n = 1; n <= 20; n++)
      expect(someoneOf(fakeCtx(`X-Y-${n}`, ROLES), 'anyone', { besides: ['guest', 'bot'] })).not.toMatch(/guest|bot/);
  });

  it('fall back to the member when none of the kind is usable, or to the kind, should the member be ruled out', () => {
    expect(rolesOfKind(fakeCtx('X-Y-001', ['member', 'guest']), 'person')).toEqual(['member']);
    expect(rolesOfKind(fakeCtx('X-Y-001', ['member', 'bot'], ['bot']), 'assistant', { besides: ['owner'] })).toEqual([
      'member',
    ]);
    // The check then asks for the moderator and is disabled, naming its variable.
    expect(rolesOfKind(fakeCtx('X-Y-001', ['member']), 'person', { besides: ['member2', 'member'] })).toEqual([
      'moderator',
    ]);
  });

  it('draw per property case from the kind, reproducibly from the seed', () => {
    const ctx = fakeCtx('X-Y-001', ROLES);
    const ordinary = { besides: ['moderator', 'admin', 'owner'] } as const;
    const draws = fc.sample(drawOf(ctx, 'assistant', ordinary), { seed: 3, numRuns: 40 });
    expect(fc.sample(drawOf(ctx, 'assistant', ordinary), { seed: 3, numRuns: 40 })).toEqual(draws);
    expect(new Set(draws)).toEqual(new Set(['guest', 'bot']));
  });
});
