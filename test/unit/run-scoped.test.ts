// A worker thread kept from one run to the next (helpers/run/reused-threads.ts) must start the next run as a new
// thread would: what the request helpers learnt about the last run's target is forgotten when a new world arrives.

import { BroadcastChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
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
import { enterRun } from '../../helpers/run/run-scoped.ts';

afterEach(() => {
  resetBreaker();
  resetBudgets();
});

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
    noteAnswered('member@example.com');
    enterRun({ runId: 'run-a' });
    expect(breakerOpen()).toBe(true);
    expect(answeredFor('member@example.com')).toBe(1);
  });

  it('is gone when the first check of another run starts: the breaker closed, no budget known', () => {
    enterRun({ runId: 'run-b' });
    for (let i = 0; i < 3; i++) onNetworkFailure('connection refused');
    noteAnswered('member@example.com');
    enterRun({ runId: 'run-c' });
    expect(breakerOpen()).toBe(false);
    expect(answeredFor('member@example.com')).toBe(0);
  });

  it("learns what the runner's own requests told before any worker could hear, and tells it to nobody else", async () => {
    const others: unknown[] = [];
    const channel = new BroadcastChannel('teamchat-conformance:rate-budget');
    channel.onmessage = (event) => others.push((event as { data: unknown }).data);
    const reset = String(Math.ceil((Date.now() + 60_000) / 1000));
    const endKeeping = keepNews(); // the runner prepares the world: two requests of the member
    noteBudget('member@example.com', { 'x-ratelimit-remaining': '198', 'x-ratelimit-reset': reset });
    noteAnswered('member@example.com');
    noteAnswered('member@example.com');
    const budgetNews = endKeeping();
    await new Promise((resolve) => setTimeout(resolve, 80)); // past the batch of counts
    expect(others).toEqual([]);
    // A worker's first check of the run: the runner's requests are counted there as if it had heard them.
    resetBudgets();
    enterRun({ runId: 'run-d', budgetNews });
    expect(answeredFor('member@example.com')).toBe(2);
    expect(budgetLeft('member@example.com')).toBe(198);
    // A budget a new worker heard of before its first check (another worker's news) is newer than the runner's.
    resetBudgets();
    noteBudget('member@example.com', { 'x-ratelimit-remaining': '120', 'x-ratelimit-reset': reset });
    learnKept(budgetNews);
    expect(budgetLeft('member@example.com')).toBe(120);
    expect(answeredFor('member@example.com')).toBe(2);
    channel.close();
  });

  it('tells the other workers its counts of answered requests at once against an external target, in 50 ms batches on the embedded server', async () => {
    const heard: string[] = [];
    const channel = new BroadcastChannel('teamchat-conformance:rate-budget');
    channel.onmessage = (event) => {
      const news = (event as { data: { kind?: string; account?: string } }).data;
      if (news.kind === 'counted') heard.push(news.account!);
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    enterRun({ runId: 'run-e', target: { embedded: false } as never });
    noteAnswered('member@example.com');
    await sleep(20);
    expect(heard).toEqual(['member@example.com']);
    enterRun({ runId: 'run-f', target: { embedded: true } as never });
    noteAnswered('owner@example.com');
    await sleep(20);
    expect(heard).toEqual(['member@example.com']);
    await sleep(60);
    expect(heard).toEqual(['member@example.com', 'owner@example.com']);
    channel.close();
  });
});
