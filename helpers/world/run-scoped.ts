/**
 * What the request helpers learn in a run (the circuit breaker's failures, the accounts' rate budgets) is the run's
 * own. A worker thread kept for the next run (reused-threads.ts) forgets it when that run's world arrives, as a new
 * thread would never have known it.
 */
import { resetBreaker } from '../http/breaker.ts';
import { enterBudgetRun, learnKept, resetBudgets } from '../http/rate-budget.ts';
import type { World } from './types.ts';

let current: string | undefined;

/**
 * Called with every check's world: the first check of a new run clears the last run's state, and learns what the
 * runner's own requests told of the accounts' budgets before any worker could hear (World.budgetNews).
 */
export function enterRun({
  runId,
  budgetNews = [],
  target,
}: Pick<World, 'runId' | 'budgetNews'> & Partial<Pick<World, 'target'>>): void {
  if (runId === current) return;
  if (current !== undefined) {
    resetBreaker();
    resetBudgets();
  }
  current = runId;
  // Against an external target the counts of answered requests are news at once (rate-budget.ts answeredBatchMs).
  enterBudgetRun(runId, { external: target?.embedded === false });
  learnKept(budgetNews);
}
