/**
 * The clauses judged over every response (RESP-*) have no test of their own, so vitest's junit and Allure reporters
 * never hear of them. Once vitest has written its files, this adds them: a testsuite in junit.xml and a result file
 * each in allure-results/, so that a CI that reads only junit sees a RESP-* failure too.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Outcome, testNameOf } from '../clauses/types.ts';
import type { ClauseResult, RunResults } from './results.ts';

export const JUDGED_SUITE = 'every response judged';
const NOT_JUDGED: readonly Outcome[] = ['skipped-unsupported', 'not-applicable', 'disabled', 'not-run'];

const xml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

function testcase(c: ClauseResult): string {
  const name = xml(testNameOf(c));
  const reason = xml(c.reason ?? '');
  const body =
    c.outcome === 'failed'
      ? `\n            <failure message="${reason.split('\n')[0]}" type="ConformanceAssertion">${reason}</failure>\n        `
      : c.outcome === 'error'
        ? `\n            <error message="${reason.split('\n')[0]}" type="Error">${reason}</error>\n        `
        : NOT_JUDGED.includes(c.outcome)
          ? '\n            <skipped/>\n        '
          : '\n        ';
  return `        <testcase classname="${JUDGED_SUITE}" name="${name}" time="0">${body}</testcase>`;
}

/** Adds the judged clauses to junit.xml: a testsuite of their own, and the root's counts raised. */
export function addToJunit(file: string, judged: readonly ClauseResult[]): void {
  if (!existsSync(file) || judged.length === 0) return;
  const text = readFileSync(file, 'utf8');
  const close = text.lastIndexOf('</testsuites>');
  if (close < 0) return;
  const count = (o: Outcome) => judged.filter((c) => c.outcome === o).length;
  const skipped = judged.filter((c) => NOT_JUDGED.includes(c.outcome)).length;
  const suite = [
    `    <testsuite name="${JUDGED_SUITE}" tests="${judged.length}" failures="${count('failed')}" errors="${count('error')}" skipped="${skipped}" time="0">`,
    ...judged.map(testcase),
    '    </testsuite>',
  ].join('\n');
  const raised = text.slice(0, close).replace(/<testsuites ([^>]*)>/, (tag, attrs: string) =>
    tag.replace(
      attrs,
      attrs.replace(/\b(tests|failures|errors)="(\d+)"/g, (_, name: string, n: string) => {
        const more = name === 'tests' ? judged.length : count(name === 'failures' ? 'failed' : 'error');
        return `${name}="${Number(n) + more}"`;
      }),
    ),
  );
  writeFileSync(file, `${raised}${suite}\n${text.slice(close)}`);
}

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

/** Both, for the clauses of the results that are judged over every response. */
export function addJudgedClauses(reportDir: string, results: RunResults, drivenBy: ReadonlySet<string>): void {
  const judged = results.clauses.filter((c) => drivenBy.has(c.id));
  addToJunit(join(reportDir, 'junit.xml'), judged);
  addToAllure(join(reportDir, 'allure-results'), judged, Date.now());
}

/** Whether an Allure file is the result of a judged clause (a shard's, which a merge writes anew). */
export function isJudgedResult(file: string): boolean {
  if (!file.endsWith('-result.json')) return false;
  const labels: { name: string; value: string }[] = JSON.parse(readFileSync(file, 'utf8')).labels ?? [];
  return labels.some((l) => l.name === 'parentSuite' && l.value === JUDGED_SUITE);
}
