import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANYONE,
  actorFor,
  actorsOf,
  administratorOf,
  anyActor,
  PEOPLE,
  withBudget,
} from '../../helpers/checks/actors.ts';
import { budgetLeft, noteAnswered, noteBudget, resetBudgets } from '../../helpers/http/rate-budget.ts';
import { ROLES, type Role } from '../../helpers/roles.ts';
import { fakeCtx } from '../support/fake-context.ts';

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

  it('picks the admin as the administrator on a tie, else the owner; with neither, the admin (never a member)', () => {
    expect(administratorOf(fakeCtx('X-Y-001', ROLES))).toBe('admin');
    expect(administratorOf(fakeCtx('X-Y-001', ['member', 'owner']))).toBe('owner');
    expect(administratorOf(fakeCtx('X-Y-001', ['member', 'admin']))).toBe('admin');
    expect(administratorOf(fakeCtx('X-Y-001', ['member', 'owner', 'admin'], ['owner']))).toBe('admin');
    expect(administratorOf(fakeCtx('X-Y-001', ['member']))).toBe('admin');
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

describe('actors on a target that shows its budget', () => {
  const budgeted = (clauseId: string) => {
    const ctx = fakeCtx(clauseId, ROLES);
    for (const [role, account] of Object.entries(ctx.world.accounts)) {
      (account as { email: string }).email = `${role}@example.com`;
    }
    return ctx;
  };
  const left = (role: Role, remaining: number, now = Date.now()) =>
    noteBudget(
      `${role}@example.com`,
      { 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String((now + 60_000) / 1000) },
      now,
    );

  it('weighs the budget left against the requests answered beyond the least asked, whatever the clause id or the draw', () => {
    resetBudgets();
    for (const role of PEOPLE) left(role, 100);
    left('admin', 190);
    for (const role of PEOPLE) if (role !== 'owner') noteAnswered(`${role}@example.com`);
    // The admin: 190 left, one request beyond the owner's: 189 against the owner's 100.
    expect(actorFor(budgeted('X-Y-001'), PEOPLE)).toBe('admin');
    for (let i = 0; i < 100; i++) noteAnswered('admin@example.com');
    // Now 101 beyond: 89 against 100.
    for (let n = 1; n <= 10; n++) expect(actorFor(budgeted(`X-Y-00${n}`), PEOPLE)).toBe('owner');
    expect(new Set(fc.sample(anyActor(budgeted('X-Y-001'), PEOPLE), { seed: 7, numRuns: 20 }))).toEqual(
      new Set(['owner']),
    );
    resetBudgets();
  });

  it('acts through the pool account with the most budget left where the load is alike, whatever the clause id or the draw', () => {
    resetBudgets();
    for (const role of PEOPLE) left(role, 10);
    left('admin', 150);
    for (let n = 1; n <= 10; n++) expect(actorFor(budgeted(`X-Y-00${n}`), PEOPLE)).toBe('admin');
    expect(new Set(fc.sample(anyActor(budgeted('X-Y-001'), PEOPLE), { seed: 7, numRuns: 20 }))).toEqual(
      new Set(['admin']),
    );
    resetBudgets();
  });

  it('keeps the deterministic choice among equals, and when the target shows no budget', () => {
    resetBudgets();
    const ctx = budgeted('X-Y-001');
    const plain = actorFor(ctx, PEOPLE);
    for (const role of PEOPLE) left(role, 50);
    expect(actorFor(ctx, PEOPLE)).toBe(plain);
    expect(withBudget(ctx, 'member2', PEOPLE)).toBe('member2');
    resetBudgets();
    expect(withBudget(ctx, 'member2', PEOPLE)).toBe('member2');
  });

  it('without a budget shown, acts through the pool account the run has asked least of (the clause id among equals)', () => {
    resetBudgets();
    const ctx = fakeCtx('X-Y-001', ROLES);
    const plain = actorFor(ctx, PEOPLE);
    for (const role of PEOPLE) if (role !== 'admin') noteAnswered(`${role}@fake.test`);
    expect(actorFor(ctx, PEOPLE)).toBe('admin');
    noteAnswered('admin@fake.test');
    expect(actorFor(ctx, PEOPLE)).toBe(plain);
    noteAnswered('admin@fake.test');
    noteAnswered('owner@fake.test');
    expect(administratorOf(ctx)).toBe('admin'); // a tie: the admin, the owner carrying the owners' checks
    noteAnswered('admin@fake.test');
    expect(administratorOf(ctx)).toBe('owner');
    resetBudgets();
  });

  it('counts a window that has reset as full', () => {
    resetBudgets();
    const now = Date.now();
    noteBudget(
      'a@example.com',
      { 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': String((now + 1000) / 1000) },
      now,
    );
    expect(budgetLeft('a@example.com', now)).toBe(3);
    expect(budgetLeft('a@example.com', now + 2000)).toBe(Number.POSITIVE_INFINITY);
    expect(budgetLeft('b@example.com', now)).toBeUndefined();
    resetBudgets();
  });
});
