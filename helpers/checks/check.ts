/**
 * `const { group, check } = checksIn(import.meta.url)` in a suite file, then, inside `group('POST /drafts', …)`,
 * `check(id, 'MUST …', { section, since }, body)`: one clause, its sentence and where the contract says it, and its
 * check, in one place. The suite file is the clause's file and its folder the clause's area; the group's operation
 * is the clause's unless the check names another. The catalogue (suites/catalog.ts) reads the clauses from these
 * calls (helpers/clauses/declare.ts); in a run, each is one vitest test. The clause's level decides what a failed
 * assertion means (MUST: failed; SHOULD/MAY: warned and the test passes); errors that are not about the target's
 * conformance end as skipped-unsupported, disabled, not-applicable or error. The outcome and its evidence travel to
 * the reporters in the task's meta.
 */
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, type TestContext, test } from 'vitest';
import { declare, declaringOnly, sinceOf } from '../clauses/declare.ts';
import { type Clause, LEVELS, type Level, type Outcome, testNameOf } from '../clauses/types.ts';
import { Disabled, findCause, HarnessError, NotApplicable, Unsupported } from '../errors.ts';
import { describeExchange } from '../http/exchange.ts';
import { releaseHolds } from '../http/rate-budget.ts';
import { Recorder } from '../http/recorder.ts';
import { redact } from '../http/redact.ts';
import { setCurrentCheck, takePendingNotes } from '../progress.ts';
import type { World } from '../world/types.ts';
import { CheckContext } from './context.ts';
import { type CheckRecord, recordOf } from './record.ts';

/**
 * The time a check may work: its wall time less what its requests waited for the target's rate limit (or MAX_RPS)
 * and what it waited for another check's turn on shared state, so that a rate-limited target makes a run slower,
 * never a check time out. It replaces vitest's test timeout.
 */
export const CHECK_TIME_LIMIT_MS = 120_000;

export type CheckBody = (ctx: CheckContext) => Promise<void>;

/** A check's time limit: fixed, or from the run's world (a check whose work grows with a setting). */
type TimeLimit = number | ((world: World) => number);

/** What a clause says besides its id and sentence. */
export interface ClauseOptions {
  /** The contract section it comes from, e.g. "10. Create drafts" or "Authentication". */
  readonly section: string;
  /** The lowest feature level the behaviour exists at, where the contract dates it (the operation's own applies). */
  readonly since?: number;
  /** The feature level at which the contract marks the operation or field deprecated (informational). */
  readonly deprecatedAt?: number;
  /** The operation, where it is not the group's. */
  readonly endpoint?: string;
  /** The one check of its operation that `--only` runs for the operation's RESP-* clause (see Clause). */
  readonly exercisesOperation?: true;
  /** Default CHECK_TIME_LIMIT_MS. */
  readonly timeLimit?: TimeLimit;
}

/** The project's root: a clause's file is named from it (`suites/drafts/post-drafts.test.ts`). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A group's operation: its title's leading "METHOD /path"; a group titled otherwise is about every operation. */
const endpointOf = (title: string) => /^(?:GET|POST|PATCH|PUT|DELETE) \S+?(?=:|$)/.exec(title)?.[0] ?? '*';

/** A sentence leads with its level: "MUST return …". */
function levelled(id: string, sentence: string): { level: Level; title: string } {
  const [level, ...rest] = sentence.split(' ');
  if (!LEVELS.includes(level as Level) || rest.length === 0)
    throw new Error(`${id}: its sentence must start with its level (${LEVELS.join(', ')}): "${sentence}"`);
  return { level: level as Level, title: rest.join(' ') };
}

export function checksIn(moduleUrl: string): {
  group: (title: string, body: () => void) => void;
  check: (id: string, sentence: string, options: ClauseOptions, body: CheckBody) => void;
} {
  const file = relative(ROOT, fileURLToPath(moduleUrl)).split(sep).join('/');
  const area = file.split('/')[1];
  if (!file.startsWith('suites/') || !area || !file.slice(`suites/${area}/`.length))
    throw new Error(`${file}: checks live in suites/<area>/`);
  let groupEndpoint: string | undefined;
  return {
    group(title, body) {
      const inGroup = () => {
        const outer = groupEndpoint;
        groupEndpoint = endpointOf(title);
        try {
          body();
        } finally {
          groupEndpoint = outer;
        }
      };
      if (declaringOnly()) inGroup();
      else describe(title, inGroup);
    },
    check(id, sentence, options, body) {
      const { section, since: own, deprecatedAt, exercisesOperation, timeLimit = CHECK_TIME_LIMIT_MS } = options;
      const endpoint = options.endpoint ?? groupEndpoint;
      if (endpoint === undefined) throw new Error(`${id}: name its operation (a group, or the endpoint option)`);
      const since = sinceOf({ since: own, endpoint });
      const clause: Clause = {
        id,
        ...levelled(id, sentence),
        section,
        endpoint,
        ...(since !== undefined ? { since } : {}),
        ...(deprecatedAt !== undefined ? { deprecatedAt } : {}),
        ...(exercisesOperation ? { exercisesOperation } : {}),
        area,
        file,
      };
      if (declaringOnly()) declare(clause);
      // 0: no vitest timeout; the check's own limit (see runWithin) applies.
      else test(testNameOf(clause), (tc) => run(clause, body, tc, timeLimit), 0);
    },
  };
}

async function run(clause: Clause, body: CheckBody, tc: TestContext, timeLimit: TimeLimit): Promise<void> {
  const started = Date.now();
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
    const limitMs = typeof timeLimit === 'number' ? timeLimit : timeLimit(ctx.world);
    // A check given longer to work (exploring for EXPLORE_MINUTES) may wait as much longer too.
    const waitLimitMs = CHECK_WAIT_LIMIT_MS + Math.max(0, limitMs - CHECK_TIME_LIMIT_MS);
    await runWithin(body(ctx), recorder, limitMs, waitLimitMs);
  } catch (error) {
    failure = error;
    outcome = classify(clause, error);
  } finally {
    setCurrentCheck(undefined);
    releaseHolds(); // what it held for its timed steps (budgetFor), should it end before spending it
  }
  // The evidence is what the check itself exchanged: the cleanup's requests come after, and show nothing.
  const exchanged = recorder.exchanges.length;
  const leftovers = await ctx.cleanup();
  const expected = ctx.world.expectedFailures[clause.id];
  if (expected !== undefined && (outcome === 'failed' || outcome === 'warned')) outcome = 'known-failure';

  const record = recordOf(clause, outcome, { started, recorder, exchanged, failure, leftovers, ctx });
  if (expected !== undefined && outcome === 'passed') record.unexpectedPass = true;
  tc.task.meta.conformance = record;

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
 * How long a check may wait in all (for the target's rate limit, MAX_RPS, other checks' turns, the run's shared
 * channels) besides its work: each wait has its own bound (a turn five minutes, a 429 RATE_LIMIT_MAX_WAIT_SECONDS),
 * and this one bounds them together, and the waits for a budget whose end no answer names (a 429's long Retry-After
 * seen by another request of the account). Seven minutes: a turn's wait and two windows of Zulip's limit, and with
 * the check's work still well inside a CI job's time limit.
 */
export const CHECK_WAIT_LIMIT_MS = 7 * 60_000;

/**
 * Settles with the check's body, or rejects once the check has worked `limitMs` not counting its waits, or waited
 * `waitLimitMs` in all. A body still running then goes on unobserved (its requests still count; cleanup and the
 * ledger undo what it made).
 */
export async function runWithin(
  work: Promise<void>,
  recorder: Recorder,
  limitMs: number,
  waitLimitMs = CHECK_WAIT_LIMIT_MS,
): Promise<void> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const seconds = (ms: number) => (ms / 1000).toFixed(0);
  const limit = new Promise<never>((_, reject) => {
    // Each millisecond is work or waiting: neither bound can pass before the nearer of the two is due.
    const tick = () => {
      const waited = recorder.waitedMs();
      const worked = Date.now() - started - waited;
      if (worked < limitMs && waited < waitLimitMs) {
        timer = setTimeout(tick, Math.min(limitMs - worked, waitLimitMs - waited));
        return;
      }
      const rateLimited = recorder.rateLimitWaitedMs();
      reject(
        new HarnessError(
          worked >= limitMs
            ? `the check worked ${limitMs / 1000} s without finishing${waited >= 1000 ? ` (besides ${seconds(waited)} s waiting for the target's rate limit or another check's turn)` : ''}`
            : `the check waited ${seconds(waited)} s in all without finishing (${seconds(rateLimited)} s for the target's rate limit, ${seconds(waited - rateLimited)} s for other checks' turns, MAX_RPS or the run's shared objects): longer than a check waits (${waitLimitMs / 1000} s)`,
        ),
      );
    };
    timer = setTimeout(tick, Math.min(limitMs, waitLimitMs));
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

function withEvidence(error: unknown, record: CheckRecord): unknown {
  if (!(error instanceof Error)) return error;
  const last = record.exchanges?.at(-1);
  if (last)
    error.message = `${redact(error.message)}\n\nthe exchange: ${describeExchange(last)}\nreproduce: ${record.curl}`;
  return error;
}
