/**
 * The log of an account's accepted calls, and what it tells: how much is left where the target shows no budget
 * (by the limits read off its 429s), and when the next slot frees (`slotOf`).
 */
import { type LimitModel, leftBy, slotBy, stillPossible } from './limit-inference.ts';
import type { Budget, PacingRun } from './state.ts';

/** Calls logged per account: enough for a few windows of any limit a run meets. */
const LOG_LENGTH = 2000;

export function logAccepted(budget: Budget, ...times: number[]): void {
  const last = budget.accepted[budget.accepted.length - 1];
  if (last !== undefined && times.some((t) => t < last)) budget.sorted = false;
  budget.accepted.push(...times);
  if (budget.accepted.length > LOG_LENGTH) budget.accepted.splice(0, budget.accepted.length - LOG_LENGTH);
}

/** The account's log of accepted calls, ascending. */
export function logOf(budget: Budget): number[] {
  if (!budget.sorted) {
    budget.accepted.sort((a, b) => a - b);
    budget.sorted = true;
  }
  return budget.accepted;
}

/**
 * Rules out the limits read off the 429s that calls accepted at `times` exceed (limit-inference.ts): none left, the
 * account goes on as before any 429, until the next tells more.
 */
export function ruleOut(budget: Budget, times: readonly number[]): void {
  if (!budget.models) return;
  const log = logOf(budget);
  let models: readonly LimitModel[] = budget.models;
  for (const at of times) models = stillPossible(models, log, at);
  budget.models = models.length > 0 ? models : undefined;
  budget.confirmed &&= budget.models !== undefined;
}

/**
 * Margin on the times the log gives: a call is logged when its answer came, the target counted it when it arrived.
 * Late by this much, a call lands after its slot frees; early, it meets a 429, which corrects the log's window.
 */
const SLOT_MARGIN_MS = 250;

/**
 * When the account has more than `reserve` calls free, by the log of its answered calls: with `limit` calls allowed
 * in a window, the last 429 came when the window held the `limit` calls answered last, and its wait ended as the
 * oldest of them left the window; so the window's length is known, and each later slot frees as the next logged call
 * leaves it. Where the target shows no limit, by the limits read off its 429s (limit-inference.ts). Undefined where
 * the log cannot tell: no limit shown or read, no 429 yet, fewer calls logged than the limit, or a reserve as large
 * as the limit. Where another client spends the account too, the log misses its calls and the window comes out
 * longer than it is: the wait is then longer than needed, never shorter.
 */
export function slotOf(budget: Budget, reserve: number, { strictest = true } = {}): number | undefined {
  const { limit, refusal } = budget;
  if (budget.models) {
    const slot = slotBy(budget.models, logOf(budget), reserve, strictest) + SLOT_MARGIN_MS;
    return Number.isFinite(slot) ? slot : undefined;
  }
  if (limit === undefined || refusal === undefined) return undefined;
  const log = logOf(budget);
  let before = 0; // calls answered before the 429 came
  while (before < log.length && log[before]! <= refusal.atMs) before++;
  const oldest = log[before - limit];
  if (oldest === undefined) return undefined;
  const windowMs = Math.min(refusal.untilMs - oldest, windowByReset(refusal, log[before - 1]!));
  if (reserve >= limit) return undefined;
  const index = log.length - limit + reserve;
  if (index < 0) return 0;
  // Never past the Reset, which in every style comes no later than a slot frees: a log that misses another
  // client's calls waits too long, not forever.
  const slot = log[index]! + windowMs + SLOT_MARGIN_MS;
  return budget.shown ? Math.min(slot, budget.resetAtMs) : slot;
}

/**
 * The most the window can be by the 429's Reset, where that Reset names when the window is clear of every call (as
 * Zulip's does): later than the 429's wait, which ends as the oldest call leaves. The window is then that Reset less
 * the newest call, at most; the newest the log has (`newest`) is no later than the target's, and a second covers a
 * Reset in whole seconds, rounded either way. The log's own estimate runs long by a quiet stretch for each call it
 * lacks (the calls of the world's preparation, made before the workers started, say): a few calls missing across
 * the gap between a run's first burst and its second window make an account wait most of a window past its slot.
 * Infinite where the Reset says nothing of the kind (a fixed window's end, the next free slot).
 */
function windowByReset(refusal: { untilMs: number; resetAtMs?: number }, newest: number): number {
  const { untilMs, resetAtMs } = refusal;
  if (resetAtMs === undefined || resetAtMs <= untilMs + RESET_ROUNDING_MS) return Number.POSITIVE_INFINITY;
  return resetAtMs - newest + RESET_ROUNDING_MS;
}

/** How far a Reset in whole seconds may be from the moment it names. */
const RESET_ROUNDING_MS = 1000;

/**
 * What is left of the account's budget: what the target's last answer said, or where it shows none, what the
 * strictest of the limits read off its 429s leaves now (limit-inference.ts). Undefined where neither says.
 */
export function leftOf(budget: Budget, now: number): number | undefined {
  if (budget.shown) return budget.remaining;
  return budget.models && leftBy(budget.models, logOf(budget), now);
}

/** What the limits read off another account's 429s would leave the account now, where any are read. */
export function borrowedLeft(run: PacingRun, budget: Budget, now: number): number | undefined {
  for (const other of run.budgets.values())
    if (other !== budget && other.models && !other.shown) return leftBy(other.models, logOf(budget), now);
  return undefined;
}

/**
 * borrowedLeft for an account whose target shows no budget and that has met no 429 of its own (its own limits are
 * read off its 429s): the pacing keeps to another account's limit only until then.
 */
export function leftBeforeRefusal(run: PacingRun, budget: Budget, now: number): number | undefined {
  return budget.shown || budget.refusal !== undefined ? undefined : borrowedLeft(run, budget, now);
}
