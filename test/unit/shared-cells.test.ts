import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { runTagOf } from '../../helpers/http/pacing/cells.ts';
import {
  enterBudgetRun,
  noteAnswered,
  noteBudget,
  noteRefusal,
  resetBudgets,
  sharedCells,
  waitForBudget,
} from '../../helpers/http/rate-budget.ts';

const WORKER = new URL('../support/budget-worker.mjs', import.meta.url);
const workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.terminate()));
  resetBudgets();
});

const next = (worker: Worker) => new Promise<unknown>((resolve) => worker.once('message', resolve));

describe('calls shared between worker threads', () => {
  it.each([
    ['the last free call of a window', '3'], // two kept back beyond the requests on their way: one may go
    ['the one request that finds out whether a spent account is back', '0'], // its Reset a minute away: ask, once
  ])('%s goes to one thread only, however many ask in the same instant', async (_, left) => {
    const account = `race-${left}-${process.pid}@example.com`;
    const gate = new SharedArrayBuffer(4);
    for (let i = 0; i < 4; i++) workers.push(new Worker(WORKER, { workerData: { account, gate }, execArgv: [] }));
    await Promise.all(workers.map(next)); // each has loaded, and offered or taken the shared counters
    noteBudget(account, { 'x-ratelimit-remaining': left, 'x-ratelimit-reset': String(Date.now() / 1000 + 60) });
    await new Promise((resolve) => setTimeout(resolve, 100)); // every thread has heard of the budget
    const answers = workers.map(next);
    for (const worker of workers) worker.postMessage('arm');
    await new Promise((resolve) => setTimeout(resolve, 50)); // every thread blocks at the gate
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
    const went = (await Promise.all(answers)).filter((a) => (a as { went: boolean }).went);
    expect(went).toHaveLength(1);
    expect(sharedCells().onTheirWayOf(account)).toBe(1); // the one that went, counted here too: one buffer for all the threads
  });

  it("holds back a thread that has not yet heard of another thread's 429", async () => {
    const account = `held-${process.pid}@example.com`;
    const gate = new SharedArrayBuffer(4);
    for (let i = 0; i < 4; i++) workers.push(new Worker(WORKER, { workerData: { account, gate }, execArgv: [] }));
    await Promise.all(workers.map(next));
    noteAnswered(account, true, Date.now(), false); // a target that shows no budget: every thread knows the account
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answers = workers.map(next);
    for (const worker of workers) worker.postMessage('arm');
    await new Promise((resolve) => setTimeout(resolve, 50)); // every thread blocks at the gate, deaf to news
    noteRefusal(account, 60_000);
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
    const went = (await Promise.all(answers)).filter((a) => (a as { went: boolean }).went);
    expect(went).toHaveLength(0);
  });

  it("leaves a 429's hold to its run: another run of the process, before or at once, is not held back", async () => {
    const account = `runs-${process.pid}@example.com`;
    // Another thread's run met a 429 a minute long (the kill matrix runs many at once; a file's runs come one after
    // another in the same process).
    sharedCells().storeBlockedUntil(account, Date.now() + 60_000, runTagOf('an earlier run'));
    enterBudgetRun('this run');
    noteAnswered(account, true, Date.now(), false);
    expect(await waitForBudget(account, 0)).toBeLessThan(100);
    // Its own run's holds, it keeps.
    sharedCells().storeBlockedUntil(account, Date.now() + 200, runTagOf('this run'));
    expect(await waitForBudget(account, 0)).toBeGreaterThanOrEqual(150);
  });

  it('counts a claim where it was made, and gives it back there', () => {
    const first = sharedCells().claim('count@example.com');
    const second = sharedCells().claim('count@example.com', (_, going) => going < 1);
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    expect(sharedCells().onTheirWayOf('count@example.com')).toBe(1);
    sharedCells().release(first!);
    expect(sharedCells().onTheirWayOf('count@example.com')).toBe(0);
  });
});
