/**
 * The current run's pacing (pacing/pacing.ts) in this thread: the one reference a module holds, for the request
 * helpers and the checks. A new run in the same thread gets a new object (`resetBudgets`); everything the pacing
 * knows hangs off it. The counters shared with the process's other threads (pacing/cells.ts) outlive runs.
 */
import { SharedCells } from './pacing/cells.ts';
import type { KeptNews } from './pacing/news.ts';
import { Pacing } from './pacing/pacing.ts';
import { Spacer } from './pacing/spacer.ts';

export type { KeptNews } from './pacing/news.ts';
export { NEAR_RESET_MS } from './pacing/waiting.ts';

const cells = new SharedCells();
let current = new Pacing({ cells });
/** MAX_RPS spacing, the process's (pacing/spacer.ts). */
const spacer = new Spacer();

export function processSpacer(): Spacer {
  return spacer;
}

/** The counters this thread shares with the process's other threads (tests of the harness). */
export function sharedCells(): SharedCells {
  return cells;
}

/** The pacing of the run this thread's requests are of. */
export function pacing(): Pacing {
  return current;
}

/** For a new run in the same thread (world/run-scoped.ts), and tests of the harness: what the last one knew is gone. */
export function resetBudgets(): void {
  current.close();
  current = new Pacing({ cells });
}

/** This thread's requests are of the run `runId` from now on (world/run-scoped.ts). */
export function enterBudgetRun(runId: string, options: { external?: boolean } = {}): void {
  current.enterRun(runId, options);
}

export const keepNews = (): (() => KeptNews) => current.keepNews();
export const learnKept = (news: KeptNews): void => current.learnKept(news);

type Headers = Readonly<Record<string, string | undefined>>;
export const noteBudget = (account: string, headers: Headers, now?: number): void =>
  current.noteBudget(account, headers, now);
export const noteRefusal = (account: string, retryAfterMs: number, now?: number, headers?: Headers): number =>
  current.noteRefusal(account, retryAfterMs, now, headers);
export const noteAnswered = (
  account: string,
  accepted?: boolean,
  now?: number,
  limited?: boolean,
  credentialsRefused?: boolean,
): void => current.noteAnswered(account, accepted, now, limited, credentialsRefused);
export const noteLost = (account: string): void => current.noteLost(account);

/** See pacing/waiting.ts; `onWait` is told once, with the first wait's end. */
export const waitForBudget = (
  account: string,
  reserve: number,
  start?: number,
  onWait?: (untilMs: number) => void,
  { wholeWindow = false }: { wholeWindow?: boolean } = {},
): Promise<number> =>
  current.waitForBudget(account, reserve, {
    ...(start === undefined ? {} : { start }),
    wholeWindow,
    ...(onWait ? { onWait } : {}),
  });

export const blockedUntil = (account: string): number => current.blockedUntil(account);
export const budgetLeft = (account: string, now?: number) => current.budgetLeft(account, now);
export const budgetToWeigh = (account: string, now?: number) => current.budgetToWeigh(account, now);
export const slotFor = (account: string, reserve: number) => current.slotFor(account, reserve);
export const answeredFor = (account: string): number => current.answeredFor(account);
export const loadOf = (account: string): number => current.loadOf(account);
export const noteOwed = (account: string, count: number): void => current.noteOwed(account, count);
export const lightest = (accounts: readonly (string | undefined)[], preferred?: number): number =>
  current.lightest(accounts, preferred);
export const holdBudget = (account: string, count: number, armed: boolean, now?: number): void =>
  current.holdBudget(account, count, armed, now);
export const releaseHolds = (): void => current.releaseHolds();
export const budgetLeftToHold = (account: string, now?: number) => current.budgetLeftToHold(account, now);
export const roomFor = (account: string, requests: number, workers: number): number =>
  current.roomFor(account, requests, workers);

/**
 * The member of any pool the pacing weighs lightest (`chosen` among equals), each member's account named by
 * `emailOf` (undefined: none, never chosen): for the checks' actors (checks/actors.ts), the ledger's own roles,
 * which are not cast (checks/cleanups.ts), and the run's end (world/recover.ts). Here, below both layers.
 */
export function lightestAmong<T>(chosen: T, pool: readonly T[], emailOf: (t: T) => string | undefined): T {
  const preferred = pool.indexOf(chosen);
  return preferred < 0 ? chosen : pool[lightest(pool.map(emailOf), preferred)]!;
}
