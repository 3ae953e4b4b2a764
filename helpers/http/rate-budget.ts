/**
 * Per-account pacing for targets that limit each user's requests, whatever their limiter's style (a sliding log
 * like Zulip's, fixed windows, headers or none). The target's own answers lead:
 *
 * - a 429 says exactly when the account may call again (Retry-After): every request of the account in every worker
 *   of the run (what one learns, all learn: `tell`) waits until then, and while the account may still be out of
 *   budget, one request at a time finds out (the others wait for its answer);
 * - X-RateLimit-Remaining at the reserve with a Reset at most NEAR_RESET_MS away: the request waits for the reset,
 *   and then one request finds out how much came back (a Reset may name the next free slot only);
 * - a Reset further away is not waited for: on a sliding log (Zulip) it names when the window is clear of *all*
 *   calls, a minute of budget thrown away, while slots free up one by one as the oldest calls leave. The request
 *   is sent; if the budget is spent, the 429 (which Zulip does not count) tells exactly how long to wait;
 * - and that one 429 is enough: the run keeps a log of the account's answered calls, so where the target shows its
 *   limit (X-RateLimit-Limit), the 429's wait tells which of them the target will let go first, and so its window.
 *   From then on, a call waits until as many of the logged calls have left that window as the reserve wants free,
 *   rather than ask into a closed window again (`slotOf`);
 * - where the target shows no budget at all, the 429 and the log tell the limits it could have (limit-inference.ts),
 *   and once a second 429 fits them (or the first fits a limit another account's 429s read: limitsLike), the
 *   pacing keeps to them as to a budget shown (`leftOf`, `slotOf`); where they disagree, or before they are
 *   confirmed, one request at a time finds out whether a call is free. Where no limit
 *   read fits, an account that has met a 429 goes on one request at a time. An account that has met none yet goes
 *   one request at a time where the limit read off another account's leaves it no more than its reserve
 *   (`borrowedLeft`): its first 429 then comes to one request, not to each of those on their way.
 *
 * - near the end of a budget, each request takes its call only if the call is still free at that instant, by
 *   counters every thread changes at once (shared-cells.ts: what the last answer left, the requests on their way):
 *   news between threads comes a little late, and two threads deciding in the same instant each took the last call.
 *
 * Steps that must happen inside a time limit ask for a whole window (`wholeWindow`) instead: no 429 may fall
 * among them. A check waiting for room for such steps holds the calls it needs (`holdBudget`): the other workers'
 * requests of the account leave them to it, rather than take each slot as it frees.
 */
import { BroadcastChannel, threadId } from 'node:worker_threads';
import {
  alikeTo,
  CALL_SLACK,
  type LimitModel,
  leftBy,
  limitsFrom,
  type SeenRefusal,
  slotBy,
  stillPossible,
} from './limit-inference.ts';
import {
  type Claim,
  claim,
  clearBlocked,
  endProbe,
  onTheirWayOf,
  release,
  runTagOf,
  sharedBlockedUntil,
  startProbe,
  storeBlockedUntil,
  storeLeft,
} from './shared-cells.ts';

interface Budget {
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
   * alone may be no limiter's (a proxy's, a gateway's: random 429s read as limits made a run half again as long,
   * test/e2e/chaos.test.ts): until a second fits, the models let
   * requests go, never hold them back (where they say none is free, one request at a time finds out), and say
   * nothing of the budget (budgetLeft).
   */
  confirmed: boolean;
  /** Calls held for timed steps (holdBudget), by the worker thread holding them. */
  holds: Map<number, Hold>;
}

/**
 * Calls of an account a check in one worker thread holds for steps that must happen inside a time limit: the other
 * workers' requests of the account leave them free. While the holder waits for them (`armed` false) its own
 * requests do not use them up; once armed, each of its requests does, and the hold ends with the last.
 */
interface Hold {
  count: number;
  sinceMs: number;
  untilMs: number;
  armed: boolean;
}

/** How near a reset must be for the pacing to wait for it rather than ask and learn the exact wait from a 429. */
export const NEAR_RESET_MS = 2000;
/**
 * Spread of the workers freed by the same 429's end: enough for the first to tell the others it is finding out
 * (a message between threads takes well under a millisecond) — more would leave freed slots unused.
 */
const JITTER_MS = 30;

const budgets = new Map<string, Budget>();
/** The tag of the run this thread's requests are of (shared-cells.ts: a 429's hold is a run's own); 0 outside one. */
let runTag = 0;

/**
 * This thread's requests are of the run `runId` from now on (run-scoped.ts); against an external target its counts
 * of answered requests go out at once (answeredBatchMs).
 */
export function enterBudgetRun(runId: string, { external = false }: { external?: boolean } = {}): void {
  runTag = runTagOf(runId);
  answeredBatchMs = external ? 0 : ANSWERED_BATCH_MS;
}

/**
 * What the target tells one worker of the run about an account (its budget, a 429, a request answered) every other
 * worker (a thread of the same process) learns at once: otherwise each would spend the account's window on its own
 * and meet its own 429s.
 */
type Shared =
  | { kind: 'budget'; account: string; remaining: number; resetAtMs: number; limit?: number }
  /** `models`: the limits the target could have, read by the thread the 429 came to, where it shows no budget. */
  | {
      kind: 'refusal';
      account: string;
      atMs: number;
      blockedUntilMs: number;
      resetAtMs?: number;
      models?: readonly LimitModel[];
      /** Whether the models are like those another account's 429s read (see limitsLike). */
      alike?: boolean;
    }
  | { kind: 'answered'; account: string; accepted: boolean; atMs: number; counted: boolean }
  /**
   * Accepted answers counted in a batch, and when those the target counted came: no word on the budget (they may be
   * older than the last 429).
   */
  | { kind: 'counted'; account: string; count: number; times: number[] }
  | { kind: 'probe'; account: string; untilMs: number }
  | { kind: 'owed'; account: string; count: number }
  /** A thread's hold on the account's calls (see Hold); a count of 0 ends it. */
  | ({ kind: 'hold'; account: string; holder: number } & Hold);
const shared = new BroadcastChannel('teamchat-conformance:rate-budget');
shared.unref();
shared.onmessage = (event) => learn((event as { data: Shared }).data);

function tell(news: Shared): void {
  learn(news);
  post(news);
}

/** News kept for worlds being prepared in this thread, instead of told (see keepNews). */
const keepers = new Set<Shared[]>();

function post(news: Shared): void {
  if (keepers.size === 0) shared.postMessage(news);
  else for (const kept of keepers) kept.push(news);
}

/** What a thread learnt while it prepared a run's world: its workers learn it with the world (learnKept). */
export type KeptNews = readonly Shared[];

/**
 * From now until the returned function is called, what this thread learns from its own requests is kept, not told:
 * the thread that prepares a run's world makes its first requests before the run's workers exist, and news told
 * then reached none of them (a worker's log lacked the calls, its estimate of when a slot frees ran long: slotOf).
 * The returned function ends the keeping and gives what was kept, for the world (learnKept). Requests the thread
 * makes afterwards (the run's last clean-up) are told as ever.
 */
export function keepNews(): () => KeptNews {
  const kept: Shared[] = [];
  keepers.add(kept);
  return () => {
    sendAnswered(); // the counts still gathering for their batch are kept too
    keepers.delete(kept);
    return kept;
  };
}

/**
 * Learns what the thread that prepared the world kept (keepNews), under what this thread has heard since: the
 * requests are counted and logged; a budget or a 429 is taken only for an account nothing has been said of here.
 */
export function learnKept(news: KeptNews): void {
  const heard = new Set([...budgets].filter(([, b]) => b.shown || b.refusal).map(([account]) => account));
  for (const item of news) {
    if (item.kind === 'counted' || item.kind === 'owed') learn(item);
    else if (item.kind === 'answered') {
      learn({
        kind: 'counted',
        account: item.account,
        count: 1,
        times: item.accepted && item.counted ? [item.atMs] : [],
      });
    } else if ((item.kind === 'budget' || item.kind === 'refusal') && !heard.has(item.account)) learn(item);
  }
}

function learn(news: Shared): void {
  const budget = budgetOf(news.account);
  if (news.kind === 'counted') {
    budget.answered += news.count;
    logAccepted(budget, ...news.times);
    ruleOut(budget, news.times);
    return;
  }
  if (news.kind === 'owed') {
    budget.owed += news.count;
    return;
  }
  if (news.kind === 'probe') {
    budget.probeUntilMs = Math.max(budget.probeUntilMs, news.untilMs);
    return;
  }
  if (news.kind === 'hold') {
    const { count, sinceMs, untilMs, armed } = news;
    if (count > 0) budget.holds.set(news.holder, { count, sinceMs, untilMs, armed });
    else budget.holds.delete(news.holder);
    return;
  }
  // Any word from the target ends a probe.
  budget.probeUntilMs = 0;
  if (news.kind === 'answered') {
    budget.answered += 1;
    if (news.accepted) {
      // Where the target shows no budget, an account it has refused once goes on one request at a time: no word
      // says how many calls came back, and all the waiting requests sent at once met a 429 each (about 15 in half a
      // second on one account, measured), where one at a time loses a few milliseconds a request.
      // Limits read off its 429s (limit-inference.ts) say as much as a budget shown.
      if (budget.shown || budget.refusal === undefined || budget.models) budget.uncertain = false;
      if (news.counted) {
        logAccepted(budget, news.atMs);
        ruleOut(budget, [news.atMs]);
      }
      // Accepted past the Reset with no newer word on the budget (its headers come first: noteBudget): back whole.
      if (news.atMs >= budget.resetAtMs) budget.remaining = Number.POSITIVE_INFINITY;
    }
  } else if (news.kind === 'refusal') {
    budget.blockedUntilMs = Math.max(budget.blockedUntilMs, news.blockedUntilMs);
    budget.uncertain = true;
    budget.refusal = {
      atMs: news.atMs,
      untilMs: news.blockedUntilMs,
      ...(news.resetAtMs === undefined ? {} : { resetAtMs: news.resetAtMs }),
    };
    if (!budget.shown) {
      budget.refusals = [...budget.refusals, { atMs: news.atMs, untilMs: news.blockedUntilMs }].slice(-REFUSALS_KEPT);
      if (news.models) budget.models = news.models.length > 0 ? news.models : undefined;
      budget.confirmed = budget.models !== undefined && (budget.refusals.length > 1 || news.alike === true);
      if (news.alike === true && budget.models) confirmAlike(news.account, budget.models);
    }
  } else {
    budget.remaining = news.remaining;
    budget.resetAtMs = news.resetAtMs;
    budget.shown = true;
    if (news.limit !== undefined) budget.limit = news.limit;
  }
}

const budgetOf = (account: string): Budget => {
  let budget = budgets.get(account);
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
    budgets.set(account, budget);
  }
  return budget;
};

/** Calls logged per account: enough for a few windows of any limit a run meets. */
const LOG_LENGTH = 2000;

/**
 * Rules out the limits read off the 429s that calls accepted at `times` exceed (limit-inference.ts): none left, the
 * account goes on as before any 429, until the next tells more.
 */
function ruleOut(budget: Budget, times: readonly number[]): void {
  if (!budget.models) return;
  const log = logOf(budget);
  let models: readonly LimitModel[] = budget.models;
  for (const at of times) models = stillPossible(models, log, at);
  budget.models = models.length > 0 ? models : undefined;
  budget.confirmed &&= budget.models !== undefined;
}

/** 429s kept per account whose target shows no budget: the models are read from them (limit-inference.ts). */
const REFUSALS_KEPT = 20;

function logAccepted(budget: Budget, ...times: number[]): void {
  const last = budget.accepted[budget.accepted.length - 1];
  if (last !== undefined && times.some((t) => t < last)) budget.sorted = false;
  budget.accepted.push(...times);
  if (budget.accepted.length > LOG_LENGTH) budget.accepted.splice(0, budget.accepted.length - LOG_LENGTH);
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
function slotOf(budget: Budget, reserve: number, { strictest = true } = {}): number | undefined {
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

/** The account's log of accepted calls, ascending. */
function logOf(budget: Budget): number[] {
  if (!budget.sorted) {
    budget.accepted.sort((a, b) => a - b);
    budget.sorted = true;
  }
  return budget.accepted;
}

/**
 * What is left of the account's budget: what the target's last answer said, or where it shows none, what the
 * strictest of the limits read off its 429s leaves now (limit-inference.ts). Undefined where neither says.
 */
function leftOf(budget: Budget, now: number): number | undefined {
  if (budget.shown) return budget.remaining;
  return budget.models && leftBy(budget.models, logOf(budget), now);
}

/**
 * The most the window can be by the 429's Reset, where that Reset names when the window is clear of every call (as
 * Zulip's does): later than the 429's wait, which ends as the oldest call leaves. The window is then that Reset less
 * the newest call, at most; the newest the log has (`newest`) is no later than the target's, and a second covers a
 * Reset in whole seconds, rounded either way. The log's own estimate runs long by a quiet stretch for each call it
 * lacks (the calls of the world's preparation, made before the workers started, say): measured, a few calls missing
 * across the gap between a run's first burst and its second window made an account wait 57 s past its slot.
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
 * When the account will have more than `reserve` calls free by the log of its calls (slotOf), where it can tell: for
 * tests of the harness (the requests consult slotOf through waitForBudget).
 */
export function slotFor(account: string, reserve: number): number | undefined {
  const budget = budgets.get(account);
  return budget && slotOf(budget, reserve);
}

/** How long the other requests of an account wait for a probe's answer before one of them probes instead. */
const PROBE_TIMEOUT_MS = 5000;
/** How often a request waiting for a probe's answer looks again. */
const PROBE_POLL_MS = 10;

/**
 * Waits, if the account must: until a 429's Retry-After has passed (each worker with its own jitter), (its budget
 * down to `reserve`) until a near reset — any reset with `wholeWindow` — or, while the account may be out of budget
 * with no word of when it is back, until the one request finding out has its answer: so that the workers freed at
 * once do not each meet a 429. `onWait` is told once, with the first wait's end. Returns the milliseconds waited.
 */
export async function waitForBudget(
  account: string,
  reserve: number,
  start = Date.now(),
  onWait?: (untilMs: number) => void,
  { wholeWindow = false }: { wholeWindow?: boolean } = {},
): Promise<number> {
  const budget = budgets.get(account);
  if (!budget) return 0;
  let told = false;
  for (let now = start; ; now = Date.now()) {
    let until = 0;
    // A 429 another thread met, whose news has not come yet (shared-cells.ts).
    const sharedUntil = sharedBlockedUntil(account, runTag);
    if (sharedUntil > budget.blockedUntilMs) {
      budget.blockedUntilMs = sharedUntil;
      budget.uncertain = true;
    }
    // Calls another worker holds for timed steps are not this request's to spend. Requests without a reserve (the
    // run's lease) go first all the same: they keep what every check relies on. A holder's own requests leave only
    // the holds begun before its own: counting the later ones too, two checks holding one account each held the
    // other's requests back, their own asks for the budget included, until a hold lapsed (15 s, measured).
    const held = reserve > 0 ? heldByOthers(budget, now, { before: true }) : 0;
    const left = leftOf(budget, now);
    const keep = keptBack(account, left, reserve);
    if (budget.blockedUntilMs > now) until = budget.blockedUntilMs + Math.random() * JITTER_MS;
    else if (budget.shown && budget.remaining <= keep + held) {
      // A Reset past is not a whole budget back: on a limiter whose Reset names the next free slot only one came
      // back. One request finds out; its answer's headers tell the rest.
      if (now >= budget.resetAtMs) budget.uncertain = true;
      // Only the hold stands in the way: its holder's answers tell when the calls it holds are spent.
      else if (budget.remaining > keep) until = now + HOLD_POLL_MS;
      // Only requests on their way stand in the way: their answers tell what they left.
      else if (budget.remaining > Math.min(reserve, MARGIN)) until = now + INFLIGHT_POLL_MS;
      else if (wholeWindow || budget.resetAtMs - now <= NEAR_RESET_MS) until = budget.resetAtMs;
      else {
        const slot = slotOf(budget, keep + held);
        if (slot !== undefined && slot > now) until = slot;
        else budget.uncertain = true;
      }
    } else if (budget.models && left !== undefined && left <= keep + held) {
      // Limits read off the 429s: as with a budget shown, but no Reset to wait for; the log tells when a slot frees.
      // Where one of the limits read would allow the call, or only one 429 fits them, one request finds out.
      if (left > keep) until = now + HOLD_POLL_MS;
      else if (left > Math.min(reserve, MARGIN)) until = now + INFLIGHT_POLL_MS;
      else if (!budget.confirmed || leftBy(budget.models, logOf(budget), now, false) > keep + held)
        budget.uncertain = true;
      else {
        const slot = slotOf(budget, keep + held, { strictest: false });
        if (slot !== undefined && slot > now) until = slot;
        else budget.uncertain = true;
      }
    } else {
      // No 429 of its own yet, but another account's tell a limit (a per-user limit is most often every user's):
      // where that leaves the account no more than its reserve, one request at a time finds out, so that its first
      // 429 comes to one request, not to each of those on their way (two to four in the same millisecond, measured).
      // Not where the account's calls were accepted well past that limit: not its limit (or no limiter's: a proxy's
      // random 429 read as one), which would otherwise hold it to one request at a time for the rest of the run.
      const borrowed = leftBeforeRefusal(budget, now);
      if (borrowed !== undefined && borrowed <= keep + held && borrowed >= -CALL_SLACK) budget.uncertain = true;
    }
    let probing = false;
    if (until <= now && budget.uncertain) {
      if (budget.probeUntilMs > now) until = Math.min(budget.probeUntilMs, now + PROBE_POLL_MS);
      // The holder finds out for itself (budgetFor asks), rather than a request that would take a call it holds.
      else if (held > 0) until = now + HOLD_POLL_MS;
      // Another thread's request is finding out (its word may not have come yet).
      else if (!startProbe(account, PROBE_TIMEOUT_MS, now)) until = now + PROBE_POLL_MS;
      else {
        tell({ kind: 'probe', account, untilMs: now + PROBE_TIMEOUT_MS }); // this request finds out
        probing = true;
      }
    }
    // Another thread's request took the last free call in the meantime: wait for the answers on their way.
    if (until <= now && !takeCall(account, left, reserve, held, probing)) until = now + INFLIGHT_POLL_MS;
    if (until <= now) {
      spendHeld(account, budget);
      return now - start;
    }
    if (!told) onWait?.(until);
    told = true;
    await new Promise((r) => setTimeout(r, until - now));
  }
}

/**
 * Calls kept back at the end of an account's budget besides those on their way: calls another client of the account
 * (another run sharing it, which no counter here sees) may take meanwhile.
 */
const MARGIN = 2;
/**
 * From how many calls left the budget is near its end: a request then takes its call only if it is still free as it
 * takes it (`takeCall`), and its answer is news at once (`noteAnswered`).
 */
const NEAR_END_AT = 40;
/** How often a request held back by requests on their way looks again: their answers come in milliseconds. */
const INFLIGHT_POLL_MS = 5;

/**
 * The calls of the account a request leaves free: its reserve (room for the requests of the run's other workers on
 * their way) where the budget is not near its end; near the end only the requests on their way, which every thread
 * counts (shared-cells.ts), and a margin no larger than the reserve (one for a check that goes first). A fixed
 * reserve of one call a worker left a sixteenth of each 200-call window unused, where most of the time no request but
 * one is on its way.
 */
function keptBack(account: string, left: number | undefined, reserve: number): number {
  if (reserve === 0 || left === undefined || !nearEnd(left, reserve)) return reserve;
  return onTheirWayOf(account) + Math.min(reserve, MARGIN);
}

/** This thread's requests on their way, by account (see takeCall): each gives its call back as its answer comes. */
const taken = new Map<string, { call: Claim; probing: boolean }[]>();

/**
 * Counts the request about to go as on its way (shared-cells.ts), so that every thread leaves its call to it; near
 * the end of a shown budget only if that call is still free at the instant it is counted (what is left by the
 * target's last answer, in any thread, beyond the calls kept back and held): false if another thread's request took
 * it meanwhile. The request finding out whether the account is back (`probing`) and the run's lease (no reserve) go
 * all the same.
 */
function takeCall(account: string, left: number | undefined, reserve: number, held: number, probing: boolean): boolean {
  const gated = !probing && reserve > 0 && left !== undefined && nearEnd(left, reserve);
  const call = gated
    ? claim(account, (stored, going) => (stored ?? left!) > going + Math.min(reserve, MARGIN) + held)
    : claim(account);
  if (!call) return false;
  taken.set(account, [...(taken.get(account) ?? []), { call, probing }]);
  return true;
}

/**
 * The calls of the account that must be free before steps of `requests` calls that must all happen inside a time
 * limit: the steps', and room for the requests of the run's `workers` other workers that may spend the account before
 * the steps hold their calls (holdBudget) — one a worker, or near the end of the budget, where every thread counts
 * the requests on their way, only those and a margin. One a worker there made a check wait a whole window for 14
 * calls with 5 left, for steps of 2.
 */
export function roomFor(account: string, requests: number, workers: number): number {
  const budget = budgets.get(account);
  const left = budget && leftOf(budget, Date.now());
  return requests + (left !== undefined ? keptBack(account, left, workers) : workers);
}

/** Whether the account's budget is near its end (see NEAR_END_AT). */
const nearEnd = (left: number, reserve: number) => left <= Math.max(NEAR_END_AT, 2 * reserve);

/** A request of this thread came back, answered or lost: on its way no longer. */
function arrived(account: string): void {
  const mine = taken.get(account);
  const request = mine?.pop();
  if (request) release(request.call);
  if (request?.probing) endProbe(account);
  if (mine?.length === 0) taken.delete(account);
}

/** A request of the account got no answer (a lost connection, a timeout). */
export function noteLost(account: string): void {
  arrived(account);
}

/** How often a request held back by another worker's hold looks again. */
const HOLD_POLL_MS = 100;
/** How long a hold lasts unless renewed: one whose holder died (its thread ended mid-check) does not last. */
const HOLD_MS = 15_000;

/** Calls of the account held by other threads, or only by those that began holding before this thread's hold. */
function heldByOthers(budget: Budget, now: number, { before = false } = {}): number {
  const mine = budget.holds.get(threadId);
  let held = 0;
  for (const [holder, hold] of budget.holds) {
    if (holder === threadId || hold.untilMs <= now) continue;
    if (before && mine && (hold.sinceMs > mine.sinceMs || (hold.sinceMs === mine.sinceMs && holder > threadId)))
      continue;
    held += hold.count;
  }
  return held;
}

/** A request of this thread's armed hold is on its way: one call fewer held, and the hold ends with the last. */
function spendHeld(account: string, budget: Budget): void {
  const mine = budget.holds.get(threadId);
  if (!mine?.armed) return;
  tell({ kind: 'hold', account, holder: threadId, ...mine, count: mine.count - 1 });
}

/**
 * This thread (the check it runs) holds `count` calls of the account for steps that must happen inside a time
 * limit: the other workers' requests of the account leave them free, so that the budget the check waits for is
 * not taken slot by slot as it frees. `armed` once the budget is there: each of the thread's requests of the
 * account then spends one. Renewed by calling again; a hold not renewed ends after HOLD_MS.
 */
export function holdBudget(account: string, count: number, armed: boolean, now = Date.now()): void {
  const mine = budgetOf(account).holds.get(threadId);
  tell({
    kind: 'hold',
    account,
    holder: threadId,
    count,
    sinceMs: mine?.sinceMs ?? now,
    untilMs: now + HOLD_MS,
    armed,
  });
}

/** Ends this thread's holds (its check has ended). */
export function releaseHolds(): void {
  for (const [account, budget] of budgets) {
    const mine = budget.holds.get(threadId);
    if (mine) tell({ kind: 'hold', account, holder: threadId, ...mine, count: 0 });
  }
}

/**
 * What is left of the account's budget for this thread's hold: what the target last said is left (budgetLeft),
 * less what threads that began holding before it hold. First come, first served: two holders do not both start
 * on the same calls.
 */
export function budgetLeftToHold(account: string, now = Date.now()): number | undefined {
  const left = budgetLeft(account, now);
  const budget = budgets.get(account);
  if (left === undefined || !budget || !Number.isFinite(left)) return left;
  return left - heldByOthers(budget, now, { before: true });
}

/** Learns the account's budget from an answer's headers (absent headers: the target shows no budget). */
export function noteBudget(
  account: string,
  headers: Readonly<Record<string, string | undefined>>,
  now = Date.now(),
): void {
  const remaining = Number(headers['x-ratelimit-remaining']);
  const limit = Number(headers['x-ratelimit-limit']);
  const resetAtMs = resetAtOf(headers, now);
  if (!Number.isFinite(remaining) || resetAtMs === undefined) return;
  // Before the request that had this answer counts as on its way no longer (noteAnswered): never a moment where
  // neither the call it spent nor the request shows (shared-cells.ts).
  storeLeft(account, remaining);
  tell({
    kind: 'budget',
    account,
    remaining,
    resetAtMs,
    ...(Number.isInteger(limit) && limit > 0 ? { limit } : {}),
  });
}

/** When an answer's X-RateLimit-Reset says the budget is whole again (ms, and a little after), if it says. */
function resetAtOf(headers: Readonly<Record<string, string | undefined>>, now: number): number | undefined {
  const reset = Number(headers['x-ratelimit-reset']);
  if (!Number.isFinite(reset)) return undefined;
  // Reset is a Unix time in seconds on Zulip; a small number is read as seconds from now.
  return (reset > 1e9 ? reset * 1000 : now + reset * 1000) + 50;
}

/**
 * A 429: the account waits `retryAfterMs` (and a little jitter) in every worker. The 429's own headers tell what its
 * Reset names (slotOf). Returns when the account may call again.
 */
export function noteRefusal(
  account: string,
  retryAfterMs: number,
  now = Date.now(),
  headers: Readonly<Record<string, string | undefined>> = {},
): number {
  // Every thread holds back at once; the news (with the limits read) follows.
  storeBlockedUntil(account, now + retryAfterMs, runTag);
  const resetAtMs = resetAtOf(headers, now);
  const budget = budgetOf(account);
  // Where the target shows no budget, the limits it could have are read here, once, and told with the 429.
  const read =
    budget.shown || headers['x-ratelimit-remaining'] !== undefined
      ? undefined
      : limitsLike(account, [...budget.refusals, { atMs: now, untilMs: now + retryAfterMs }].slice(-REFUSALS_KEPT));
  tell({
    kind: 'refusal',
    account,
    atMs: now,
    blockedUntilMs: now + retryAfterMs,
    ...(resetAtMs === undefined ? {} : { resetAtMs }),
    ...(read ? { models: read.models, alike: read.alike } : {}),
  });
  return blockedUntil(account);
}

/**
 * The limits the account's 429s and its log of calls leave (limit-inference.ts), and whether they are like those
 * another account's 429s read (`alike`), confirmed or not: a per-user limit is most often every user's, so that such
 * a limit is confirmed by the account's first 429 (and the other's by it: confirmAlike), and is read even where the
 * account's own calls alone leave too many limits to tell apart (a short wait leaves a gap before many calls: an
 * account with a 50 ms wait and no limit read went on one request at a time, each meeting a 429 as the window freed a
 * call at a time, three in 80 ms).
 */
function limitsLike(account: string, refusals: readonly SeenRefusal[]): { models: LimitModel[]; alike: boolean } {
  const log = logOf(budgetOf(account));
  const models = limitsFrom(log, refusals);
  const read = [...budgets]
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
 * and each went on one request at a time into a full window: a second 429 in its window (a full run, measured).
 */
function confirmAlike(account: string, models: readonly LimitModel[]): void {
  for (const [other, budget] of budgets) {
    if (other === account || budget.shown || budget.confirmed || !budget.models) continue;
    const like = alikeTo(budget.models, models);
    if (like.length === 0) continue;
    budget.models = like;
    budget.confirmed = true;
  }
}

/** Until when a 429 holds the account back (0: none does). */
export function blockedUntil(account: string): number {
  return budgets.get(account)?.blockedUntilMs ?? 0;
}

/**
 * What the target last said is left of the account's budget in its window: undefined when it has said nothing
 * (no rate limit shown, or no answer yet), 0 while a 429 holds it back, and unlimited once the window has reset.
 */
export function budgetLeft(account: string, now = Date.now()): number | undefined {
  const budget = budgets.get(account);
  if (!budget) return undefined;
  if (budget.blockedUntilMs > now) return 0;
  if (!budget.shown) return budget.confirmed ? leftOf(budget, now) : undefined;
  return now >= budget.resetAtMs ? Number.POSITIVE_INFINITY : budget.remaining;
}

/**
 * What is left of the account's budget, for weighing it against other accounts (actors.ts): budgetLeft, or where the
 * target shows no budget and no second 429 of the account's own has confirmed a limit yet, what the limits read off
 * any account's 429s would leave it (a per-user limit is most often the same for every user). Not for pacing: a limit
 * borrowed is a guess. Undefined where nothing is known.
 */
export function budgetToWeigh(account: string, now = Date.now()): number | undefined {
  const left = budgetLeft(account, now);
  const budget = budgets.get(account);
  if (left !== undefined || !budget || budget.shown) return left;
  return borrowedLeft(budget, now);
}

/**
 * borrowedLeft for an account whose target shows no budget and that has met no 429 of its own (its own limits are
 * read off its 429s): the pacing keeps to another account's limit only until then.
 */
function leftBeforeRefusal(budget: Budget, now: number): number | undefined {
  return budget.shown || budget.refusal !== undefined ? undefined : borrowedLeft(budget, now);
}

/** What the limits read off another account's 429s would leave the account now, where any are read. */
function borrowedLeft(budget: Budget, now: number): number | undefined {
  for (const other of budgets.values())
    if (other !== budget && other.models && !other.shown) return leftBy(other.models, logOf(budget), now);
  return undefined;
}

/**
 * How long counts of answered requests gather before the other workers hear them. On the embedded server, which
 * limits nobody, 50 ms: a message per answer cost a quick run a third of a CPU-second, and the counts only weigh one
 * account's load against another's. Against an external target, none (the next turn of the event loop, one message
 * for the answers of that turn): checks starting in the same instant weighed counts up to 50 ms old, saw the same
 * account least asked and all went to it — where no header shows each account's budget, a quick run's accounts
 * answered 155-225 requests, one over a window of 200 in 7 runs of 8 (a window's wait); with the counts at once,
 * 166-193 (see enterBudgetRun).
 */
const ANSWERED_BATCH_MS = 50;
let answeredBatchMs = ANSWERED_BATCH_MS;
const unsent = new Map<string, { count: number; times: number[] }>();

function sendAnswered(): void {
  for (const [account, { count, times }] of unsent) post({ kind: 'counted', account, count, times });
  unsent.clear();
}

/**
 * Counts an answered request of the account (casting.ts shares the members' load by it), and logs it if it was
 * accepted and spent from the account's budget: where the target shows budgets, an answer that carried them
 * (`limited`); one without them (a path it could not read, credentials it refused) was not counted. Where it shows
 * none, an answer refusing the credentials (`credentialsRefused`, a 401) was not the account's either: a per-user
 * limiter counts the calls of the user it authenticated (Zulip counts the others by address). Logged, the wrong-key
 * calls of AUTH-002 read the limit 1-3 calls high, and the pacing let requests into a full window.
 */
export function noteAnswered(
  account: string,
  accepted = true,
  now = Date.now(),
  limited = true,
  credentialsRefused = false,
): void {
  arrived(account);
  const counted = limited || (!budgetOf(account).shown && !credentialsRefused);
  // An answer that ends a wait for news (a 429, or the first answer while the account may be out of budget) is
  // news at once, and so is one near the end of a shown budget, where the log of calls tells when the next slot
  // frees (slotOf): a log 50 ms behind sent requests into a window still full. A count alone can wait for the batch.
  const budget = budgetOf(account);
  // By another account's limit where the account has met no 429 of its own (see waitForBudget).
  const left = leftOf(budget, now) ?? leftBeforeRefusal(budget, now) ?? Number.POSITIVE_INFINITY;
  if (!accepted || budget.uncertain || budget.probeUntilMs > 0 || left <= NEAR_END_AT) {
    tell({ kind: 'answered', account, accepted, atMs: now, counted });
    return;
  }
  learn({ kind: 'answered', account, accepted, atMs: now, counted });
  // The first count since the last batch sets the timer that sends them all.
  if (unsent.size === 0) setTimeout(sendAnswered, answeredBatchMs).unref();
  const batch = unsent.get(account) ?? { count: 0, times: [] };
  batch.count += 1;
  if (counted) batch.times.push(now);
  unsent.set(account, batch);
}

/** Requests of the account the run's workers have had answered. */
export function answeredFor(account: string): number {
  return budgets.get(account)?.answered ?? 0;
}

/** Requests the run owes through the account at its end (see Budget.owed): every worker hears of them. */
export function noteOwed(account: string, count: number): void {
  tell({ kind: 'owed', account, count });
}

/** Requests of the account the run has had answered or owes: its load, as the run leads it (actors.ts). */
export function loadOf(account: string): number {
  const budget = budgets.get(account);
  return budget ? budget.answered + budget.owed : 0;
}

/** For a new run in the same thread (run-scoped.ts), and tests of the harness itself. */
export function resetBudgets(): void {
  for (const [account, requests] of taken)
    for (const { call, probing } of requests) {
      release(call);
      if (probing) endProbe(account);
    }
  taken.clear();
  for (const account of budgets.keys()) clearBlocked(account, runTag);
  runTag = 0;
  answeredBatchMs = ANSWERED_BATCH_MS;
  budgets.clear();
  unsent.clear();
}
