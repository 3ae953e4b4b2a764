/**
 * The GitHub Actions job summary ($GITHUB_STEP_SUMMARY): where a CI user looks first. The verdict, counts by level
 * and outcome, each problem with its sentence and first line of evidence, what changed against the baseline, and a
 * link to the uploaded reports. Short by design: the evidence itself is in the reports.
 */
import { appendFileSync } from 'node:fs';
import { OUTCOMES } from '../clauses/types.ts';
import type { BaselineDiff } from './baseline.ts';
import { type RunResults, requestCount } from './results.ts';
import { problemsOf, verdictOf } from './verdict.ts';

const ICON = { conforming: '✅', 'not-conforming': '❌', inconclusive: '⚠️', incomplete: '⏹️' } as const;
/** Rows beyond this are left to the reports (a summary page has a size limit of 1 MiB). */
const MAX_ROWS = 50;

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

export interface SummaryOptions {
  diff?: BaselineDiff;
  /** Where the reports can be downloaded (the workflow run's artifacts). */
  reportLink?: string;
}

export function toJobSummary(r: RunResults, { diff, reportLink }: SummaryOptions = {}): string {
  const verdict = verdictOf(r);
  const { run } = r;
  const out = [
    `## ${ICON[verdict.kind]} Team Chat API conformance: ${verdict.text}`,
    '',
    `${run.embedded ? 'embedded reference server' : run.target} · feature level ${run.featureLevel ?? 'unknown'} · profile ${run.profile} · seed ${run.seed} · ${(run.durationMs / 1000).toFixed(1)} s · ${requestCount(r)} requests`,
    '',
  ];
  const present = OUTCOMES.filter((o) => r.counts[o] > 0);
  out.push(`| level | ${present.join(' | ')} |`, `|---|${present.map(() => '---:').join('|')}|`);
  for (const [level, counts] of Object.entries(r.countsByLevel))
    out.push(`| ${level} | ${present.map((o) => counts[o]).join(' | ')} |`);
  out.push(`| **all** | ${present.map((o) => `**${r.counts[o]}**`).join(' | ')} |`, '');

  const problems = problemsOf(r);
  if (problems.length) {
    out.push('| clause | outcome | sentence | why |', '|---|---|---|---|');
    for (const c of problems.slice(0, MAX_ROWS))
      out.push(
        `| ${c.id} | ${c.outcome} | ${c.level} ${cell(c.title)} | ${cell((c.reason ?? '').split('\n')[0]!.slice(0, 200))} |`,
      );
    if (problems.length > MAX_ROWS) out.push('', `… and ${problems.length - MAX_ROWS} more in the reports.`);
    out.push('');
  }
  if (diff) {
    out.push(
      `Against the baseline: **${diff.newlyFailing.length} newly failing**, ${diff.newlyPassing.length} newly passing.`,
    );
    for (const c of diff.newlyFailing) out.push(`- newly failing ${c.id}: ${c.was} → ${c.now}`);
    for (const c of diff.newlyPassing) out.push(`- newly passing ${c.id}: ${c.was} → ${c.now}`);
    out.push('');
  }
  const unexpected = r.clauses.filter((c) => c.unexpectedPass).map((c) => c.id);
  if (unexpected.length)
    out.push(`Passed although listed as expected failures (update the file): ${unexpected.join(', ')}`, '');
  if (reportLink) out.push(`Reports (HTML, Markdown, JSON, JUnit): [download](${reportLink})`, '');
  return `${out.join('\n')}\n`;
}

/** The workflow run's artifacts page, from the variables GitHub Actions sets; undefined elsewhere. */
export function artifactsLink(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: id } = env;
  return server && repo && id ? `${server}/${repo}/actions/runs/${id}#artifacts` : undefined;
}

/** Appends the summary to $GITHUB_STEP_SUMMARY when the run is a GitHub Actions step; does nothing otherwise. */
export function writeJobSummary(r: RunResults, env: NodeJS.ProcessEnv, diff?: BaselineDiff): boolean {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return false;
  const reportLink = artifactsLink(env);
  appendFileSync(file, toJobSummary(r, { ...(diff ? { diff } : {}), ...(reportLink ? { reportLink } : {}) }));
  return true;
}
