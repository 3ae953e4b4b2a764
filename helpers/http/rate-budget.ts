/**
 * Per-account pacing from the target's X-RateLimit-* headers: when an account's remaining budget falls to the
 * reserve, its next request waits for the window to reset instead of running into a 429. The reserve leaves room
 * for the other worker processes, which spend the same account's budget unseen. A 429 is still honoured.
 */
interface Budget {
  remaining: number;
  resetAtMs: number;
}

const budgets = new Map<string, Budget>();

/** Waits, if the account's budget is spent down to `reserve`, until its window resets. */
export async function waitForBudget(
  account: string,
  reserve: number,
  now = Date.now(),
  onWait?: (untilMs: number) => void,
): Promise<number> {
  const budget = budgets.get(account);
  if (!budget || budget.remaining > reserve || now >= budget.resetAtMs) return 0;
  const wait = budget.resetAtMs - now;
  onWait?.(budget.resetAtMs);
  await new Promise((r) => setTimeout(r, wait));
  return wait;
}

/** Learns the account's budget from an answer's headers (absent headers: the target sets no visible limit). */
export function noteBudget(
  account: string,
  headers: Readonly<Record<string, string | undefined>>,
  now = Date.now(),
): void {
  const remaining = Number(headers['x-ratelimit-remaining']);
  const reset = Number(headers['x-ratelimit-reset']);
  if (!Number.isFinite(remaining) || !Number.isFinite(reset)) return;
  // Reset is a Unix time in seconds on Zulip; a small number is read as seconds from now.
  const resetAtMs = reset > 1e9 ? reset * 1000 : now + reset * 1000;
  budgets.set(account, { remaining, resetAtMs: resetAtMs + 50 });
}

/**
 * What the target last said is left of the account's budget in its window: undefined when it has said nothing
 * (no rate limit shown, or no answer yet), and unlimited once the window has reset.
 */
export function budgetLeft(account: string, now = Date.now()): number | undefined {
  const budget = budgets.get(account);
  if (!budget) return undefined;
  return now >= budget.resetAtMs ? Number.POSITIVE_INFINITY : budget.remaining;
}

/** For tests of the harness itself. */
export function resetBudgets(): void {
  budgets.clear();
}
