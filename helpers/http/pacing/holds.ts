/**
 * Holds for timed steps: a check waiting for room for steps that must happen inside a time limit holds the calls it
 * needs, and the other workers' requests of the account leave them to it rather than take each slot as it frees.
 */
import { budgetLeft } from './load.ts';
import { leftOf } from './log.ts';
import { tell } from './news.ts';
import { type Budget, budgetOf, type PacingRun } from './state.ts';
import { keptBack } from './waiting.ts';

/** How often a request held back by another worker's hold looks again. */
export const HOLD_POLL_MS = 100;
/** How long a hold lasts unless renewed: one whose holder died (its thread ended mid-check) does not last. */
const HOLD_MS = 15_000;

/** Calls of the account held by other threads, or only by those that began holding before this thread's hold. */
export function heldByOthers(run: PacingRun, budget: Budget, now: number, { before = false } = {}): number {
  const mine = budget.holds.get(run.thread);
  let held = 0;
  for (const [holder, hold] of budget.holds) {
    if (holder === run.thread || hold.untilMs <= now) continue;
    if (before && mine && (hold.sinceMs > mine.sinceMs || (hold.sinceMs === mine.sinceMs && holder > run.thread)))
      continue;
    held += hold.count;
  }
  return held;
}

/** A request of this thread's armed hold is on its way: one call fewer held, and the hold ends with the last. */
export function spendHeld(run: PacingRun, account: string, budget: Budget): void {
  const mine = budget.holds.get(run.thread);
  if (!mine?.armed) return;
  tell(run, { kind: 'hold', account, holder: run.thread, ...mine, count: mine.count - 1 });
}

/**
 * This thread (the check it runs) holds `count` calls of the account for steps that must happen inside a time
 * limit: the other workers' requests of the account leave them free, so that the budget the check waits for is
 * not taken slot by slot as it frees. `armed` once the budget is there: each of the thread's requests of the
 * account then spends one. Renewed by calling again; a hold not renewed ends after HOLD_MS.
 */
export function holdBudget(run: PacingRun, account: string, count: number, armed: boolean, now: number): void {
  const mine = budgetOf(run, account).holds.get(run.thread);
  const since = mine?.sinceMs ?? now;
  tell(run, { kind: 'hold', account, holder: run.thread, count, sinceMs: since, untilMs: now + HOLD_MS, armed });
}

/** Ends this thread's holds (its check has ended). */
export function releaseHolds(run: PacingRun): void {
  for (const [account, budget] of run.budgets) {
    const mine = budget.holds.get(run.thread);
    if (mine) tell(run, { kind: 'hold', account, holder: run.thread, ...mine, count: 0 });
  }
}

/**
 * What is left of the account's budget for this thread's hold: what the target last said is left (budgetLeft),
 * less what threads that began holding before it hold. First come, first served: two holders do not both start
 * on the same calls.
 */
export function budgetLeftToHold(run: PacingRun, account: string, now: number): number | undefined {
  const left = budgetLeft(run, account, now);
  const budget = run.budgets.get(account);
  if (left === undefined || !budget || !Number.isFinite(left)) return left;
  return left - heldByOthers(run, budget, now, { before: true });
}

/**
 * The calls of the account that must be free before steps of `requests` calls that must all happen inside a time
 * limit: the steps', and room for the requests of the run's `workers` other workers that may spend the account before
 * the steps hold their calls (holdBudget) — one a worker, or near the end of the budget, where every thread counts
 * the requests on their way, only those and a margin. One a worker there made a check wait a whole window for 14
 * calls with 5 left, for steps of 2.
 */
export function roomFor(run: PacingRun, account: string, requests: number, workers: number, now: number): number {
  const budget = run.budgets.get(account);
  const left = budget && leftOf(budget, now);
  return requests + (left !== undefined ? keptBack(run, account, left, workers) : workers);
}
