/**
 * The run's verdict in one line, the first thing every report says: does the target conform, and if not, how many
 * MUST clauses failed. Errors (a check that could not judge) make a run inconclusive, not conforming; a run cut short
 * (Ctrl-C, a CI job's kill, a crash) or one that left clauses unjudged is incomplete, whatever the judged ones say.
 */
import { type ClauseResult, isIncomplete, type RunResults, unjudgedCount } from './results.ts';

export type VerdictKind = 'conforming' | 'not-conforming' | 'inconclusive' | 'incomplete';

export interface Verdict {
  kind: VerdictKind;
  /** One sentence, e.g. "Not conforming: 2 MUST clauses failed, 1 check ended in error." */
  text: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function verdictOf(r: RunResults): Verdict {
  const { failed, error, warned } = r.counts;
  const known = r.counts['known-failure'];
  const extras = [
    warned ? `${plural(warned, 'SHOULD clause')} warned` : '',
    known ? `${plural(known, 'known departure')} (expected failures)` : '',
  ].filter(Boolean);
  const tail = extras.length ? `; ${extras.join(', ')}` : '';
  const errors = error ? `, ${plural(error, 'check')} ended in error` : '';
  const short = shortfallOf(r);
  if (failed > 0)
    return {
      kind: 'not-conforming',
      text: `Not conforming: ${plural(failed, 'MUST clause')} failed${errors}${tail}${short ? `; ${short}` : ''}.`,
    };
  if (isIncomplete(r))
    return {
      kind: 'incomplete',
      text: `Incomplete: ${short}; none of the judged clauses failed${errors}${tail}.`,
    };
  if (error > 0)
    return {
      kind: 'inconclusive',
      text: `Inconclusive: ${plural(error, 'check')} ended in error (could not judge its clause), none failed${tail}.`,
    };
  const judged = r.counts.passed + warned + known;
  return { kind: 'conforming', text: `Conforming: every judged MUST clause passed (${judged} judged)${tail}.` };
}

/** What a run that is incomplete left out, and why: "the run was interrupted by SIGINT, 110 of 215 clauses not run". */
function shortfallOf(r: RunResults): string {
  const unjudged = unjudgedCount(r);
  const notRun = unjudged ? `${unjudged} of ${r.clauses.length} clauses not run` : '';
  if (r.run.cutShort) return [`the run was ${r.run.cutShort}`, notRun].filter(Boolean).join(', ');
  return notRun;
}

/** Failures first, then errors, warnings and known failures: the order a reader of a failing run wants. */
const PROBLEM_ORDER = ['failed', 'error', 'warned', 'known-failure'] as const;

export function problemsOf(r: RunResults): ClauseResult[] {
  return PROBLEM_ORDER.flatMap((o) => r.clauses.filter((c) => c.outcome === o));
}
