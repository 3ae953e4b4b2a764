/**
 * What the request helpers learn in a run (the circuit breaker's failures, the accounts' rate budgets) is the run's
 * own. A worker thread kept for the next run (reused-threads.ts) forgets it when that run's world arrives, as a new
 * thread would never have known it.
 */
import { resetBreaker } from '../http/breaker.ts';
import { resetBudgets } from '../http/rate-budget.ts';

let current: string | undefined;

/** Called with the run id of every check's world: the first check of a new run clears the last run's state. */
export function enterRun(runId: string): void {
  if (runId === current) return;
  if (current !== undefined) {
    resetBreaker();
    resetBudgets();
  }
  current = runId;
}
