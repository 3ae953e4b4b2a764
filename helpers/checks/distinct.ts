/**
 * Properties over a small, finite space of cases (a few lengths, positions and modes; a few narrow terms). Drawn at
 * random, a profile's runs repeat some of them, and each repeat costs requests that show nothing new. Such a
 * property judges each case at most once (`onceEach`), and as many distinct cases as its runs would be expected to
 * show if drawn uniformly at random (`distinctRuns`): uniform draws show the most distinct cases, and fast-check's,
 * biased towards small values, fewer. The cover stays; the repeats go.
 */
import fc from 'fast-check';

/** Distinct cases that `runs` uniform draws from `cases` are expected to show: at least one, at most all. */
export function distinctRuns(runs: number, cases: number): number {
  const expected = cases * (1 - (1 - 1 / cases) ** runs);
  return Math.max(1, Math.min(cases, Math.round(expected)));
}

/**
 * A guard for a property's predicate, called first with the case's key: a case judged already is skipped
 * (fc.pre), before any request. For properties that end on their first failure (no shrinking: a shrunk case would
 * meet its own key).
 */
export function onceEach(): (key: string) => void {
  const judged = new Set<string>();
  return (key) => {
    fc.pre(!judged.has(key));
    judged.add(key);
  };
}
