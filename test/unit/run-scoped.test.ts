// A worker thread kept from one run to the next (helpers/run/reused-threads.ts) must start the next run as a new
// thread would: what the request helpers learnt about the last run's target is forgotten when a new world arrives.

import { BroadcastChannel } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TargetError } from '../../helpers/errors.ts';
import { beforeRequest, onNetworkFailure, resetBreaker } from '../../helpers/http/breaker.ts';
import {
  answeredFor,
  budgetLeft,
  keepNews,
  learnKept,
  noteAnswered,
  noteBudget,
  resetBudgets,
} from '../../helpers/http/rate-budget.ts';
import { enterRun } from '../../helpers/world/run-scoped.ts';

// The batch of counts waits on a timer: faked, so that what the channel brings is decided by the test's steps, and
// the channel itself (a real one, as between a run's threads) is awaited, however loaded the machine.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  resetBreaker();
  resetBudgets();
});

// Accounts of this file alone: the channel is the process's, and other files' threads may have news of theirs.
const MEMBER = 'run-scoped-member@example.com';
const OWNER = 'run-scoped-owner@example.com';

type Heard = { kind: string; account: string };
const kinds = (news: Heard[]) => news.map(({ kind, account }) => `${kind} ${account}`);

/**
 * What the other threads hear of this file's accounts: `until` resolves, once news matching `last` arrives, with
 * what arrived since the last call (none other is awaited: vitest's time limit bounds a channel that brings nothing).
 */
function listen() {
  const channel = new BroadcastChannel('teamchat-conformance:rate-budget');
  let heard: Heard[] = [];
  let waiting: { last: (news: Heard) => boolean; resolve: (news: Heard[]) => void } | undefined;
  const settle = () => {
    const at = waiting ? heard.findIndex(waiting.last) : -1;
    if (at < 0) return;
    waiting?.resolve(heard.slice(0, at + 1));
    heard = heard.slice(at + 1);
    waiting = undefined;
  };
  channel.onmessage = (event) => {
    const news = (event as { data: Heard }).data;
    if (news.account !== MEMBER && news.account !== OWNER) return;
    heard.push(news);
    settle();
  };
  return {
    until: (last: (news: Heard) => boolean) =>
      new Promise<Heard[]>((resolve) => {
        waiting = { last, resolve };
        settle();
      }),
    close: () => channel.close(),
  };
}

const breakerOpen = () => {
  try {
    beforeRequest();
    return false;
  } catch (error) {
    return error instanceof TargetError;
  }
};

describe('the state of a run, in a thread that outlives it', () => {
  it('lasts for the checks of the same run', () => {
    enterRun({ runId: 'run-a' });
    for (let i = 0; i < 3; i++) onNetworkFailure('connection refused');
    noteAnswered(MEMBER);
    enterRun({ runId: 'run-a' });
    expect(breakerOpen()).toBe(true);
    expect(answeredFor(MEMBER)).toBe(1);
  });

  it('is gone when the first check of another run starts: the breaker closed, no budget known', () => {
    enterRun({ runId: 'run-b' });
    for (let i = 0; i < 3; i++) onNetworkFailure('connection refused');
    noteAnswered(MEMBER);
    enterRun({ runId: 'run-c' });
    expect(breakerOpen()).toBe(false);
    expect(answeredFor(MEMBER)).toBe(0);
  });

  it("learns what the runner's own requests told before any worker could hear, and tells it to nobody else", async () => {
    const others = listen();
    const reset = String(Math.ceil((Date.now() + 60_000) / 1000));
    const endKeeping = keepNews(); // the runner prepares the world: two requests of the member
    noteBudget(MEMBER, { 'x-ratelimit-remaining': '198', 'x-ratelimit-reset': reset });
    noteAnswered(MEMBER);
    noteAnswered(MEMBER);
    const budgetNews = endKeeping();
    vi.advanceTimersByTime(50); // past the batch of counts
    // A 429 after the keeping is news at once: what the channel brings before it is all that was told.
    noteAnswered(OWNER, false);
    expect(await others.until((news) => news.account === OWNER)).toEqual([
      expect.objectContaining({ kind: 'answered', account: OWNER }),
    ]);
    others.close();
    // A worker's first check of the run: the runner's requests are counted there as if it had heard them.
    resetBudgets();
    enterRun({ runId: 'run-d', budgetNews });
    expect(answeredFor(MEMBER)).toBe(2);
    expect(budgetLeft(MEMBER)).toBe(198);
    // A budget a new worker heard of before its first check (another worker's news) is newer than the runner's.
    resetBudgets();
    noteBudget(MEMBER, { 'x-ratelimit-remaining': '120', 'x-ratelimit-reset': reset });
    learnKept(budgetNews);
    expect(budgetLeft(MEMBER)).toBe(120);
    expect(answeredFor(MEMBER)).toBe(2);
  });

  // How long a batch gathers is pacing-workers.test.ts's, on a fake clock; here, that the run's target reaches the
  // pacing through enterRun, and its news the other threads through the real channel.
  it('tells the other workers its counts of answered requests at once against an external target, in 50 ms batches on the embedded server', async () => {
    const others = listen();
    enterRun({ runId: 'run-e', target: { embedded: false } as never });
    noteAnswered(MEMBER);
    vi.advanceTimersByTime(0);
    noteAnswered(MEMBER, false); // news at once, after the count: a channel keeps one sender's order
    expect(kinds(await others.until((news) => news.kind === 'answered'))).toEqual([
      `counted ${MEMBER}`,
      `answered ${MEMBER}`,
    ]);
    enterRun({ runId: 'run-f', target: { embedded: true } as never });
    noteAnswered(OWNER);
    vi.advanceTimersByTime(49);
    noteAnswered(OWNER, false);
    expect(kinds(await others.until((news) => news.account === OWNER))).toEqual([`answered ${OWNER}`]);
    vi.advanceTimersByTime(1);
    expect(kinds(await others.until((news) => news.kind === 'counted'))).toEqual([`counted ${OWNER}`]);
    others.close();
  });
});
