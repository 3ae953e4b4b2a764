/**
 * What a check leaves for the reporters (in its vitest task's meta): its outcome and reason, the evidence of a
 * failure (the exchanges up to the one that departed, and its curl), the requests it sent and by whom, the 429s, the
 * responses it drew judged per operation, the probes it sent, its notes and what it could not undo.
 */
import type { Clause, Outcome } from '../clauses/types.ts';
import { Disabled, findCause, NotApplicable, Unsupported } from '../errors.ts';
import { type Exchange, toCurl } from '../http/exchange.ts';
import type { Recorder } from '../http/recorder.ts';
import { redact } from '../http/redact.ts';
import type { CheckContext } from './context.ts';
import { ConformanceAssertion } from './matchers.ts';
import { type ResponseTally, tallyResponses } from './responses.ts';

export interface CheckRecord {
  clauseId: string;
  outcome: Outcome;
  /** Why it was not passed: the failure message, the skip reason, the error. */
  reason?: string;
  exchanges?: Exchange[];
  curl?: string;
  notes?: string[];
  leftovers?: string[];
  /** Listed in the expected-failures file, yet passed. */
  unexpectedPass?: boolean;
  /** Requests the check sent (setup and cleanup included), and how many each account sent. */
  requests?: number;
  requestsBy?: Record<string, number>;
  /** Answers that were 429 (rate limit hit), waited out and retried. */
  rateLimited?: number;
  /** The 429 answers among `requestsBy`, per account (a limiter like Zulip's does not count them). */
  rateLimitedBy?: Record<string, number>;
  /** Every response the check received, judged per operation (the RESP-* clauses sum them). */
  responses?: ResponseTally;
  /** Named figures the check counted (`ctx.count`), e.g. the bad-input probes it sent; the run sums each. */
  figures?: Record<string, number>;
  /** When the check started (Date.now()): where Allure's timeline places it. */
  started?: number;
  /** How long the check took, its cleanup included. */
  ms?: number;
}

declare module 'vitest' {
  interface TaskMeta {
    conformance?: CheckRecord;
  }
}

const EVIDENCE_EXCHANGES = 6;
/** The figure of requests sent again on a new connection (summed over the run like the checks' own). */
export const RESENT_FIGURE = 'requests sent again on a new connection';

/** How a check ended, for its record: what it exchanged (`exchanged` of them before its cleanup) and left. */
interface Ending {
  /** When the check started (Date.now()). */
  started: number;
  recorder: Recorder;
  exchanged: number;
  failure: unknown;
  leftovers: readonly string[];
  ctx: Pick<CheckContext, 'world' | 'notes' | 'figures'>;
}

export function recordOf(clause: Clause, outcome: Outcome, end: Ending): CheckRecord {
  const { recorder, ctx, failure } = end;
  const requestsBy: Record<string, number> = {};
  for (const e of recorder.exchanges) requestsBy[e.caller] = (requestsBy[e.caller] ?? 0) + 1;
  const record: CheckRecord = {
    clauseId: clause.id,
    outcome,
    requests: recorder.exchanges.length,
    requestsBy,
    started: end.started,
    ms: Date.now() - end.started,
  };
  const limited = recorder.exchanges.filter((e) => e.status === 429);
  if (limited.length) {
    record.rateLimited = limited.length;
    record.rateLimitedBy = {};
    for (const e of limited) record.rateLimitedBy[e.caller] = (record.rateLimitedBy[e.caller] ?? 0) + 1;
  }
  const responses = tallyResponses(recorder, ctx.world.featureLevel, clause.id);
  if (Object.keys(responses.judged).length) record.responses = responses;
  // Requests sent twice because the target closed a kept-alive connection under them (transport.ts).
  const resent = recorder.exchanges.filter((e) => e.resent).length;
  const figures = { ...ctx.figures, ...(resent ? { [RESENT_FIGURE]: resent } : {}) };
  if (Object.keys(figures).length) record.figures = figures;
  // The rate limit's waits only: another check's turn is noted by takeTurn, and an unlimited target was said to have
  // rate-limited a check that had waited for a turn.
  const waited = recorder.rateLimitWaitedMs();
  if (waited >= 1000) ctx.notes.push(`waited ${(waited / 1000).toFixed(0)} s for the target's rate limit`);
  if (ctx.notes.length) record.notes = ctx.notes.map(redact);
  if (end.leftovers.length) record.leftovers = [...end.leftovers];
  if (failure !== undefined) {
    // Why a check did not run is the inner reason alone (not fast-check's report of the property that stopped).
    const notRun = findCause(failure, Unsupported) ?? findCause(failure, Disabled) ?? findCause(failure, NotApplicable);
    record.reason = redact(notRun ? notRun.message : withReplayHint(clause, messageOf(failure)));
    record.exchanges = evidenceOf(recorder.exchanges.slice(0, end.exchanged), failure);
    const last = record.exchanges.at(-1);
    if (last) record.curl = toCurl(last);
  }
  return record;
}

function messageOf(error: unknown): string {
  const e = error as Error;
  // fast-check puts the counterexample, seed and path in its own message; the cause says what failed, and comes
  // first: a report's one-line summary is the reason's first line.
  const cause = (e as { cause?: Error }).cause;
  const main = e?.message ?? String(error);
  return cause?.message && !main.includes(cause.message) ? `${cause.message}\n\n${main}` : main;
}

/**
 * fast-check reports `{ seed: S, path: "P", … }`, and for a sequence of commands `replayPath="R"`: turn them into
 * the command that replays exactly that case.
 */
function withReplayHint(clause: Clause, message: string): string {
  const replay = replayArgument(message);
  return replay ? `${message}\nreplay: npm run conformance -- --only ${clause.id} --replay=${replay}` : message;
}

/** `SEED:PATH`, or `SEED:PATH@REPLAYPATH` for a sequence, from fast-check's report; undefined without a seed. */
export function replayArgument(message: string): string | undefined {
  const m = /seed: (-?\d+), path: "([\d:]+)"/.exec(message);
  if (!m) return undefined;
  const steps = /replayPath="([A-Za-z0-9+/]*:[A-Za-z0-9+/]*)"/.exec(message);
  return `${m[1]}:${m[2]}${steps ? `@${steps[1]}` : ''}`;
}

/**
 * The last exchanges of the check up to the one whose answer departed (a matcher's ConformanceAssertion names it,
 * possibly wrapped by fast-check's report), which comes last; without one, the check's last exchanges. One that
 * another check sent (a judgement several clauses share, made by whichever of their checks came first) is the
 * evidence alone.
 */
export function evidenceOf(exchanges: readonly Exchange[], failure: unknown): Exchange[] {
  const departed = findCause(failure, ConformanceAssertion)?.exchange;
  const at = departed ? exchanges.lastIndexOf(departed) : -1;
  if (departed && at === -1) return [departed];
  const end = at === -1 ? exchanges.length : at + 1;
  return exchanges.slice(Math.max(0, end - EVIDENCE_EXCHANGES), end);
}
