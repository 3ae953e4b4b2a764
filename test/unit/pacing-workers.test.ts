// What the run's workers share (helpers/http/pacing/): news of answers, holds for timed steps, and the calls near
// the end of a budget, on a fake clock, the workers joined by an in-memory channel.
import { describe, expect, it } from 'vitest';
import { pacingWorld, shown } from '../support/pacing-world.ts';

describe("the run's workers", () => {
  it('hear the counts of answered requests in batches, and what ends a wait at once', async () => {
    const { clock, p, heard } = pacingWorld();
    for (let i = 0; i < 5; i++) p.noteAnswered('c@x', true, 1000 + i);
    expect(p.answeredFor('c@x')).toBe(5); // this worker counts at once
    expect(heard).toEqual([]);
    await clock.advance(50);
    // Counts with their times only: they may be older than a 429 another worker met since, so they say nothing of
    // the budget.
    expect(heard).toEqual([{ kind: 'counted', account: 'c@x', count: 5, times: [1000, 1001, 1002, 1003, 1004] }]);
    p.noteAnswered('c@x', false); // a 429: news at once
    expect(heard.at(-1)).toMatchObject({ kind: 'answered', accepted: false });
  });

  it('hear the counts at once against an external target, in 50 ms batches against the embedded one', async () => {
    const { clock, p, heard } = pacingWorld();
    p.enterRun('external', { external: true });
    p.noteAnswered('m@x');
    await clock.advance(0);
    expect(heard.map((news) => news.kind)).toEqual(['counted']);
    const embedded = pacingWorld();
    embedded.p.enterRun('embedded');
    embedded.p.noteAnswered('m@x');
    await embedded.clock.advance(49);
    expect(embedded.heard).toEqual([]);
    await embedded.clock.advance(1);
    expect(embedded.heard.map((news) => news.kind)).toEqual(['counted']);
  });

  it("hear a 429's wait before the budget its answer shows, which ends the probe that met it", () => {
    const { clock, p, heard, worker } = pacingWorld();
    const other = worker(2);
    p.noteRefusal('r@x', 200, clock.now(), shown(0, clock.now()));
    p.noteBudget('r@x', shown(0, clock.now()));
    expect(heard.map((news) => news.kind)).toEqual(['refusal', 'budget']);
    expect(other.blockedUntil('r@x')).toBe(clock.now() + 200);
  });

  it('leave the calls another worker holds for timed steps to it, first holder first; the holder spends them', async () => {
    const { clock, p, heard, worker } = pacingWorld();
    const other = worker(9999);
    const now = clock.now();
    p.noteBudget('h@x', shown(8, now), now);
    other.holdBudget('h@x', 10, false, now - 1000); // another thread began holding 10 calls before this one
    let sent = false;
    const held = p.waitForBudget('h@x', 2).then(() => {
      sent = true;
    });
    expect(await p.waitForBudget('h@x', 0)).toBe(0); // a request without a reserve (the lease) goes first
    p.holdBudget('h@x', 3, false);
    expect(p.budgetLeftToHold('h@x')).toBe(8 - 10); // the earlier holder is served first
    await clock.advance(250);
    expect(sent).toBe(false); // 8 left, 2 kept back and 10 held: this request waits
    other.releaseHolds();
    await clock.advance(200);
    await held; // the other thread's hold ended (this thread's own does not hold its requests back)
    expect(p.budgetLeftToHold('h@x')).toBe(8);
    // Armed, each of the holder's requests spends a held call, and the hold ends with the last.
    p.holdBudget('h@x', 2, true);
    await p.waitForBudget('h@x', 2);
    await p.waitForBudget('h@x', 2);
    const mine = heard.filter((news) => news.kind === 'hold' && news.holder === 1);
    expect(mine.map((news) => (news as { count: number }).count)).toEqual([3, 2, 1, 0]);
    p.holdBudget('h@x', 4, false);
    p.releaseHolds(); // the check ended
    expect(heard.at(-1)).toMatchObject({ kind: 'hold', holder: 1, count: 0 });
  });

  it("hold a holder's requests back by the holds begun before its own only: two holders never wait on each other", async () => {
    const { clock, p, worker } = pacingWorld();
    const other = worker(9998);
    const now = clock.now();
    p.noteBudget('k@x', shown(8, now), now);
    p.holdBudget('k@x', 3, false, now - 1000);
    other.holdBudget('k@x', 10, false, now); // another thread began holding 10 calls after this one
    expect(await p.waitForBudget('k@x', 2)).toBe(0); // 8 left, 2 kept back: the later hold is not in the way
    p.noteAnswered('k@x');
    // A request of a thread that holds nothing leaves every hold alone: 8 left, 2 kept back and 10 held, it waits.
    p.releaseHolds();
    let sent = false;
    const waiting = p.waitForBudget('k@x', 2).then(() => {
      sent = true;
    });
    await clock.advance(250);
    expect(sent).toBe(false);
    other.releaseHolds();
    await clock.advance(200);
    await waiting;
    expect(sent).toBe(true);
  });

  it('near the end of a budget, keep back only the requests on their way (every thread counts them) and two', async () => {
    const { clock, p, cells } = pacingWorld();
    const now = clock.now();
    p.noteBudget('f@x', shown(10, now), now);
    // A reserve of 14 (twelve workers and two) would wait here; with nothing on its way, two are kept back.
    expect(await p.waitForBudget('f@x', 14)).toBe(0);
    expect(p.onTheirWayOf('f@x')).toBe(1); // counted for every thread until its answer comes
    p.noteAnswered('f@x');
    expect(p.onTheirWayOf('f@x')).toBe(0);
    // Other threads have nine requests on their way: 10 left, 9 + 2 kept back, so this request waits for answers.
    const theirs = Array.from({ length: 9 }, () => cells.claim('f@x')!);
    let sent = false;
    const waiting = p.waitForBudget('f@x', 14).then(() => {
      sent = true;
    });
    await clock.advance(50);
    expect(sent).toBe(false);
    cells.release(theirs.pop()!);
    await clock.advance(50);
    expect(sent).toBe(false); // 8 on their way: 10 left is not more than 8 + 2
    cells.release(theirs.pop()!);
    await clock.advance(50);
    await waiting;
    p.noteAnswered('f@x');
    for (const call of theirs) cells.release(call);
    // Far from the end (more than 40 left) the reserve is kept back, whatever is on its way.
    p.noteBudget('f@x', shown(100, now), now);
    expect(await p.waitForBudget('f@x', 14)).toBe(0);
  });

  it('take the last call of a window for one request only, however many threads decide in the same instant', () => {
    const { clock, p, cells } = pacingWorld();
    p.noteBudget('h@x', shown(3, clock.now()));
    // Each thread's check, made at the instant its request is counted: three left, two kept back beyond those on
    // their way. The first request takes the call; every other finds it taken, whatever it learnt before.
    const free = (left: number | undefined, going: number) => (left ?? 0) > going + 2;
    const first = cells.claim('h@x', free);
    expect(first).toBeDefined();
    expect(cells.claim('h@x', free)).toBeUndefined();
    cells.release(first!);
    expect(cells.claim('h@x', free)).toBeDefined();
  });

  it('before timed steps, want free the steps and one call a worker; near the end, the steps and those on their way and two', () => {
    const { clock, p, cells } = pacingWorld();
    const now = clock.now();
    expect(p.roomFor('g@x', 2, 12)).toBe(14); // no budget shown: one a worker
    p.noteBudget('g@x', shown(100, now), now);
    expect(p.roomFor('g@x', 2, 12)).toBe(14);
    // 5 left, nothing on its way: the steps' 2 and a margin of 2 (one a worker would wait a window for 14).
    p.noteBudget('g@x', shown(5, now), now);
    expect(p.roomFor('g@x', 2, 12)).toBe(4);
    const theirs = Array.from({ length: 3 }, () => cells.claim('g@x')!);
    expect(p.roomFor('g@x', 2, 12)).toBe(7);
    for (const call of theirs) cells.release(call);
  });

  it('pick the account to act through by load, then by budget left less the load beyond the least', () => {
    const { clock, p } = pacingWorld();
    const now = clock.now();
    expect(p.lightest(['a@x', 'b@x', 'c@x'], 2)).toBe(2); // all alike: the preferred
    p.noteAnswered('c@x');
    expect(p.lightest(['a@x', 'b@x', 'c@x'], 2)).toBe(0); // the least asked, the first of them
    expect(p.lightest([undefined, 'c@x'], 0)).toBe(1); // a role without an account is never the lightest
    p.noteBudget('a@x', shown(10, now), now);
    p.noteBudget('b@x', shown(50, now), now);
    p.noteBudget('c@x', shown(60, now), now);
    expect(p.lightest(['a@x', 'b@x', 'c@x'])).toBe(2); // 60 less its one request beyond the least: 59
    p.noteOwed('c@x', 20); // what the run's end will undo through it counts from now
    expect(p.lightest(['a@x', 'b@x', 'c@x'])).toBe(1);
  });
});
