/**
 * `const check = checksOf(clauses)` in a suite file, then `check(id, body)`: one clause of the file's area
 * (`./clauses.ts`, where its level and sentence are), one vitest test. The clause's level decides what a failed assertion means
 * (MUST: failed; SHOULD/MAY: warned and the test passes); errors that are not about the target's conformance end
 * as skipped-unsupported, disabled, not-applicable or error. The outcome and its evidence travel to the reporters
 * in the task's meta.
 */
import { sep } from 'node:path';
import * as allure from 'allure-js-commons';
import { type TestContext, test } from 'vitest';
import type { Area } from '../clauses/area.ts';
import { type Clause, type Outcome, testNameOf } from '../clauses/types.ts';
import { Disabled, findCause, HarnessError, NotApplicable, Unsupported } from '../errors.ts';
import { describeExchange, type Exchange, toCurl } from '../http/exchange.ts';
import { Recorder } from '../http/recorder.ts';
import { redact } from '../http/redact.ts';
import { setCurrentCheck, takePendingNotes } from '../progress.ts';
import { CheckContext } from './context.ts';
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
  /** Bad-input probes the check sent (the BAD-* clauses). */
  probes?: number;
}

declare module 'vitest' {
  interface TaskMeta {
    conformance?: CheckRecord;
  }
}

const EVIDENCE_EXCHANGES = 6;
const SEVERITY = { MUST: 'critical', SHOULD: 'normal', MAY: 'minor' } as const;

/**
 * The time a check may work: its wall time less what its requests waited for the target's rate limit (or MAX_RPS)
 * and what it waited for another check's turn on shared state, so that a rate-limited target makes a run slower,
 * never a check time out. It replaces vitest's test timeout.
 */
export const CHECK_TIME_LIMIT_MS = 120_000;

export type CheckBody = (ctx: CheckContext) => Promise<void>;

/**
 * The `check` of one area's suite files: it takes the ids its area declares (a typo or another area's id does not
 * compile) and refuses, when the test runs, a clause declared for another file than the one checking it.
 */
export function checksOf<Id extends string>(area: Area<Id>): (id: Id, body: CheckBody, timeLimitMs?: number) => void {
  return (id, body, timeLimitMs = CHECK_TIME_LIMIT_MS) => {
    const clause = area.byId.get(id);
    if (!clause) throw new Error(`unknown clause ${id}: declare it in suites/${area.name}/clauses.ts first`);
    // 0: no vitest timeout; the check's own limit (see runWithin) applies.
    test(testNameOf(clause), (tc) => run(clause, body, tc, timeLimitMs), 0);
  };
}

async function run(clause: Clause, body: CheckBody, tc: TestContext, timeLimitMs: number): Promise<void> {
  await label(clause);
  const file = tc.task.file.filepath.split(sep).join('/');
  if (!file.endsWith(`/${clause.file}`))
    throw new HarnessError(`${clause.id} is declared for ${clause.file} but checked in ${file}: move one of them`);
  const recorder = new Recorder();
  const ctx = new CheckContext(clause, recorder);
  ctx.notes.push(...takePendingNotes());
  let outcome: Outcome = 'passed';
  let failure: unknown;
  try {
    const level = ctx.world.featureLevel;
    if (clause.since !== undefined && level !== null && level < clause.since) {
      throw new NotApplicable(`needs feature level ${clause.since}; the target is judged at ${level}`);
    }
    setCurrentCheck(clause.id);
    await runWithin(body(ctx), recorder, timeLimitMs);
  } catch (error) {
    failure = error;
    outcome = classify(clause, error);
  } finally {
    setCurrentCheck(undefined);
  }
  // The evidence is what the check itself exchanged: the cleanup's requests come after, and show nothing.
  const exchanged = recorder.exchanges.length;
  const leftovers = await ctx.cleanup();
  const expected = ctx.world.expectedFailures[clause.id];
  if (expected !== undefined && (outcome === 'failed' || outcome === 'warned')) outcome = 'known-failure';

  const requestsBy: Record<string, number> = {};
  for (const e of recorder.exchanges) requestsBy[e.caller] = (requestsBy[e.caller] ?? 0) + 1;
  const record: CheckRecord = { clauseId: clause.id, outcome, requests: recorder.exchanges.length, requestsBy };
  const limited = recorder.exchanges.filter((e) => e.status === 429);
  if (limited.length) {
    record.rateLimited = limited.length;
    record.rateLimitedBy = {};
    for (const e of limited) record.rateLimitedBy[e.caller] = (record.rateLimitedBy[e.caller] ?? 0) + 1;
  }
  const responses = tallyResponses(recorder, ctx.world.featureLevel, clause.id);
  if (Object.keys(responses.judged).length) record.responses = responses;
  if (ctx.probesSent) record.probes = ctx.probesSent;
  const waited = recorder.waitedMs();
  if (waited >= 1000) ctx.notes.push(`waited ${(waited / 1000).toFixed(0)} s for the target's rate limit`);
  if (ctx.notes.length) record.notes = ctx.notes.map(redact);
  if (leftovers.length) record.leftovers = leftovers;
  if (expected !== undefined && outcome === 'passed') record.unexpectedPass = true;
  if (failure !== undefined) {
    // Why a check did not run is the inner reason alone (not fast-check's report of the property that stopped).
    const notRun = findCause(failure, Unsupported) ?? findCause(failure, Disabled) ?? findCause(failure, NotApplicable);
    record.reason = redact(notRun ? notRun.message : withReplayHint(clause, messageOf(failure)));
    record.exchanges = evidenceOf(recorder.exchanges.slice(0, exchanged), failure);
    const last = record.exchanges.at(-1);
    if (last) record.curl = toCurl(last);
  }
  tc.task.meta.conformance = record;
  await attachEvidence(record);

  switch (outcome) {
    case 'passed':
      return;
    case 'warned':
      await tc.annotate(`warned (${clause.level}): ${record.reason}`, 'warning');
      return;
    case 'known-failure':
      await tc.annotate(`known failure (${expected}): ${record.reason}`, 'notice');
      return;
    case 'failed':
    case 'error':
      throw withEvidence(failure, record);
    default:
      tc.skip(`${outcome}: ${record.reason}`);
  }
}

/**
 * Settles with the check's body, or rejects once the check has worked `limitMs` not counting rate-limit waits. A
 * body still running then goes on unobserved (its requests still count; cleanup and the ledger undo what it made).
 */
export async function runWithin(work: Promise<void>, recorder: Recorder, limitMs: number): Promise<void> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    const tick = () => {
      const worked = Date.now() - started - recorder.waitedMs();
      if (worked < limitMs) {
        timer = setTimeout(tick, limitMs - worked);
        return;
      }
      const waited = recorder.waitedMs() / 1000;
      reject(
        new HarnessError(
          `the check worked ${limitMs / 1000} s without finishing${waited >= 1 ? ` (besides ${waited.toFixed(0)} s waiting for the target's rate limit or another check's turn)` : ''}`,
        ),
      );
    };
    timer = setTimeout(tick, limitMs);
  });
  work.catch(() => {}); // after the limit, a late failure must not surface as an unhandled rejection
  try {
    await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

function classify(clause: Clause, error: unknown): Outcome {
  if (findCause(error, Unsupported)) return 'skipped-unsupported';
  if (findCause(error, Disabled)) return 'disabled';
  if (findCause(error, NotApplicable)) return 'not-applicable';
  if (findCause(error, HarnessError)) return 'error';
  if (!isAssertion(error)) return 'error';
  return clause.level === 'MUST' ? 'failed' : 'warned';
}

/** expect() failures, and fast-check's report of a property whose predicate failed one. */
function isAssertion(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as Error).name;
    if (name === 'AssertionError' || name === 'ConformanceAssertion') return true;
  }
  return false;
}

function messageOf(error: unknown): string {
  const e = error as Error;
  // fast-check puts the counterexample, seed and path in its own message; the cause says what failed.
  const cause = (e as { cause?: Error }).cause;
  const main = e?.message ?? String(error);
  return cause?.message && !main.includes(cause.message) ? `${main}\n${cause.message}` : main;
}

/** fast-check reports `{ seed: S, path: "P", … }`: turn it into the command that replays exactly that case. */
function withReplayHint(clause: Clause, message: string): string {
  const m = /seed: (-?\d+), path: "([\d:]+)"/.exec(message);
  return m ? `${message}\nreplay: npm run conformance -- --only ${clause.id} --replay=${m[1]}:${m[2]}` : message;
}

/**
 * The last exchanges of the check up to the one whose answer departed (a matcher's ConformanceAssertion names it,
 * possibly wrapped by fast-check's report), which comes last; without one, the check's last exchanges.
 */
export function evidenceOf(exchanges: readonly Exchange[], failure: unknown): Exchange[] {
  const departed = findCause(failure, ConformanceAssertion)?.exchange;
  const at = departed ? exchanges.lastIndexOf(departed) : -1;
  const end = at === -1 ? exchanges.length : at + 1;
  return exchanges.slice(Math.max(0, end - EVIDENCE_EXCHANGES), end);
}

function withEvidence(error: unknown, record: CheckRecord): unknown {
  if (!(error instanceof Error)) return error;
  const last = record.exchanges?.at(-1);
  if (last)
    error.message = `${redact(error.message)}\n\nthe exchange: ${describeExchange(last)}\nreproduce: ${record.curl}`;
  return error;
}

async function label(clause: Clause): Promise<void> {
  await allure.labels(
    { name: 'clause', value: clause.id },
    { name: 'level', value: clause.level },
    { name: 'endpoint', value: clause.endpoint },
    { name: 'section', value: clause.section },
    ...(clause.since !== undefined ? [{ name: 'featureLevel', value: String(clause.since) }] : []),
    ...(clause.deprecatedAt !== undefined ? [{ name: 'deprecatedAt', value: String(clause.deprecatedAt) }] : []),
  );
  if (clause.deprecatedAt !== undefined) await allure.tag('deprecated');
  await allure.epic(clause.section);
  await allure.feature(clause.endpoint);
  await allure.severity(SEVERITY[clause.level]);
  await allure.tag(clause.level);
}

async function attachEvidence(record: CheckRecord): Promise<void> {
  await allure.label('outcome', record.outcome);
  if (record.exchanges?.length) {
    await allure.attachment('exchanges.json', JSON.stringify(record.exchanges, null, 2), 'application/json');
  }
  if (record.curl) await allure.attachment('reproduce.sh', record.curl, 'text/plain');
  if (record.notes?.length) await allure.attachment('notes.txt', record.notes.join('\n'), 'text/plain');
}
