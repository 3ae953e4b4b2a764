/**
 * Combines the reports of several shards (`--shard i/n`) into one: each clause takes the outcome of the shard that
 * ran it; every report (junit.xml and Allure's results too) is written from the merged results.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Outcome } from '../clauses/types.ts';
import { type ClauseResult, countByLevel, countOutcomes, type RunResults, sumFigures } from './results.ts';
import { writeReports } from './write.ts';

/** Worst first: the outcome a merged clause takes when several shards judged it. */
const SEVERITY: readonly Outcome[] = [
  'failed',
  'error',
  'known-failure',
  'warned',
  'passed',
  'disabled',
  'skipped-unsupported',
  'not-applicable',
  'not-run',
];

export function mergeResults(parts: readonly RunResults[]): RunResults {
  if (parts.length === 0) throw new Error('nothing to merge');
  const clauses = parts[0]!.clauses.map((clause) => {
    // A clause checked by one shard takes that shard's outcome; one judged over every response (RESP-*) is judged
    // in every shard, and the worst outcome stands.
    const ran = parts
      .map((p) => p.clauses.find((c) => c.id === clause.id))
      .filter((c): c is ClauseResult => c !== undefined && c.outcome !== 'not-run')
      .sort((a, b) => SEVERITY.indexOf(a.outcome) - SEVERITY.indexOf(b.outcome));
    return ran[0] ?? clause;
  });
  const first = parts[0]!;
  // The merge is the whole run: no longer a shard's; cut short where any shard was.
  const { shard: _shard, cutShort: _cutShort, ...run } = first.run;
  const cutShort = parts.flatMap((p) => (p.run.cutShort ? [`shard ${p.run.shard ?? '?'} ${p.run.cutShort}`] : []));
  return {
    tool: first.tool,
    run: {
      ...run,
      ...(cutShort.length ? { cutShort: cutShort.join('; ') } : {}),
      runId: parts.map((p) => p.run.runId).join('+'),
      startedAt: parts.map((p) => p.run.startedAt).sort()[0]!,
      durationMs: Math.max(...parts.map((p) => p.run.durationMs)),
    },
    counts: countOutcomes(clauses),
    countsByLevel: countByLevel(clauses),
    ...(parts.some((p) => p.figures !== undefined) ? { figures: sumFigures(parts.map((p) => p.figures)) } : {}),
    ...(parts.some((p) => p.responsesJudged !== undefined)
      ? { responsesJudged: parts.reduce((n, p) => n + (p.responsesJudged ?? 0), 0) }
      : {}),
    clauses,
  };
}

export function mergeReportDirs(inputs: readonly string[], reportDir: string): RunResults {
  const parts = inputs.map((dir) => {
    const file = join(dir, 'conformance.json');
    if (!existsSync(file)) throw new Error(`${dir} holds no conformance.json`);
    return JSON.parse(readFileSync(file, 'utf8')) as RunResults;
  });
  const merged = mergeResults(parts);
  writeReports(reportDir, merged);
  return merged;
}
