/**
 * conformance.md: the verdict, then the failures, errors and warnings with their evidence (failures first), then
 * counts per level and a table per endpoint.
 */
import { OUTCOMES } from '../clauses/types.ts';
import { describeExchange } from '../http/exchange.ts';
import { type ClauseResult, judgedFigures, type RunResults, requestCount } from './results.ts';
import { problemsOf, verdictOf } from './verdict.ts';

const ICON: Record<string, string> = {
  passed: '✅ passed',
  failed: '❌ failed',
  warned: '⚠️ warned',
  'skipped-unsupported': '⏭️ skipped-unsupported',
  'not-applicable': '➖ not-applicable',
  disabled: '🚫 disabled',
  'known-failure': '🔶 known-failure',
  error: '💥 error',
  'not-run': '… not-run',
};

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function toMarkdown(r: RunResults): string {
  const out: string[] = [];
  const { run } = r;
  out.push('# Team Chat API conformance report', '', `**${verdictOf(r).text}**`, '');
  out.push(`- target: ${run.embedded ? `embedded reference server (${run.target})` : run.target}`);
  out.push(`- feature level judged against: ${run.featureLevel ?? 'unknown (every clause judged)'}`);
  out.push(
    `- seed: ${run.seed} · profile: ${run.profile} · run: ${run.runId} · started ${run.startedAt} · ${(run.durationMs / 1000).toFixed(1)} s · ${requestCount(r)} requests${judgedFigures(r)}`,
    '',
  );

  const problems = problemsOf(r);
  if (problems.length) {
    out.push('## Failures, errors and warnings', '');
    for (const c of problems) out.push(...evidence(c));
  }

  out.push('## Counts', '', `| level | ${OUTCOMES.join(' | ')} |`, `|---|${OUTCOMES.map(() => '---:').join('|')}|`);
  for (const [level, counts] of Object.entries(r.countsByLevel)) {
    out.push(`| ${level} | ${OUTCOMES.map((o) => counts[o]).join(' | ')} |`);
  }
  out.push(`| all | ${OUTCOMES.map((o) => r.counts[o]).join(' | ')} |`, '');

  const unexpected = r.clauses.filter((c) => c.unexpectedPass).map((c) => c.id);
  if (r.expectedFailures && (unexpected.length || r.expectedFailures.stale.length)) {
    out.push(`## Expected failures (${r.expectedFailures.file})`, '');
    if (unexpected.length)
      out.push(`- passed although listed as expected to fail (remove them from the file): ${unexpected.join(', ')}`);
    if (r.expectedFailures.stale.length)
      out.push(`- entries that name no clause (stale): ${r.expectedFailures.stale.join(', ')}`);
    out.push('');
  }

  out.push('## Clauses by endpoint', '');
  for (const [endpoint, clauses] of groupBy(r.clauses, (c) => c.endpoint)) {
    const deprecated = clauses.find((c) => c.deprecatedAt !== undefined)?.deprecatedAt;
    out.push(
      `### ${endpoint === '*' ? 'Every operation' : endpoint}${deprecated !== undefined ? ` (deprecated at feature level ${deprecated})` : ''}`,
      '',
      '| clause | level | outcome | sentence | section | note |',
      '|---|---|---|---|---|---|',
    );
    for (const c of clauses) {
      const note = c.outcome === 'passed' ? (c.notes?.join('; ') ?? '') : (c.reason?.split('\n')[0] ?? '');
      out.push(`| ${c.id} | ${c.level} | ${ICON[c.outcome]} | ${cell(c.title)} | ${cell(c.section)} | ${cell(note)} |`);
    }
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

function evidence(c: ClauseResult): string[] {
  const lines = [
    `### ${c.id} — ${ICON[c.outcome]}`,
    '',
    `${c.level} ${c.title} (${c.section})`,
    '',
    '```text',
    c.reason ?? '',
    '```',
  ];
  const last = c.exchanges?.at(-1);
  // The evidence ends with the exchange the failure is about (helpers/checks/check.ts, evidenceOf).
  if (last) lines.push('', 'The exchange it is about:', '', '```text', describeExchange(last), '```');
  if (c.curl) lines.push('', 'Reproduce:', '', '```sh', c.curl, '```');
  lines.push('');
  return lines;
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return new Map([...groups].sort(([a], [b]) => (a === '*' ? -1 : b === '*' ? 1 : a.localeCompare(b))));
}
