/**
 * Load accounting for who acts: what is left of each account's budget, the requests the run has had answered or
 * owes through it, and the one query everyone who picks an account asks (`lightest`).
 */
import { borrowedLeft, leftOf } from './log.ts';
import { tell } from './news.ts';
import type { PacingRun } from './state.ts';

/**
 * What the target last said is left of the account's budget in its window: undefined when it has said nothing
 * (no rate limit shown, or no answer yet), 0 while a 429 holds it back, and unlimited once the window has reset.
 */
export function budgetLeft(run: PacingRun, account: string, now: number): number | undefined {
  const budget = run.budgets.get(account);
  if (!budget) return undefined;
  if (budget.blockedUntilMs > now) return 0;
  if (!budget.shown) return budget.confirmed ? leftOf(budget, now) : undefined;
  return now >= budget.resetAtMs ? Number.POSITIVE_INFINITY : budget.remaining;
}

/**
 * What is left of the account's budget, for weighing it against other accounts: budgetLeft, or where the target
 * shows no budget and no second 429 of the account's own has confirmed a limit yet, what the limits read off any
 * account's 429s would leave it (a per-user limit is most often the same for every user). Not for pacing: a limit
 * borrowed is a guess. Undefined where nothing is known.
 */
export function budgetToWeigh(run: PacingRun, account: string, now: number): number | undefined {
  const left = budgetLeft(run, account, now);
  const budget = run.budgets.get(account);
  if (left !== undefined || !budget || budget.shown) return left;
  return borrowedLeft(run, budget, now);
}

/** Requests of the account the run's workers have had answered. */
export function answeredFor(run: PacingRun, account: string): number {
  return run.budgets.get(account)?.answered ?? 0;
}

/** Requests the run owes through the account at its end (state.ts: Budget.owed): every worker hears of them. */
export function noteOwed(run: PacingRun, account: string, count: number): void {
  tell(run, { kind: 'owed', account, count });
}

/** Requests of the account the run has had answered or owes: its load, as the run leads it. */
export function loadOf(run: PacingRun, account: string): number {
  const budget = run.budgets.get(account);
  return budget ? budget.answered + budget.owed : 0;
}

/**
 * Which of `accounts` the run should act through (its index), where any of them will do; `preferred` among equals
 * (undefined entries, roles without an account, are never chosen unless preferred). The load leads: first the
 * account the run has asked least of (answered and owed), so that no account of a pool runs far ahead of the
 * others and meets a per-user limit the rest are far from; then, where budgets are known (shown, or read off
 * 429s: budgetToWeigh), the one with the most left once its load beyond the least loaded's is taken off, the less
 * loaded among equals. Led by the budget of the moment alone, checks starting together saw the same richest
 * account, and one account ended runs 1.25-1.32 times as busy as the mean: a per-user limit bears on the requests
 * of the whole run.
 */
export function lightest(run: PacingRun, accounts: readonly (string | undefined)[], preferred: number, now: number) {
  const load = (i: number) => {
    const account = accounts[i];
    return account === undefined ? Number.POSITIVE_INFINITY : loadOf(run, account);
  };
  let best = preferred;
  for (let i = 0; i < accounts.length; i++) if (load(i) < load(best)) best = i;
  const first = accounts[best];
  if (first === undefined || budgetToWeigh(run, first, now) === undefined) return best;
  const least = Math.min(...accounts.map((_, i) => load(i)));
  const score = (i: number) => {
    const account = accounts[i];
    const left = account === undefined ? undefined : budgetToWeigh(run, account, now);
    return left === undefined ? Number.NEGATIVE_INFINITY : left - (load(i) - least);
  };
  for (let i = 0; i < accounts.length; i++) {
    const [s, b] = [score(i), score(best)];
    if (s > b || (s === b && load(i) < load(best))) best = i;
  }
  return best;
}
