/**
 * The wait protocol, and the claims of requests on their way: before each request, whether the account must wait
 * (a 429's wait, a near reset, the next slot of the log, one request at a time finding out), and the call it takes.
 */
import { HOLD_POLL_MS, heldByOthers, spendHeld } from './holds.ts';
import { CALL_SLACK, leftBy } from './limit-inference.ts';
import { leftBeforeRefusal, leftOf, logOf, slotOf } from './log.ts';
import { tell } from './news.ts';
import type { Budget, PacingRun } from './state.ts';

/** How near a reset must be for the pacing to wait for it rather than ask and learn the exact wait from a 429. */
export const NEAR_RESET_MS = 2000;
/**
 * Spread of the workers freed by the same 429's end: enough for the first to tell the others it is finding out
 * (a message between threads takes well under a millisecond) — more would leave freed slots unused.
 */
const JITTER_MS = 30;
/** How long the other requests of an account wait for a probe's answer before one of them probes instead. */
const PROBE_TIMEOUT_MS = 5000;
/** How often a request waiting for a probe's answer looks again. */
const PROBE_POLL_MS = 10;
/**
 * Calls kept back at the end of an account's budget besides those on their way: calls another client of the account
 * (another run sharing it, which no counter here sees) may take meanwhile.
 */
const MARGIN = 2;
/**
 * From how many calls left the budget is near its end: a request then takes its call only if it is still free as it
 * takes it (`takeCall`), and its answer is news at once (pacing.ts: noteAnswered).
 */
export const NEAR_END_AT = 40;
/** How often a request held back by requests on their way looks again: their answers come in milliseconds. */
const INFLIGHT_POLL_MS = 5;

export interface WaitOptions {
  /** Wait for any reset, however far, rather than meet a 429 among steps that must happen inside a time limit. */
  wholeWindow?: boolean;
  /** Told once, with the first wait's end. */
  onWait?: (untilMs: number) => void;
}

/**
 * Waits, if the account must: until a 429's Retry-After has passed (each worker with its own jitter), (its budget
 * down to `reserve`) until a near reset — any reset with `wholeWindow` — or, while the account may be out of budget
 * with no word of when it is back, until the one request finding out has its answer: so that the workers freed at
 * once do not each meet a 429. Returns the milliseconds waited.
 */
export async function waitForBudget(
  run: PacingRun,
  account: string,
  reserve: number,
  start: number,
  { wholeWindow = false, onWait }: WaitOptions = {},
): Promise<number> {
  const budget = run.budgets.get(account);
  if (!budget) return 0;
  let told = false;
  for (let now = start; ; now = run.clock.now()) {
    const { until, held, left } = nextTry(run, account, budget, reserve, now, wholeWindow);
    let wake = until;
    let probing = false;
    if (wake <= now && budget.uncertain) {
      if (budget.probeUntilMs > now) wake = Math.min(budget.probeUntilMs, now + PROBE_POLL_MS);
      // The holder finds out for itself (budgetFor asks), rather than a request that would take a call it holds.
      else if (held > 0) wake = now + HOLD_POLL_MS;
      // Another thread's request is finding out (its word may not have come yet).
      else if (!run.cells.startProbe(account, PROBE_TIMEOUT_MS, now)) wake = now + PROBE_POLL_MS;
      else {
        tell(run, { kind: 'probe', account, untilMs: now + PROBE_TIMEOUT_MS }); // this request finds out
        probing = true;
      }
    }
    // Another thread's request took the last free call in the meantime: wait for the answers on their way.
    if (wake <= now && !takeCall(run, account, left, reserve, held, probing)) wake = now + INFLIGHT_POLL_MS;
    if (wake <= now) {
      spendHeld(run, account, budget);
      return now - start;
    }
    if (!told) onWait?.(wake);
    told = true;
    await run.clock.sleep(wake - now);
  }
}

/**
 * Until when the request must wait by what is known of the account (0: it need not), the calls other threads hold
 * that it leaves, and what is left. Marks the account `uncertain` where one request at a time must find out.
 */
function nextTry(run: PacingRun, account: string, budget: Budget, reserve: number, now: number, wholeWindow: boolean) {
  // A 429 another thread met, whose news has not come yet (cells.ts).
  const sharedUntil = run.cells.sharedBlockedUntil(account, run.runTag);
  if (sharedUntil > budget.blockedUntilMs) {
    budget.blockedUntilMs = sharedUntil;
    budget.uncertain = true;
  }
  // Calls another worker holds for timed steps are not this request's to spend. Requests without a reserve (the
  // run's lease) go first all the same: they keep what every check relies on. A holder's own requests leave only
  // the holds begun before its own: counting the later ones too, two checks holding one account each held the
  // other's requests back, their own asks for the budget included, until a hold lapsed.
  const held = reserve > 0 ? heldByOthers(run, budget, now, { before: true }) : 0;
  const left = leftOf(budget, now);
  const keep = keptBack(run, account, left, reserve);
  let until = 0;
  if (budget.blockedUntilMs > now) until = budget.blockedUntilMs + run.clock.random() * JITTER_MS;
  else if (budget.shown && budget.remaining <= keep + held) {
    // A Reset past is not a whole budget back: on a limiter whose Reset names the next free slot only one came
    // back. One request finds out; its answer's headers tell the rest.
    if (now >= budget.resetAtMs) budget.uncertain = true;
    // Only the hold stands in the way: its holder's answers tell when the calls it holds are spent.
    else if (budget.remaining > keep) until = now + HOLD_POLL_MS;
    // Only requests on their way stand in the way: their answers tell what they left.
    else if (budget.remaining > Math.min(reserve, MARGIN)) until = now + INFLIGHT_POLL_MS;
    else if (wholeWindow || budget.resetAtMs - now <= NEAR_RESET_MS) until = budget.resetAtMs;
    else until = slotOrProbe(budget, slotOf(budget, keep + held), now);
  } else if (budget.models && left !== undefined && left <= keep + held) {
    // Limits read off the 429s: as with a budget shown, but no Reset to wait for; the log tells when a slot frees.
    // Where one of the limits read would allow the call, or only one 429 fits them, one request finds out.
    if (left > keep) until = now + HOLD_POLL_MS;
    else if (left > Math.min(reserve, MARGIN)) until = now + INFLIGHT_POLL_MS;
    else if (!budget.confirmed || leftBy(budget.models, logOf(budget), now, false) > keep + held)
      budget.uncertain = true;
    else until = slotOrProbe(budget, slotOf(budget, keep + held, { strictest: false }), now);
  } else {
    // No 429 of its own yet, but another account's tell a limit (a per-user limit is most often every user's):
    // where that leaves the account no more than its reserve, one request at a time finds out, so that its first
    // 429 comes to one request, not to each of those on their way (several in the same millisecond).
    // Not where the account's calls were accepted well past that limit: not its limit (or no limiter's: a proxy's
    // random 429 read as one), which would otherwise hold it to one request at a time for the rest of the run.
    const borrowed = leftBeforeRefusal(run, budget, now);
    if (borrowed !== undefined && borrowed <= keep + held && borrowed >= -CALL_SLACK) budget.uncertain = true;
  }
  return { until, held, left };
}

/** The slot the log names, where it is still to come; else one request finds out (0). */
function slotOrProbe(budget: Budget, slot: number | undefined, now: number): number {
  if (slot !== undefined && slot > now) return slot;
  budget.uncertain = true;
  return 0;
}

/** Whether the account's budget is near its end (see NEAR_END_AT). */
const nearEnd = (left: number, reserve: number) => left <= Math.max(NEAR_END_AT, 2 * reserve);

/**
 * The calls of the account a request leaves free: its reserve (room for the requests of the run's other workers on
 * their way) where the budget is not near its end; near the end only the requests on their way, which every thread
 * counts (cells.ts), and a margin no larger than the reserve (one for a check that goes first). A fixed reserve of
 * one call a worker left a sixteenth of each 200-call window unused, where most of the time no request but one is
 * on its way.
 */
export function keptBack(run: PacingRun, account: string, left: number | undefined, reserve: number): number {
  if (reserve === 0 || left === undefined || !nearEnd(left, reserve)) return reserve;
  return run.cells.onTheirWayOf(account) + Math.min(reserve, MARGIN);
}

/**
 * Counts the request about to go as on its way (cells.ts), so that every thread leaves its call to it; near the end
 * of a shown budget only if that call is still free at the instant it is counted (what is left by the target's last
 * answer, in any thread, beyond the calls kept back and held): false if another thread's request took it meanwhile.
 * The request finding out whether the account is back (`probing`) and the run's lease (no reserve) go all the same.
 */
function takeCall(
  run: PacingRun,
  account: string,
  left: number | undefined,
  reserve: number,
  held: number,
  probing: boolean,
): boolean {
  const gated = !probing && reserve > 0 && left !== undefined && nearEnd(left, reserve);
  const free = (stored: number | undefined, going: number) =>
    (stored ?? left!) > going + Math.min(reserve, MARGIN) + held;
  const call = gated ? run.cells.claim(account, free) : run.cells.claim(account);
  if (!call) return false;
  run.taken.set(account, [...(run.taken.get(account) ?? []), { call, probing }]);
  return true;
}

/** A request of this thread came back, answered or lost: on its way no longer. */
export function arrived(run: PacingRun, account: string): void {
  const mine = run.taken.get(account);
  const request = mine?.pop();
  if (request) run.cells.release(request.call);
  if (request?.probing) run.cells.endProbe(account);
  if (mine?.length === 0) run.taken.delete(account);
}

/** Gives back every claim of this thread's requests (the run is over in this thread). */
export function releaseClaims(run: PacingRun): void {
  for (const [account, requests] of run.taken)
    for (const { call, probing } of requests) {
      run.cells.release(call);
      if (probing) run.cells.endProbe(account);
    }
  run.taken.clear();
}
