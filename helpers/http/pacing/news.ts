/**
 * News between the run's workers: what one learns of an account, all learn (`tell`). A thread that prepares a run's
 * world keeps its news for the world instead (`keepNews`), and counts of answered requests go in batches.
 */
import { logAccepted, ruleOut } from './log.ts';
import type { News } from './news-types.ts';
import { confirmAlike, REFUSALS_KEPT } from './refusals.ts';
import { budgetOf, type PacingRun } from './state.ts';

/** Learns the news here, and tells the run's other workers. */
export function tell(run: PacingRun, news: News): void {
  learn(run, news);
  post(run, news);
}

function post(run: PacingRun, news: News): void {
  if (run.keepers.size === 0) run.channel.post(news);
  else for (const kept of run.keepers) kept.push(news);
}

/** What a thread learnt while it prepared a run's world: its workers learn it with the world (learnKept). */
export type KeptNews = readonly News[];

/**
 * From now until the returned function is called, what this thread learns from its own requests is kept, not told:
 * the thread that prepares a run's world makes its first requests before the run's workers exist, and news told
 * then reached none of them (a worker's log lacked the calls, its estimate of when a slot frees ran long: slotOf).
 * The returned function ends the keeping and gives what was kept, for the world (learnKept). Requests the thread
 * makes afterwards (the run's last clean-up) are told as ever.
 */
export function keepNews(run: PacingRun): () => KeptNews {
  const kept: News[] = [];
  run.keepers.add(kept);
  return () => {
    sendAnswered(run); // the counts still gathering for their batch are kept too
    run.keepers.delete(kept);
    return kept;
  };
}

/**
 * Learns what the thread that prepared the world kept (keepNews), under what this thread has heard since: the
 * requests are counted and logged; a budget or a 429 is taken only for an account nothing has been said of here.
 */
export function learnKept(run: PacingRun, news: KeptNews): void {
  const heard = new Set([...run.budgets].filter(([, b]) => b.shown || b.refusal).map(([account]) => account));
  for (const item of news) {
    if (item.kind === 'counted' || item.kind === 'owed') learn(run, item);
    else if (item.kind === 'answered') {
      const times = item.accepted && item.counted ? [item.atMs] : [];
      learn(run, { kind: 'counted', account: item.account, count: 1, times });
    } else if ((item.kind === 'budget' || item.kind === 'refusal') && !heard.has(item.account)) learn(run, item);
  }
}

/** Takes in news, this thread's own or another worker's. */
export function learn(run: PacingRun, news: News): void {
  const budget = budgetOf(run, news.account);
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
    if (!news.accepted) return;
    // Where the target shows no budget, an account it has refused once goes on one request at a time: no word
    // says how many calls came back, and all the waiting requests sent at once met a 429 each, where one at a time
    // loses a few milliseconds a request.
    // Limits read off its 429s (limit-inference.ts) say as much as a budget shown.
    if (budget.shown || budget.refusal === undefined || budget.models) budget.uncertain = false;
    if (news.counted) {
      logAccepted(budget, news.atMs);
      ruleOut(budget, [news.atMs]);
    }
    // Accepted past the Reset with no newer word on the budget (its headers come first: noteBudget): back whole.
    if (news.atMs >= budget.resetAtMs) budget.remaining = Number.POSITIVE_INFINITY;
  } else if (news.kind === 'refusal') {
    budget.blockedUntilMs = Math.max(budget.blockedUntilMs, news.blockedUntilMs);
    budget.uncertain = true;
    budget.refusal = {
      atMs: news.atMs,
      untilMs: news.blockedUntilMs,
      ...(news.resetAtMs === undefined ? {} : { resetAtMs: news.resetAtMs }),
    };
    if (budget.shown) return;
    budget.refusals = [...budget.refusals, { atMs: news.atMs, untilMs: news.blockedUntilMs }].slice(-REFUSALS_KEPT);
    if (news.models) budget.models = news.models.length > 0 ? news.models : undefined;
    budget.confirmed = budget.models !== undefined && (budget.refusals.length > 1 || news.alike === true);
    if (news.alike === true && budget.models) confirmAlike(run, news.account, budget.models);
  } else {
    budget.remaining = news.remaining;
    budget.resetAtMs = news.resetAtMs;
    budget.shown = true;
    if (news.limit !== undefined) budget.limit = news.limit;
  }
}

/**
 * A count of an answered request that no other worker waits on: learnt here at once, told with the batch. The
 * first count since the last batch sets the timer that sends them all.
 */
export function countInBatch(run: PacingRun, news: Extract<News, { kind: 'answered' }>): void {
  learn(run, news);
  if (run.unsent.size === 0) run.clock.later(() => sendAnswered(run), run.answeredBatchMs);
  const batch = run.unsent.get(news.account) ?? { count: 0, times: [] };
  batch.count += 1;
  if (news.counted) batch.times.push(news.atMs);
  run.unsent.set(news.account, batch);
}

function sendAnswered(run: PacingRun): void {
  for (const [account, { count, times }] of run.unsent) post(run, { kind: 'counted', account, count, times });
  run.unsent.clear();
}
