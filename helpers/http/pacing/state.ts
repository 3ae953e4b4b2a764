/**
 * What a run's pacing knows of each account, and the run it is of: one object per run (pacing.ts), no state of
 * a module's own. The concerns that read and change it each have a module: news between workers (news.ts), the
 * log of accepted calls and its slots (log.ts), refusals and the limits read off them (refusals.ts), waiting
 * (waiting.ts), holds for timed steps (holds.ts) and load (load.ts).
 */
import type { Claim, SharedCells } from './cells.ts';
import type { Clock } from './clock.ts';
import type { LimitModel, SeenRefusal } from './limit-inference.ts';
import type { News, NewsChannel } from './news-types.ts';

export interface Budget {
  remaining: number;
  resetAtMs: number;
  /** Until when a 429 told this worker to leave the account alone. */
  blockedUntilMs: number;
  /** Whether the target has shown the budget (X-RateLimit-* headers) at all. */
  shown: boolean;
  /** Requests the run's workers have had answered for the account: its load where the target shows no budget. */
  answered: number;
  /**
   * Requests the run owes through the account at its end (undoing what its checks share: noteOwed), counted with
   * its load from the moment they are owed, so that the load the run leads elsewhere meanwhile makes room for them.
   */
  owed: number;
  /**
   * Whether the account may be out of budget with no word from the target of when it is back (a 429's wait just
   * ended, or the budget is spent and its Reset far): then one request at a time finds out.
   */
  uncertain: boolean;
  /** Until when another request of the account is finding out (see `uncertain`). */
  probeUntilMs: number;
  /** The most requests the target allows in its window (X-RateLimit-Limit), where it says. */
  limit: number | undefined;
  /** When the run's workers had the account's accepted answers (ms, ascending once `sorted`). */
  accepted: number[];
  sorted: boolean;
  /** The last 429: when it came, until when it held the account back, and the Reset it named (ms), if any. */
  refusal: { atMs: number; untilMs: number; resetAtMs?: number } | undefined;
  /** The 429s of an account whose target shows no budget (the latest REFUSALS_KEPT), that models are read from. */
  refusals: SeenRefusal[];
  /** The limits the target could have by its 429s, where it shows no budget (limit-inference.ts), if any are left. */
  models: readonly LimitModel[] | undefined;
  /**
   * Whether more than one 429 fits the models, or one fits a limit another account's read (limitsLike). One
   * alone may be no limiter's (a proxy's, a gateway's: random 429s read as limits made a run much longer,
   * test/e2e/chaos.test.ts): until a second fits, the models let requests go, never hold them back (where they say
   * none is free, one request at a time finds out), and say nothing of the budget (budgetLeft).
   */
  confirmed: boolean;
  /** Calls held for timed steps (holds.ts), by the worker thread holding them. */
  holds: Map<number, Hold>;
}

/**
 * Calls of an account a check in one worker thread holds for steps that must happen inside a time limit: the other
 * workers' requests of the account leave them free. While the holder waits for them (`armed` false) its own
 * requests do not use them up; once armed, each of its requests does, and the hold ends with the last.
 */
export interface Hold {
  count: number;
  sinceMs: number;
  untilMs: number;
  armed: boolean;
}

/** The run's pacing state in this thread. */
export interface PacingRun {
  readonly clock: Clock;
  /** Counters every thread of the process changes at once (cells.ts). */
  readonly cells: SharedCells;
  /** The tag of the run this thread's requests are of (cells.ts: a 429's hold is a run's own); 0 outside one. */
  runTag: number;
  /** This thread's id among the holders (holds.ts). */
  readonly thread: number;
  readonly channel: NewsChannel;
  /** How long counts of answered requests gather before the other workers hear them (news.ts). */
  answeredBatchMs: number;
  readonly budgets: Map<string, Budget>;
  /** This thread's requests on their way, by account (waiting.ts): each gives its call back as its answer comes. */
  readonly taken: Map<string, { call: Claim; probing: boolean }[]>;
  /** Counts of answered requests waiting for their batch (news.ts). */
  readonly unsent: Map<string, { count: number; times: number[] }>;
  /** News kept for worlds being prepared in this thread, instead of told (news.ts: keepNews). */
  readonly keepers: Set<News[]>;
}

export function budgetOf(run: PacingRun, account: string): Budget {
  let budget = run.budgets.get(account);
  if (!budget) {
    budget = {
      remaining: Number.POSITIVE_INFINITY,
      resetAtMs: 0,
      blockedUntilMs: 0,
      shown: false,
      answered: 0,
      owed: 0,
      uncertain: false,
      probeUntilMs: 0,
      limit: undefined,
      accepted: [],
      sorted: true,
      refusal: undefined,
      refusals: [],
      models: undefined,
      confirmed: false,
      holds: new Map(),
    };
    run.budgets.set(account, budget);
  }
  return budget;
}
