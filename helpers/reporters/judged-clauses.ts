/**
 * The clauses judged over every response (RESP-*) have no test of their own, so allure-vitest never hears of them:
 * this writes a result file for each in allure-results/. (junit.xml is written from the run's results, with every
 * clause: junit.ts.)
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Outcome, testNameOf } from '../clauses/types.ts';
import type { ClauseResult, RunResults } from './results.ts';

export const JUDGED_SUITE = 'every response judged';
const NOT_JUDGED: readonly Outcome[] = ['skipped-unsupported', 'not-applicable', 'disabled', 'not-run'];

const ALLURE_STATUS: Partial<Record<Outcome, string>> = { failed: 'failed', error: 'broken' };

/** Writes one Allure result per judged clause, labelled like the checks' (clause, level, endpoint, outcome). */
export function addToAllure(dir: string, judged: readonly ClauseResult[], at: number): void {
  if (judged.length === 0) return;
  mkdirSync(dir, { recursive: true });
  for (const c of judged) {
    const uuid = randomUUID();
    const status = ALLURE_STATUS[c.outcome] ?? (NOT_JUDGED.includes(c.outcome) ? 'skipped' : 'passed');
    const result = {
      uuid,
      name: testNameOf(c),
      fullName: `teamchat-conformance:${JUDGED_SUITE}#${c.id}`,
      historyId: c.id,
      status,
      statusDetails: c.reason ? { message: c.reason } : {},
      stage: 'finished',
      steps: [],
      attachments: [],
      parameters: [],
      links: [],
      labels: [
        { name: 'parentSuite', value: JUDGED_SUITE },
        { name: 'clause', value: c.id },
        { name: 'level', value: c.level },
        { name: 'endpoint', value: c.endpoint },
        { name: 'section', value: c.section },
        { name: 'feature', value: c.endpoint },
        { name: 'outcome', value: c.outcome },
      ],
      start: at,
      stop: at,
    };
    writeFileSync(join(dir, `${uuid}-result.json`), JSON.stringify(result));
  }
}

/** The Allure results of the clauses judged over every response. */
export function addJudgedClauses(reportDir: string, results: RunResults, drivenBy: ReadonlySet<string>): void {
  const judged = results.clauses.filter((c) => drivenBy.has(c.id));
  addToAllure(join(reportDir, 'allure-results'), judged, Date.now());
}

/** The clause an Allure file is the result of, when it is a judged clause's (a shard's, which a merge writes anew). */
export function judgedClauseOf(file: string): string | undefined {
  if (!file.endsWith('-result.json')) return undefined;
  const labels: { name: string; value: string }[] = JSON.parse(readFileSync(file, 'utf8')).labels ?? [];
  if (!labels.some((l) => l.name === 'parentSuite' && l.value === JUDGED_SUITE)) return undefined;
  return labels.find((l) => l.name === 'clause')?.value;
}
