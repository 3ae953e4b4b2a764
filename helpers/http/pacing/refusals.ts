/**
 * What the target's answers say of an account's budget: the X-RateLimit-* headers (`noteBudget`), and a 429
 * (`noteRefusal`), whose wait holds the account back in every worker at once and, where the target shows no budget,
 * tells with the log the limits it could have (limit-inference.ts).
 */
import { alikeTo, type LimitModel, limitsFrom, type SeenRefusal } from './limit-inference.ts';
import { logOf } from './log.ts';
import { tell } from './news.ts';
import { budgetOf, type PacingRun } from './state.ts';

/** 429s kept per account whose target shows no budget: the models are read from them (limit-inference.ts). */
export const REFUSALS_KEPT = 20;

type Headers = Readonly<Record<string, string | undefined>>;

/** Learns the account's budget from an answer's headers (absent headers: the target shows no budget). */
export function noteBudget(run: PacingRun, account: string, headers: Headers, now: number): void {
  const remaining = Number(headers['x-ratelimit-remaining']);
  const limit = Number(headers['x-ratelimit-limit']);
  const resetAtMs = resetAtOf(headers, now);
  if (!Number.isFinite(remaining) || resetAtMs === undefined) return;
  // Before the request that had this answer counts as on its way no longer (noteAnswered): never a moment where
  // neither the call it spent nor the request shows (cells.ts).
  run.cells.storeLeft(account, remaining);
  const shownLimit = Number.isInteger(limit) && limit > 0 ? { limit } : {};
  tell(run, { kind: 'budget', account, remaining, resetAtMs, ...shownLimit });
}

/** When an answer's X-RateLimit-Reset says the budget is whole again (ms, and a little after), if it says. */
function resetAtOf(headers: Headers, now: number): number | undefined {
  const reset = Number(headers['x-ratelimit-reset']);
  if (!Number.isFinite(reset)) return undefined;
  // Reset is a Unix time in seconds on Zulip; a small number is read as seconds from now.
  return (reset > 1e9 ? reset * 1000 : now + reset * 1000) + 50;
}

/**
 * A 429: the account waits `retryAfterMs` (and a little jitter) in every worker. The 429's own headers tell what its
 * Reset names (log.ts: slotOf).
 */
export function noteRefusal(
  run: PacingRun,
  account: string,
  retryAfterMs: number,
  now: number,
  headers: Headers,
): void {
  // Every thread holds back at once; the news (with the limits read) follows.
  run.cells.storeBlockedUntil(account, now + retryAfterMs, run.runTag);
  const resetAtMs = resetAtOf(headers, now);
  const budget = budgetOf(run, account);
  // Where the target shows no budget, the limits it could have are read here, once, and told with the 429.
  const refusals = [...budget.refusals, { atMs: now, untilMs: now + retryAfterMs }].slice(-REFUSALS_KEPT);
  const read =
    budget.shown || headers['x-ratelimit-remaining'] !== undefined ? undefined : limitsLike(run, account, refusals);
  tell(run, {
    kind: 'refusal',
    account,
    atMs: now,
    blockedUntilMs: now + retryAfterMs,
    ...(resetAtMs === undefined ? {} : { resetAtMs }),
    ...(read ? { models: read.models, alike: read.alike } : {}),
  });
}

/**
 * The limits the account's 429s and its log of calls leave (limit-inference.ts), and whether they are like those
 * another account's 429s read (`alike`), confirmed or not: a per-user limit is most often every user's, so that such
 * a limit is confirmed by the account's first 429 (and the other's by it: confirmAlike), and is read even where the
 * account's own calls alone leave too many limits to tell apart (a short wait leaves a gap before many calls: an
 * account with a wait of milliseconds and no limit read went on one request at a time, each meeting a 429 as the
 * window freed a call at a time).
 */
function limitsLike(
  run: PacingRun,
  account: string,
  refusals: readonly SeenRefusal[],
): { models: LimitModel[]; alike: boolean } {
  const log = logOf(budgetOf(run, account));
  const models = limitsFrom(log, refusals);
  const read = [...run.budgets]
    .filter(([other, b]) => other !== account && !b.shown && b.models)
    .flatMap(([, b]) => b.models!);
  if (read.length === 0) return { models, alike: false };
  const like = models.length > 0 ? alikeTo(models, read) : limitsFrom(log, refusals, read);
  return like.length > 0 ? { models: like, alike: true } : { models, alike: false };
}

/**
 * Where an account's 429 read limits like those another account's single 429 left (limitsLike), that 429 confirms
 * them for the other account too: two users' 429s fitting one limit say as much as two of one user's. Waiting for a
 * second 429 of each account's own, no account was ever confirmed where each met one a window (the pacing's aim),
 * and each went on one request at a time into a full window: a second 429 in its window.
 */
export function confirmAlike(run: PacingRun, account: string, models: readonly LimitModel[]): void {
  for (const [other, budget] of run.budgets) {
    if (other === account || budget.shown || budget.confirmed || !budget.models) continue;
    const like = alikeTo(budget.models, models);
    if (like.length === 0) continue;
    budget.models = like;
    budget.confirmed = true;
  }
}
