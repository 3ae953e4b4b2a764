/**
 * A per-user limit read off a target that shows none: one that answers 429 with a wait (Retry-After) and no
 * X-RateLimit-* headers. Where the target keeps a sliding log of each user's calls (Zulip's limiter), a 429 at `at`
 * whose wait ends at `until` says that the account's window then held its limit of calls, and that the oldest of
 * them leaves it at `until`. Each call of the run's log of the account's accepted calls may be that oldest one, and
 * each gives a window (`until` less the call) and a limit (the calls from it to the 429); most are ruled out:
 *
 * - the call before the oldest one was out of the window at the 429: a gap at least the wait itself lies before it;
 * - no window of that length ever held more calls than the limit (they were all accepted: `stillPossible`);
 * - at every other 429 of the account too, the window held the limit, and its wait ended as a call with such a gap
 *   before it left.
 *
 * What is left are the limits a target could have (`LimitModel`). Once a second 429 fits them (one alone may be a
 * proxy's, no limiter's), or the first fits one another account's 429s confirmed, the pacing keeps to them where
 * they agree; where they disagree, one request at a time
 * finds out which holds (an answer accepted rules out those it exceeds, a 429 those that allowed it), so that a
 * limit read wrong costs neither a burst of 429s nor the time of the strictest.
 * A target that limits otherwise (fixed windows, a token bucket) gives limits that its answers rule out, or none at
 * all: the pacing then finds out one request at a time, as it does before any 429.
 */

/** A limit a target that shows none could have: `limit` calls in any `windowMs`. */
export interface LimitModel {
  readonly limit: number;
  readonly windowMs: number;
}

/** A 429: when it came, and when its wait ended (ms). */
export interface SeenRefusal {
  readonly atMs: number;
  readonly untilMs: number;
}

/**
 * How far the log's time of a call may be from the target's: the log has the moment its answer came, the target
 * counted it as it arrived (a loaded run's answers take tens of milliseconds).
 */
export const TIME_SLACK_MS = 100;
/**
 * How many calls the log's count of a window may be off the target's: calls on their way at a 429 are logged after
 * it, though the target counted them before (one a worker of the run at most; 12 workers on a target that shows its
 * limit, fewer by default on one that does not).
 */
export const CALL_SLACK = 12;
/** Beyond this many limits left the log cannot tell them apart: no model. */
const MOST_MODELS = 8;
/** The least limit read: below it the slack in counting covers every limit alike (a target that low is probed). */
const LEAST_LIMIT = 2 * CALL_SLACK + 1;

/** The first index of the sorted `log` whose time is above `t`. */
function after(log: readonly number[], t: number): number {
  let [lo, hi] = [0, log.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (log[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Calls of the sorted `log` in (from, to]. */
const callsIn = (log: readonly number[], from: number, to: number) => after(log, to) - after(log, from);

/**
 * The sliding-log limits consistent with the account's accepted calls (`log`, ascending) and its 429s, read from
 * the 429 with the longest wait (its gap rules out the most calls): strictest first. Empty where none is, or more
 * than the log can tell apart. Only those like one of `like` where given (the limits another account's 429s
 * confirmed: a per-user limit is most often every user's): a short wait leaves a gap before many calls, too many
 * limits to tell apart alone; where even those alike are too many, the limits of `like` the account's calls fit.
 */
export function limitsFrom(
  log: readonly number[],
  refusals: readonly SeenRefusal[],
  like?: readonly LimitModel[],
): LimitModel[] {
  if (refusals.length === 0) return [];
  const lead = refusals.reduce((a, b) => (b.untilMs - b.atMs > a.untilMs - a.atMs ? b : a));
  const wait = lead.untilMs - lead.atMs;
  const before = after(log, lead.atMs);
  const models: LimitModel[] = [];
  for (let k = before - LEAST_LIMIT; k >= 0; k--) {
    const oldest = log[k]!;
    if (k > 0 && log[k - 1]! > oldest - wait + TIME_SLACK_MS) continue;
    const model = { limit: before - k, windowMs: lead.untilMs - oldest };
    if (like && !like.some((m) => alike(m, model))) continue;
    if (!heldAtEveryRefusal(log, refusals, lead, model) || !neverOver(log, model)) continue;
    models.push(model);
    if (models.length > MOST_MODELS) return like ? strictestFirst(fitting(like, log, refusals)) : [];
  }
  return strictestFirst(models);
}

const strictestFirst = (models: LimitModel[]) => models.sort((a, b) => a.limit / a.windowMs - b.limit / b.windowMs);

/**
 * The limits of `like` that the account's own calls and 429s fit. Where a 429's wait is a few milliseconds (a window
 * refilling as a burst of calls a window ago leaves it), the calls of that burst are each the oldest one by some
 * limit and window alike to another account's: too many to tell apart, so that no limit was read, and the account's
 * next request met a second 429 in the same millisecond-long wait.
 */
function fitting(like: readonly LimitModel[], log: readonly number[], refusals: readonly SeenRefusal[]) {
  return like.filter((m) => heldAtEveryRefusal(log, refusals, undefined, m) && neverOver(log, m));
}

/** Whether two limits read are the same but for the slack of the log's counts and times. */
export const alike = (a: LimitModel, b: LimitModel) =>
  Math.abs(a.limit - b.limit) <= CALL_SLACK && Math.abs(a.windowMs - b.windowMs) <= 2 * TIME_SLACK_MS;

/** The limits of `models` alike to one of `others`. */
export const alikeTo = (models: readonly LimitModel[], others: readonly LimitModel[]) =>
  models.filter((m) => others.some((o) => alike(o, m)));

/**
 * Whether, at each 429 besides `lead` (every one, undefined), the window held about `limit` of the logged calls, and
 * the 429's wait ended as one of them left: a call then, with a quiet stretch as long as the wait before it.
 */
function heldAtEveryRefusal(
  log: readonly number[],
  refusals: readonly SeenRefusal[],
  lead: SeenRefusal | undefined,
  { limit, windowMs }: LimitModel,
): boolean {
  return refusals.every((r) => {
    if (r === lead) return true;
    // A window widened by the slack holds no fewer calls by the log than by the target, one narrowed no more.
    const most = callsIn(log, r.atMs - windowMs - TIME_SLACK_MS, r.atMs);
    const least = callsIn(log, r.atMs - windowMs + TIME_SLACK_MS, r.atMs);
    return most >= limit - CALL_SLACK && least <= limit + CALL_SLACK && leftAt(log, r, windowMs);
  });
}

/** Whether a logged call could have been the oldest in the window at the 429 `r`: it leaves as the wait ends. */
function leftAt(log: readonly number[], r: SeenRefusal, windowMs: number): boolean {
  const oldest = r.untilMs - windowMs;
  for (let j = after(log, oldest - TIME_SLACK_MS); j < log.length && log[j]! <= oldest + TIME_SLACK_MS; j++)
    if (j === 0 || log[j - 1]! <= log[j]! - (r.untilMs - r.atMs) + TIME_SLACK_MS) return true;
  return false;
}

/** Whether no window of the model's length held more than its limit of the logged calls. */
function neverOver(log: readonly number[], { limit, windowMs }: LimitModel): boolean {
  // A window shortened by the slack holds no more calls by the log than by the target.
  const span = windowMs - TIME_SLACK_MS;
  for (let j = 0, i = 0; j < log.length; j++) {
    while (log[i]! <= log[j]! - span) i++;
    if (j - i + 1 > limit + CALL_SLACK) return false;
  }
  return true;
}

/**
 * The models a call accepted at `at` leaves possible (`log` ascending, the call in it): not those whose window, by
 * the log, then held more than their limit.
 */
export function stillPossible(models: readonly LimitModel[], log: readonly number[], at: number): LimitModel[] {
  return models.filter((m) => callsIn(log, at - m.windowMs + TIME_SLACK_MS, at) <= m.limit + CALL_SLACK);
}

/**
 * Calls the account may still make now (`log` ascending) by the strictest of the models, or by the most lenient
 * (`strictest` false), each window widened by the slack: a call the log has late leaves the target's window before
 * the model's.
 */
export function leftBy(models: readonly LimitModel[], log: readonly number[], now: number, strictest = true): number {
  const pick = strictest ? Math.min : Math.max;
  let left = strictest ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  for (const { limit, windowMs } of models)
    left = pick(left, limit - callsIn(log, now - windowMs - TIME_SLACK_MS, now));
  return left;
}

/**
 * When the account will have more than `reserve` calls free by every model, or by one at least (`strictest`
 * false): each model's slot frees as the logged call `limit - reserve` from the newest leaves its window. 0 where
 * one is free already; infinite where a reserve as large as a limit can never be free.
 */
export function slotBy(
  models: readonly LimitModel[],
  log: readonly number[],
  reserve: number,
  strictest = true,
): number {
  const slots = models.map(({ limit, windowMs }) => {
    if (reserve >= limit) return Number.POSITIVE_INFINITY;
    const index = log.length - limit + reserve;
    return index < 0 ? 0 : log[index]! + windowMs + TIME_SLACK_MS;
  });
  return strictest ? Math.max(0, ...slots) : Math.min(...slots);
}
