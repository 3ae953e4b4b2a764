// A worker thread kept from one run to the next (helpers/run/reused-threads.ts) must start the next run as a new
// thread would: what the request helpers learnt about the last run's target is forgotten when a new world arrives.
import { afterEach, describe, expect, it } from 'vitest';
import { TargetError } from '../../helpers/errors.ts';
import { beforeRequest, onNetworkFailure, resetBreaker } from '../../helpers/http/breaker.ts';
import { answeredFor, noteAnswered, resetBudgets } from '../../helpers/http/rate-budget.ts';
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
    enterRun('run-a');
    for (let i = 0; i < 3; i++) onNetworkFailure('connection refused');
    noteAnswered('member@example.com');
    enterRun('run-a');
    expect(breakerOpen()).toBe(true);
    expect(answeredFor('member@example.com')).toBe(1);
  });

  it('is gone when the first check of another run starts: the breaker closed, no budget known', () => {
    enterRun('run-b');
    for (let i = 0; i < 3; i++) onNetworkFailure('connection refused');
    noteAnswered('member@example.com');
    enterRun('run-c');
    expect(breakerOpen()).toBe(false);
    expect(answeredFor('member@example.com')).toBe(0);
  });
});
