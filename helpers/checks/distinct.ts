/**
 * Properties over a small, finite space of cases (a few lengths, positions and modes; a few narrow terms). Drawn at
 * random, a profile's runs repeat some of them, and each repeat costs requests that show nothing new. Such a
 * property judges each case at most once (`onceEach`), and as many distinct cases as its runs would be expected to
 * show if drawn uniformly at random (`distinctRuns`): uniform draws show the most distinct cases, and fast-check's,
 * biased towards small values, fewer. The cover stays; the repeats go.
 */
import fc from 'fast-check';
import type { CheckContext } from './context.ts';
import { deriveSeed } from './seeds.ts';

/** Distinct cases that `runs` uniform draws from `cases` are expected to show: at least one, at most all. */
export function distinctRuns(runs: number, cases: number): number {
  const expected = cases * (1 - (1 - 1 / cases) ** runs);
  return Math.max(1, Math.min(cases, Math.round(expected)));
}

/**
 * A guard for a property's predicate, called first with the case's key: a case judged already is skipped
 * (fc.pre), before any request. A shrink's candidates meet it too: one whose key was judged is skipped, its answer
 * being known, so a failure shrinks only towards cases not yet judged.
 */
export function onceEach(): (key: string) => void {
  const judged = new Set<string>();
  return (key) => {
    fc.pre(!judged.has(key));
    judged.add(key);
  };
}

/**
 * Cases a clause treats alike (the two administrators deleting a topic, client_gravatar either way where only the
 * types are judged): all of them on the full and nightly profiles. On the quick one (a pull request's check, within
 * one window of a per-user rate limit) one of them, drawn from the run's seed and the clause, so that over many
 * runs each is met; the check's note says which.
 */
export function alikeCases<T>(ctx: CheckContext, cases: readonly T[], name: (c: T) => string): T[] {
  if (ctx.world.profile !== 'quick' || cases.length < 2) return [...cases];
  const drawn = cases[deriveSeed(ctx.world.seed, ctx.clause.id) % cases.length]!;
  ctx.note(`quick profile: ${name(drawn)} only, of ${cases.map(name).join(', ')} (the full profile meets each)`);
  return [drawn];
}
