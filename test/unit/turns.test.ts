// The turns that checks of different files take on what they both change (helpers/checks/turns.ts).
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { takeTurn, takeTurns, turnFree } from '../../helpers/checks/turns.ts';
import { HarnessError } from '../../helpers/errors.ts';
import { Recorder } from '../../helpers/http/recorder.ts';

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

  // AUTH-001 against a server accepting any key: its mute set-up's probe with a wrong key mutes, so the set-up keeps
  // its turn on the bot's mutes until the check's end, and the next kind's fresh set-up asks for that turn again: a
  // check that waited for itself would wait out its bound, and BAD-MUTE-001 behind it.
  it('never wait for the check itself: a turn it holds it takes again at once, and it ends with its last take', async () => {
    const runId = `r${process.pid}${Date.now().toString(36)}`;
    const check = turnCtx(runId, 'AUTH-001');
    const soon = () => Date.now() + 1000;
    const endFirst = await takeTurn(check.ctx, 'mutes of the bot', soon());
    const endSecond = await takeTurn(check.ctx, 'mutes of the bot', soon());
    await turnFree(check.ctx, 'mutes of the bot', soon());
    const endBoth = await takeTurns(check.ctx, ['mutes of the bot', 'realm setting x']);
    expect(check.recorder.waitedMs()).toBeLessThan(100);
    expect(check.notes).toEqual([]);
    // Held while any take has not ended: another check waits.
    const other = turnCtx(runId, 'BAD-MUTE-001');
    let taken = false;
    const waiting = takeTurn(other.ctx, 'mutes of the bot').then(() => {
      taken = true;
    });
    endSecond();
    endSecond(); // once only
    endBoth();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(taken).toBe(false);
    endFirst();
    await waiting;
    expect(taken).toBe(true);
    await check.end(); // its deferred ends are spent: the other check keeps the turn
    expect(existsSync(join(tmpdir(), `teamchat-conformance-${runId}-turn-mutes_of_the_bot`))).toBe(true);
    await other.end();
  });

  it('end in error past their bound, naming what they waited for and its holder, holding nothing', async () => {
    const runId = `b${process.pid}${Date.now().toString(36)}`;
    const holder = turnCtx(runId, 'EDIT-LIMIT-001');
    await takeTurn(holder.ctx, 'realm setting x');
    const waiter = turnCtx(runId, 'AUTH-001');
    const taking = await takeTurn(waiter.ctx, 'realm setting x', Date.now() + 100).catch((e: unknown) => e);
    expect(taking).toBeInstanceOf(HarnessError);
    expect((taking as Error).message).toMatch(
      /^waited 0 s for EDIT-LIMIT-001 \(\d+\/\d+\) to end its turn on realm setting x: longer than a check waits for a turn \(300 s\)$/,
    );
    const freeing = await turnFree(waiter.ctx, 'realm setting x', Date.now() + 100).catch((e: unknown) => e);
    expect((freeing as Error).message).toMatch(/EDIT-LIMIT-001 .* to end its turn on realm setting x, holding nothing/);
    await waiter.end();
    // The turn is still the holder's.
    expect(existsSync(join(tmpdir(), `teamchat-conformance-${runId}-turn-realm_setting_x`))).toBe(true);
    await holder.end();
  });
});
