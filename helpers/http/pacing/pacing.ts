/**
 * Per-account pacing for targets that limit each user's requests, whatever their limiter's style (a sliding log
 * like Zulip's, fixed windows, headers or none): one object per run, on an injected clock. The target's own answers
 * lead:
 *
 * - a 429 says exactly when the account may call again (Retry-After): every request of the account in every worker
 *   of the run waits until then (what one learns, all learn: news.ts), and while the account may still be out of
 *   budget, one request at a time finds out (the others wait for its answer: waiting.ts);
 * - X-RateLimit-Remaining at the reserve with a Reset at most NEAR_RESET_MS away: the request waits for the reset,
 *   and then one request finds out how much came back (a Reset may name the next free slot only);
 * - a Reset further away is not waited for: on a sliding log (Zulip) it names when the window is clear of *all*
 *   calls, a minute of budget thrown away, while slots free up one by one as the oldest calls leave. The request
 *   is sent; if the budget is spent, the 429 (which Zulip does not count) tells exactly how long to wait;
 * - and that one 429 is enough: the run keeps a log of the account's answered calls (log.ts), so where the target
 *   shows its limit, the 429's wait tells which of them the target lets go first, and so its window; from then on a
 *   call waits until as many logged calls have left that window as the reserve wants free;
 * - where the target shows no budget at all, the 429s and the log tell the limits it could have (refusals.ts,
 *   limit-inference.ts), kept to as a budget shown once confirmed;
 * - near the end of a budget, each request takes its call only if the call is still free at that instant, by
 *   counters every thread changes at once (cells.ts): news between threads comes a little late.
 *
 * Steps that must happen inside a time limit ask for a whole window (`wholeWindow`) instead, and a check waiting for
 * room for them holds the calls it needs (holds.ts). Who acts is led by the load (load.ts: `lightest`).
 */
import { threadId } from 'node:worker_threads';
import { runTagOf, SharedCells } from './cells.ts';
import { type Clock, systemClock } from './clock.ts';
import * as holds from './holds.ts';
import * as load from './load.ts';
import { leftBeforeRefusal, leftOf, slotOf } from './log.ts';
import { countInBatch, type KeptNews, keepNews, learn, learnKept, tell } from './news.ts';
import { broadcastNews, type NewsChannel } from './news-types.ts';
import { noteBudget, noteRefusal } from './refusals.ts';
import { budgetOf, type PacingRun } from './state.ts';
import { arrived, NEAR_END_AT, releaseClaims, type WaitOptions, waitForBudget } from './waiting.ts';

/**
 * How long counts of answered requests gather before the other workers hear them. On the embedded server, which
 * limits nobody, 50 ms: a message per answer costs CPU a run feels, and the counts only weigh one account's load
 * against another's. Against an external target, none (the next turn of the event loop, one message for the answers
 * of that turn): checks starting in the same instant weighed counts up to 50 ms old, saw the same account least
 * asked and all went to it, past its window where no header shows each account's budget.
 */
const ANSWERED_BATCH_MS = 50;

type Headers = Readonly<Record<string, string | undefined>>;

export interface PacingOptions {
  clock?: Clock;
  /** The counters shared with the process's other threads; by default the object's own. */
  cells?: SharedCells;
  /** How news reaches the run's other workers; by default the channel every thread of the process shares. */
  channel?: NewsChannel;
  /** This thread's id among holders of calls (holds.ts). */
  thread?: number;
}

export class Pacing {
  private readonly run: PacingRun;

  constructor({ clock = systemClock, cells, channel = broadcastNews(), thread = threadId }: PacingOptions = {}) {
    this.run = {
      clock,
      cells: cells ?? new SharedCells({ share: false }),
      runTag: 0,
      thread,
      channel,
      answeredBatchMs: ANSWERED_BATCH_MS,
      budgets: new Map(),
      taken: new Map(),
      unsent: new Map(),
      keepers: new Set(),
    };
    channel.listen((news) => learn(this.run, news));
  }

  /** The clock the pacing reads and waits on: the client's too, for the waits it makes of its own. */
  get clock(): Clock {
    return this.run.clock;
  }

  private get now(): number {
    return this.run.clock.now();
  }

  /** This thread's requests are of the run `runId`; against an external target its counts go out at once. */
  enterRun(runId: string, { external = false }: { external?: boolean } = {}): void {
    this.run.runTag = runTagOf(runId);
    this.run.answeredBatchMs = external ? 0 : ANSWERED_BATCH_MS;
  }

  /** The run is over in this thread: its claims given back, its 429s' holds forgotten, no more news heard. */
  close(): void {
    releaseClaims(this.run);
    for (const account of this.run.budgets.keys()) this.run.cells.clearBlocked(account, this.run.runTag);
    this.run.channel.close();
  }

  keepNews(): () => KeptNews {
    return keepNews(this.run);
  }

  learnKept(news: KeptNews): void {
    learnKept(this.run, news);
  }

  noteBudget(account: string, headers: Headers, now = this.now): void {
    noteBudget(this.run, account, headers, now);
  }

  /** A 429 of the account (refusals.ts). Returns when the account may call again. */
  noteRefusal(account: string, retryAfterMs: number, now = this.now, headers: Headers = {}): number {
    noteRefusal(this.run, account, retryAfterMs, now, headers);
    return this.blockedUntil(account);
  }

  /**
   * Counts an answered request of the account, and logs it if it was accepted and spent from the account's budget:
   * where the target shows budgets, an answer that carried them (`limited`); one without them (a path it could not
   * read, credentials it refused) was not counted. Where it shows none, an answer refusing the credentials
   * (`credentialsRefused`, a 401) was not the account's either: a per-user limiter counts the calls of the user it
   * authenticated. Logged, the wrong-key calls of AUTH-002 read the limit 1-3 calls high, and the pacing let
   * requests into a full window.
   */
  noteAnswered(account: string, accepted = true, now = this.now, limited = true, credentialsRefused = false): void {
    arrived(this.run, account);
    const budget = budgetOf(this.run, account);
    const counted = limited || (!budget.shown && !credentialsRefused);
    // An answer that ends a wait for news (a 429, or the first answer while the account may be out of budget) is
    // news at once, and so is one near the end of a budget, where the log tells when the next slot frees (slotOf):
    // a log 50 ms behind sent requests into a window still full. A count alone can wait for the batch. Near the end
    // by another account's limit where the account has met no 429 of its own (waiting.ts).
    const left = leftOf(budget, now) ?? leftBeforeRefusal(this.run, budget, now) ?? Number.POSITIVE_INFINITY;
    const news = { kind: 'answered', account, accepted, atMs: now, counted } as const;
    if (!accepted || budget.uncertain || budget.probeUntilMs > 0 || left <= NEAR_END_AT) tell(this.run, news);
    else countInBatch(this.run, news);
  }

  /** A request of the account got no answer (a lost connection, a timeout). */
  noteLost(account: string): void {
    arrived(this.run, account);
  }

  /** Waits, if the account must, before a request of it (waiting.ts); the milliseconds waited. */
  waitForBudget(account: string, reserve: number, options: WaitOptions & { start?: number } = {}): Promise<number> {
    return waitForBudget(this.run, account, reserve, options.start ?? this.now, options);
  }

  /** Until when a 429 holds the account back (0: none does). */
  blockedUntil(account: string): number {
    return this.run.budgets.get(account)?.blockedUntilMs ?? 0;
  }

  /** When the account will have more than `reserve` calls free by the log of its calls, where it can tell. */
  slotFor(account: string, reserve: number): number | undefined {
    const budget = this.run.budgets.get(account);
    return budget && slotOf(budget, reserve);
  }

  budgetLeft(account: string, now = this.now): number | undefined {
    return load.budgetLeft(this.run, account, now);
  }

  budgetToWeigh(account: string, now = this.now): number | undefined {
    return load.budgetToWeigh(this.run, account, now);
  }

  answeredFor(account: string): number {
    return load.answeredFor(this.run, account);
  }

  loadOf(account: string): number {
    return load.loadOf(this.run, account);
  }

  noteOwed(account: string, count: number): void {
    load.noteOwed(this.run, account, count);
  }

  /** Which of `accounts` to act through (its index; `preferred` among equals): load.ts. */
  lightest(accounts: readonly (string | undefined)[], preferred = 0): number {
    return load.lightest(this.run, accounts, preferred, this.now);
  }

  holdBudget(account: string, count: number, armed: boolean, now = this.now): void {
    holds.holdBudget(this.run, account, count, armed, now);
  }

  releaseHolds(): void {
    holds.releaseHolds(this.run);
  }

  budgetLeftToHold(account: string, now = this.now): number | undefined {
    return holds.budgetLeftToHold(this.run, account, now);
  }

  roomFor(account: string, requests: number, workers: number): number {
    return holds.roomFor(this.run, account, requests, workers, this.now);
  }

  /** Requests of the account on their way in every thread (cells.ts). */
  onTheirWayOf(account: string): number {
    return this.run.cells.onTheirWayOf(account);
  }
}
