/**
 * The run's results per clause, built from what the checks recorded. Pure: the writers and the runner's
 * summary read this, and the unit tests build it from hand-made records.
 */
import type { CheckRecord } from '../checks/record.ts';
import type { ResponseDeparture, ResponseTally } from '../checks/responses.ts';
import { type Clause, LEVELS, type Level, OUTCOMES, type Outcome } from '../clauses/types.ts';

/** A clause with what its check recorded (see CheckRecord). */
export interface ClauseResult extends Omit<CheckRecord, 'clauseId' | 'responses'> {
  id: string;
  level: Level;
  title: string;
  section: string;
  endpoint: string;
  since?: number;
  /** The feature level at which the contract marks the operation deprecated. */
  deprecatedAt?: number;
}

export interface RunInfo {
  runId: string;
  seed: number;
  profile: string;
  target: string;
  embedded: boolean;
  featureLevel: number | null;
  startedAt: string;
  durationMs: number;
  /** `--shard i/n`: the run judged only its share of the clauses; the others are not-run here, judged elsewhere. */
  shard?: string;
  /**
   * Why the run ended before every selected clause was judged ("interrupted by SIGINT", "the test runner crashed:
   * …"); absent when it ran to its end. A cut-short run never reads as conforming (verdict.ts).
   */
  cutShort?: string;
}

export interface RunResults {
  tool: { name: 'teamchat-conformance'; version: string };
  run: RunInfo;
  /** The expected-failures file the run judged with, and its entries that name no clause. */
  expectedFailures?: { file: string; stale: string[] };
  counts: Record<Outcome, number>;
  countsByLevel: Record<Level, Record<Outcome, number>>;
  /** Responses judged against the envelope and their operation's answer (the RESP-* clauses), all checks together. */
  responsesJudged?: number;
  /** The checks' named figures (CheckRecord.figures), each summed over the run: { "bad-input probes sent": 97 }. */
  figures?: Record<string, number>;
  clauses: ClauseResult[];
}

/** What the harness saw of a test that has no record: it never started, or the wrapper itself broke. */
export interface TestSeen {
  clauseId: string;
  record?: CheckRecord;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
  error?: string;
}

export function buildResults(
  seen: readonly TestSeen[],
  run: RunInfo,
  version: string,
  clauses: readonly Clause[],
  /** Clause id → why it is expected to fail (the expected-failures file), for the clauses judged here. */
  expectedFailures: Readonly<Record<string, string>> = {},
): RunResults {
  const byId = new Map(seen.map((s) => [s.clauseId, s]));
  const tallies = seen.flatMap((s) => (s.record?.responses ? [s.record.responses] : []));
  const results = [...clauses]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((clause): ClauseResult => {
      const s = byId.get(clause.id);
      const base: ClauseResult = {
        id: clause.id,
        level: clause.level,
        title: clause.title,
        section: clause.section,
        endpoint: clause.endpoint,
        ...(clause.since !== undefined ? { since: clause.since } : {}),
        ...(clause.deprecatedAt !== undefined ? { deprecatedAt: clause.deprecatedAt } : {}),
        outcome: 'not-run',
      };
      if (clause.drivenBy)
        return judgedOverResponses(base, clause, tallies, byId.get(clause.drivenBy), expectedFailures);
      if (!s || s.state === 'pending') return base;
      if (!s.record) {
        // The test ended without the wrapper's record: only a crash of the harness gets here.
        return s.state === 'skipped'
          ? base
          : { ...base, outcome: 'error', reason: s.error ?? 'the check ended without a result' };
      }
      const { clauseId: _id, responses: _responses, ...record } = s.record;
      return { ...base, ...record };
    });
  const judged = tallies.reduce((n, t) => n + Object.values(t.judged).reduce((a, b) => a + b, 0), 0);
  const figures = sumFigures(results.map((c) => c.figures));
  return {
    tool: { name: 'teamchat-conformance', version },
    run,
    counts: countOutcomes(results),
    countsByLevel: countByLevel(results),
    ...(tallies.length ? { responsesJudged: judged } : {}),
    ...(Object.keys(figures).length ? { figures } : {}),
    clauses: results,
  };
}

/** Which check's request drew a judged response: where to look (and what `--only` reruns) when it departs. */
const drawnBy = (d: ResponseDeparture) => (d.check ? `, in answer to a request of check ${d.check}` : '');

/**
 * A RESP-* clause: failed on the first response of its operation that departs (in any check), passed when
 * responses were judged and none departed; without any response of the operation, its driving check's outcome
 * says why (disabled, skipped …), or it did not run.
 */
function judgedOverResponses(
  base: ClauseResult,
  clause: Clause,
  tallies: readonly ResponseTally[],
  driver: TestSeen | undefined,
  expectedFailures: Readonly<Record<string, string>>,
): ClauseResult {
  const op = clause.endpoint;
  const judged = tallies.reduce((n, t) => n + (t.judged[op] ?? 0), 0);
  const departure = tallies.find((t) => t.departures[op])?.departures[op];
  const advice = tallies.find((t) => t.advice[op])?.advice[op];
  // Tallies from records written before notes were kept have none.
  const recorded = tallies.find((t) => t.notes?.[op])?.notes?.[op];
  const notes = [`${judged} response${judged === 1 ? '' : 's'} of ${op} judged`];
  if (recorded) notes.push(`${op}: ${recorded.message} (${recorded.rule}; the contract leaves it open, recorded)`);
  if (departure) {
    const expected = expectedFailures[clause.id] !== undefined;
    return {
      ...base,
      outcome: expected ? 'known-failure' : 'failed',
      reason: `${op}: ${departure.message} (${departure.rule})${drawnBy(departure)}`,
      exchanges: [departure.exchange],
      curl: departure.curl,
      notes,
    };
  }
  // A SHOULD departure (its rule's one level, as its owner clause reports it): a warning, never a failure.
  if (advice && judged > 0)
    return {
      ...base,
      outcome: 'warned',
      reason: `${op}: ${advice.message} (${advice.rule}, a SHOULD)${drawnBy(advice)}`,
      exchanges: [advice.exchange],
      curl: advice.curl,
      notes,
    };
  if (judged > 0)
    return { ...base, outcome: 'passed', notes, ...(expectedFailures[clause.id] ? { unexpectedPass: true } : {}) };
  const why = driver?.record;
  if (why && why.outcome !== 'passed' && why.outcome !== 'failed' && why.outcome !== 'warned')
    return { ...base, outcome: why.outcome, reason: `no response of ${op} to judge: ${why.reason ?? why.outcome}` };
  return base;
}

/** Each named figure summed over `parts` (the clauses' records, or shards' runs). */
export function sumFigures(parts: readonly (Readonly<Record<string, number>> | undefined)[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const part of parts) for (const [name, n] of Object.entries(part ?? {})) sums[name] = (sums[name] ?? 0) + n;
  return sums;
}

/** The run's figures after its request count: " · 1272 responses judged · 97 bad-input probes sent". */
export function judgedFigures(r: RunResults): string {
  const figures = [
    ...(r.responsesJudged !== undefined ? [`${r.responsesJudged} responses judged`] : []),
    ...Object.entries(r.figures ?? {}).map(([name, n]) => `${n} ${name}`),
  ];
  return figures.map((f) => ` · ${f}`).join('');
}

/** Requests the checks sent, all together (the runner's own set-up and clean-up are not counted). */
export const requestCount = (r: RunResults) => r.clauses.reduce((n, c) => n + (c.requests ?? 0), 0);

/** Requests per account (API email, or "no credentials"), busiest first: what a rate limit bears on. */
export function requestsByAccount(r: RunResults, { answered = false } = {}): [string, number][] {
  const totals = new Map<string, number>();
  for (const c of r.clauses) {
    for (const [who, n] of Object.entries(c.requestsBy ?? {})) totals.set(who, (totals.get(who) ?? 0) + n);
    // `answered`: without the 429s, which a limiter like Zulip's does not count against the budget.
    if (answered)
      for (const [who, n] of Object.entries(c.rateLimitedBy ?? {})) totals.set(who, (totals.get(who) ?? 0) - n);
  }
  return [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/**
 * Checks that ended in error, grouped by cause: the first line of the reason without the request it was about,
 * so that a target going down reads as one line, not one per check.
 */
export function errorsByCause(r: RunResults): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const c of r.clauses) {
    if (c.outcome !== 'error') continue;
    // A RESP-* clause left without an answer to judge ends as its driving check did: the same cause.
    const cause = (c.reason?.split('\n')[0] ?? 'unknown')
      .replace(/^no response of (GET|POST|PATCH|DELETE) \S+ to judge: /, '')
      .replace(/^(GET|POST|PATCH|DELETE) \S+: /, '')
      .replace(/\d+ ms/g, 'N ms');
    groups.set(cause, [...(groups.get(cause) ?? []), c.id]);
  }
  return [...groups].sort((a, b) => b[1].length - a[1].length);
}

export function countOutcomes(results: readonly { outcome: Outcome }[]): Record<Outcome, number> {
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  for (const r of results) counts[r.outcome] += 1;
  return counts;
}

export function countByLevel(results: readonly ClauseResult[]): Record<Level, Record<Outcome, number>> {
  return Object.fromEntries(LEVELS.map((l) => [l, countOutcomes(results.filter((r) => r.level === l))])) as Record<
    Level,
    Record<Outcome, number>
  >;
}

/**
 * Selected clauses the run never judged: every not-run clause, but in a shard's run, where the other shards' clauses
 * are not-run by design, none (the merge of the shards counts them).
 */
export const unjudgedCount = (r: RunResults) => (r.run.shard ? 0 : r.counts['not-run']);

/**
 * Why a clause was not judged, where the run was cut short before it: the reports that have a place for a broken
 * test (JUnit's error, Allure's broken) show it there, so that a CI page reads the run as broken, not as skipped.
 */
export const cutShortBefore = (r: RunResults, c: ClauseResult): string | undefined =>
  c.outcome === 'not-run' && r.run.cutShort ? `not run: the run was ${r.run.cutShort}` : undefined;

/** Whether the run left selected clauses unjudged, or ended before its end: it then vouches for nothing. */
export const isIncomplete = (r: RunResults) => r.run.cutShort !== undefined || unjudgedCount(r) > 0;

/**
 * Exit status of a run: 1 when a clause failed (a departure was found, whatever else broke), else 2 when a check
 * ended in error or the run was incomplete (it cannot vouch for conformance), else 0.
 */
export function exitCodeOf(results: RunResults): 0 | 1 | 2 {
  if (results.counts.failed > 0) return 1;
  if (results.counts.error > 0 || isIncomplete(results)) return 2;
  return 0;
}
