/**
 * The run's verdict in one line, the first thing every report says: does the target conform, and if not, how many
 * MUST clauses failed. Errors (a check that could not judge) make a run inconclusive, not conforming.
 */
import type { ClauseResult, RunResults } from './results.ts';

export type VerdictKind = 'conforming' | 'not-conforming' | 'inconclusive';

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
  if (failed > 0) {
    const errors = error ? `, ${plural(error, 'check')} ended in error` : '';
    return { kind: 'not-conforming', text: `Not conforming: ${plural(failed, 'MUST clause')} failed${errors}${tail}.` };
  }
  if (error > 0)
    return {
      kind: 'inconclusive',
      text: `Inconclusive: ${plural(error, 'check')} ended in error (could not judge its clause), none failed${tail}.`,
    };
  const judged = r.counts.passed + warned + known;
  return { kind: 'conforming', text: `Conforming: every judged MUST clause passed (${judged} judged)${tail}.` };
}

/** Failures first, then errors, warnings and known failures: the order a reader of a failing run wants. */
const PROBLEM_ORDER = ['failed', 'error', 'warned', 'known-failure'] as const;

export function problemsOf(r: RunResults): ClauseResult[] {
  return PROBLEM_ORDER.flatMap((o) => r.clauses.filter((c) => c.outcome === o));
}
