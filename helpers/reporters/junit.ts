/**
 * junit.xml, written from the run's results like the other reports: a testsuite per operation, a testcase per
 * clause named as its check's test, with its time (so a CI that reads only junit sees every clause, those judged
 * over every response too). A failure carries the reason and the curl command that replays it; a known failure and
 * a clause not judged on this target (disabled, skipped-unsupported, not-applicable, not run) are skipped testcases
 * saying why; a warning (a SHOULD departure) passes with the warning on its output.
 */
import { type Outcome, testNameOf } from '../clauses/types.ts';
import { type ClauseResult, cutShortBefore, type RunResults } from './results.ts';

const SKIPPED: readonly Outcome[] = ['known-failure', 'disabled', 'skipped-unsupported', 'not-applicable', 'not-run'];

const xml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** What junit's one-line `message` attribute can hold: the reason's first line. */
const firstLine = (text: string) => xml(text.split('\n')[0] ?? '');

function testcase(c: ClauseResult, cutShort: string | undefined): string {
  const reason = cutShort ?? c.reason ?? c.outcome;
  const detail = xml([reason, c.curl].filter(Boolean).join('\n\n'));
  const open = `    <testcase classname="${xml(c.endpoint)}" name="${xml(testNameOf(c))}" time="${seconds(c.ms ?? 0)}">`;
  if (c.outcome === 'failed')
    return `${open}\n      <failure message="${firstLine(reason)}" type="${c.level}">${detail}</failure>\n    </testcase>`;
  if (cutShort) return `${open}\n      <error message="${firstLine(reason)}" type="RunCutShort"/>\n    </testcase>`;
  if (c.outcome === 'error')
    return `${open}\n      <error message="${firstLine(reason)}" type="SetupError">${detail}</error>\n    </testcase>`;
  if (SKIPPED.includes(c.outcome))
    return `${open}\n      <skipped message="${firstLine(`${c.outcome}: ${reason}`)}"/>\n    </testcase>`;
  if (c.outcome === 'warned')
    return `${open}\n      <system-out>${xml(`warned (${c.level}): ${reason}`)}</system-out>\n    </testcase>`;
  return `${open}</testcase>`;
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

export function toJunit(results: RunResults): string {
  const broken = (c: ClauseResult) => c.outcome === 'error' || cutShortBefore(results, c) !== undefined;
  const counts = (clauses: readonly ClauseResult[]) =>
    `tests="${clauses.length}" failures="${clauses.filter((c) => c.outcome === 'failed').length}" errors="${
      clauses.filter(broken).length
    }" skipped="${clauses.filter((c) => SKIPPED.includes(c.outcome) && !broken(c)).length}"`;
  const byOperation = new Map<string, ClauseResult[]>();
  for (const c of results.clauses) byOperation.set(c.endpoint, [...(byOperation.get(c.endpoint) ?? []), c]);
  const suites = [...byOperation].map(([operation, clauses]) =>
    [
      `  <testsuite name="${xml(operation)}" ${counts(clauses)} time="${seconds(clauses.reduce((t, c) => t + (c.ms ?? 0), 0))}">`,
      ...clauses.map((c) => testcase(c, cutShortBefore(results, c))),
      '  </testsuite>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="teamchat-conformance" ${counts(results.clauses)} time="${seconds(results.run.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
