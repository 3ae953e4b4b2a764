/** Compares a run with an earlier one (a conformance.json): what newly fails, what newly passes. */
import type { Outcome } from '../clauses/types.ts';
import type { RunResults } from './results.ts';

const BAD: ReadonlySet<Outcome> = new Set(['failed', 'warned', 'error', 'known-failure']);

export interface Change {
  id: string;
  was: Outcome | 'absent';
  now: Outcome | 'absent';
}

export interface BaselineDiff {
  newlyFailing: Change[];
  newlyPassing: Change[];
  /** Clauses the baseline did not have, and clauses it had that this run no longer has. */
  added: string[];
  removed: string[];
}

export function diffBaseline(baseline: RunResults, current: RunResults): BaselineDiff {
  const before = new Map(baseline.clauses.map((c) => [c.id, c.outcome]));
  const after = new Map(current.clauses.map((c) => [c.id, c.outcome]));
  const diff: BaselineDiff = { newlyFailing: [], newlyPassing: [], added: [], removed: [] };
  for (const [id, now] of after) {
    const was = before.get(id);
    if (was === undefined) diff.added.push(id);
    if (now === 'not-run') continue;
    if (BAD.has(now) && (was === undefined || was === 'passed'))
      diff.newlyFailing.push({ id, was: was ?? 'absent', now });
    if (now === 'passed' && was !== undefined && BAD.has(was)) diff.newlyPassing.push({ id, was, now });
  }
  for (const id of before.keys()) if (!after.has(id)) diff.removed.push(id);
  return diff;
}

export function describeDiff(diff: BaselineDiff, file: string): string {
  const lines = [
    `compared with ${file}: ${diff.newlyFailing.length} newly failing, ${diff.newlyPassing.length} newly passing`,
  ];
  for (const c of diff.newlyFailing) lines.push(`  newly failing ${c.id}: ${c.was} → ${c.now}`);
  for (const c of diff.newlyPassing) lines.push(`  newly passing ${c.id}: ${c.was} → ${c.now}`);
  if (diff.added.length) lines.push(`  new clauses: ${diff.added.join(', ')}`);
  if (diff.removed.length) lines.push(`  clauses gone: ${diff.removed.join(', ')}`);
  return lines.join('\n');
}
