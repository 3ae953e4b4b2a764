// The kinds of account a check asks for where any will do (helpers/checks/actors.ts), and the turns that checks of
// different files take on a realm setting they both change (helpers/checks/shared-state.ts).
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actorFor, drawOf, KINDS, rolesOfKind, someoneOf } from '../../helpers/checks/actors.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { takeTurn, takeTurns, turnFree } from '../../helpers/checks/shared-state.ts';
import { Recorder } from '../../helpers/http/recorder.ts';
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

describe('turns on shared state within a run', () => {
  const turnCtx = (runId: string, clause: string) => {
    const deferred: (() => unknown)[] = [];
    const notes: string[] = [];
    const recorder = new Recorder();
    const first = { now: false };
    const ctx = {
      world: { runId },
      clause: { id: clause },
      recorder,
      note: (text: string) => notes.push(text),
      defer: (_label: string, undo: () => unknown) => deferred.push(undo),
      goFirst: () => {
        first.now = true;
      },
    } as unknown as CheckContext;
    return { ctx, notes, recorder, first, end: async () => Promise.all(deferred.map((undo) => undo())) };
  };

  it('let one check at a time hold a turn, the next waiting until the first has ended', async () => {
    const runId = `t${process.pid}${Date.now().toString(36)}`;
    const first = turnCtx(runId, 'A-001');
    const second = turnCtx(runId, 'B-001');
    await takeTurn(first.ctx, 'realm setting x');
    let waited = true;
    const next = takeTurn(second.ctx, 'realm setting x').then(() => {
      waited = false;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(waited).toBe(true);
    // Its holder goes first where budgets run low (the waiting check's wait ends with it); the waiting one not yet.
    expect([first.first.now, second.first.now]).toEqual([true, false]);
    // Another setting, or another run, is not held up.
    const other = turnCtx(runId, 'C-001');
    await takeTurn(other.ctx, 'realm setting y');
    const otherRun = turnCtx(`${runId}b`, 'A-001');
    await takeTurn(otherRun.ctx, 'realm setting x');
    await first.end();
    await next;
    expect(waited).toBe(false);
    // The wait for the turn is not the waiting check's own work: it does not count against its time limit.
    expect(second.recorder.waitedMs()).toBeGreaterThanOrEqual(140);
    expect(first.recorder.waitedMs()).toBeLessThan(100);
    await Promise.all([second.end(), other.end(), otherRun.end()]);
    expect(existsSync(join(tmpdir(), `teamchat-conformance-${runId}-turn-realm_setting_x`))).toBe(false);
  });

  it('tell, holding nothing, when a turn is free: at once when nobody holds it, else once its holder has ended', async () => {
    const runId = `f${process.pid}${Date.now().toString(36)}`;
    const holder = turnCtx(runId, 'A-001');
    const waiter = turnCtx(runId, 'B-001');
    await turnFree(waiter.ctx, 'realm setting x');
    expect(waiter.recorder.waitedMs()).toBeLessThan(100);
    await takeTurn(holder.ctx, 'realm setting x');
    let free = false;
    const freed = turnFree(waiter.ctx, 'realm setting x').then(() => {
      free = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(free).toBe(false);
    await holder.end();
    await freed;
    expect(free).toBe(true);
    // Waiting for it took no turn: another check takes it at once.
    const next = turnCtx(runId, 'C-001');
    await takeTurn(next.ctx, 'realm setting x');
    expect(next.recorder.waitedMs()).toBeLessThan(100);
    await next.end();
  });

  it('take several turns holding none while one of them is held: the free ones stay free for other checks', async () => {
    const runId = `g${process.pid}${Date.now().toString(36)}`;
    const holder = turnCtx(runId, 'A-001');
    await takeTurn(holder.ctx, 'realm setting y');
    const taker = turnCtx(runId, 'B-001');
    let taken = false;
    const both = takeTurns(taker.ctx, ['realm setting x', 'realm setting y']).then(() => {
      taken = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(taken).toBe(false);
    // Waiting for y, the taker holds no turn on x: another check takes it at once.
    const other = turnCtx(runId, 'C-001');
    await takeTurn(other.ctx, 'realm setting x');
    expect(other.recorder.waitedMs()).toBeLessThan(100);
    await other.end();
    await holder.end();
    await both;
    expect(taken).toBe(true);
    await taker.end();
  });

  it('end a turn before the check ends when told, and leave the next holder its turn when the check does end', async () => {
    const runId = `h${process.pid}${Date.now().toString(36)}`;
    const early = turnCtx(runId, 'A-001');
    const endTurn = await takeTurn(early.ctx, 'realm setting x');
    endTurn();
    const next = turnCtx(runId, 'B-001');
    await takeTurn(next.ctx, 'realm setting x');
    expect(next.recorder.waitedMs()).toBeLessThan(100);
    await early.end(); // its deferred end of the turn is spent: the next holder keeps it
    const third = turnCtx(runId, 'C-001');
    let taken = false;
    const waiting = takeTurn(third.ctx, 'realm setting x').then(() => {
      taken = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(taken).toBe(false);
    await next.end();
    await waiting;
    await third.end();
  });
});
