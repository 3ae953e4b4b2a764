/**
 * The run's last screen: the verdict, the counts, then the failures and warnings, causes first, each with the
 * command that runs its clause again and the curl of the request that departed; errors by cause; where the reports
 * are. Pure: the command line prints it.
 */
import { redact } from '../http/redact.ts';
import {
  type ClauseResult,
  errorsByCause,
  judgedFigures,
  type RunInfo,
  type RunResults,
  requestCount,
  requestsByAccount,
} from '../reporters/results.ts';
import { verdictOf } from '../reporters/verdict.ts';

/** Failures and warnings shown in full; the others are counted, and the HTML report has them all. */
export const SHOWN = 10;

/** How to serve the embedded server's realm again, where the run had one (it is gone once the run ends). */
export interface EmbeddedReplay {
  /** Variables the run's command was given that shape the server (`REFERENCE_FAULTS=x`): a replay needs them. */
  env: string;
  /** `npm run reference -- --port P --faults x`: the same realm, on the port the curl lines name. */
  serve: string;
}

export interface SummaryOptions {
  reportDir: string;
  leftovers?: readonly string[];
  embedded?: EmbeddedReplay;
}

export function summaryLines(results: RunResults, options: SummaryOptions): string[] {
  const lines = ['', verdictOf(results).text];
  const c = results.counts;
  const parts = [`${c.passed} passed`, `${c.failed} failed`, `${c.warned} warned`, `${c.error} errors`];
  for (const o of ['known-failure', 'skipped-unsupported', 'not-applicable', 'disabled', 'not-run'] as const)
    if (c[o]) parts.push(`${c[o]} ${o}`);
  lines.push(
    `clauses ${results.clauses.length}: ${parts.join(', ')} · ${requestCount(results)} requests in ${(results.run.durationMs / 1000).toFixed(1)} s${judgedFigures(results)}`,
  );
  const departed = byCause(results.clauses);
  for (const r of departed.slice(0, SHOWN)) lines.push(...failureLines(r, results, options.embedded));
  if (departed.length > SHOWN)
    lines.push(`  and ${departed.length - SHOWN} more, see ${options.reportDir}/conformance.html`);
  if (options.embedded && departed.slice(0, SHOWN).some((r) => r.curl))
    lines.push(
      `  the curl lines name the embedded server, which is gone: \`${options.embedded.serve}\` serves the same realm, without the run's own channels, messages and drafts (API keys in .env.example)`,
    );
  for (const [cause, ids] of errorsByCause(results)) {
    lines.push(
      `  error  ${ids.length} check${ids.length > 1 ? 's' : ''} (${ids.slice(0, 4).join(', ')}${ids.length > 4 ? ', …' : ''}): ${redact(cause)}`,
    );
  }
  const limited = results.clauses.reduce((n, r) => n + (r.rateLimited ?? 0), 0);
  if (limited) lines.push(`  ${limited} answers were 429 (rate limit hit) and were waited out`);
  const accounts = requestsByAccount(results);
  if (accounts.length)
    lines.push(
      `  requests by account: ${accounts
        .slice(0, 3)
        .map(([who, n]) => `${who} ${n}`)
        .join(', ')}${accounts.length > 3 ? ', …' : ''}`,
    );
  const unexpected = results.clauses.filter((r) => r.unexpectedPass).map((r) => r.id);
  if (unexpected.length)
    lines.push(`  passed although expected to fail (update the expected-failures file): ${unexpected.join(', ')}`);
  for (const l of options.leftovers ?? []) lines.push(`  left on the target: ${l}`);
  lines.push(
    `reports: ${options.reportDir}/conformance.html, conformance.md, conformance.json, junit.xml, allure-results/ (npm run report: Allure HTML)`,
  );
  return lines;
}

/**
 * The failed and warned clauses, causes first. An operation whose answers depart from their shape (RESP-*) or that
 * mishandles bad input (BAD-*) makes its other checks fail too, reading a field that is not there: its RESP-* and
 * BAD-* clauses lead its own, and operations with such a departure (and the rules over every operation, `*`) come
 * before the others. Failures before warnings, then id order.
 */
export function byCause(clauses: readonly ClauseResult[]): ClauseResult[] {
  const shown = clauses.filter((r) => r.outcome === 'failed' || r.outcome === 'warned');
  const causes = new Set(shown.filter((r) => rank(r) < 2 || r.endpoint === '*').map((r) => r.endpoint));
  const failing = new Set(shown.filter((r) => r.outcome === 'failed').map((r) => r.endpoint));
  const first = new Map<string, string>();
  for (const r of shown) if (!first.has(r.endpoint)) first.set(r.endpoint, r.id);
  const order = (r: ClauseResult) => [
    causes.has(r.endpoint) ? 0 : 1,
    failing.has(r.endpoint) ? 0 : 1,
    first.get(r.endpoint)!,
    r.endpoint,
    rank(r),
    r.outcome === 'failed' ? 0 : 1,
    r.id,
  ];
  return [...shown].sort((a, b) => compare(order(a), order(b)));
}

const rank = (r: ClauseResult) => (r.id.startsWith('RESP-') ? 0 : r.id.startsWith('BAD-') ? 1 : 2);

function compare(a: readonly (number | string)[], b: readonly (number | string)[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    return typeof a[i] === 'number' ? (a[i] as number) - (b[i] as number) : String(a[i]).localeCompare(String(b[i]));
  }
  return 0;
}

function failureLines(r: ClauseResult, results: RunResults, embedded: EmbeddedReplay | undefined): string[] {
  const lines = [
    `  ${r.outcome.padEnd(6)} ${r.id} ${r.level} ${r.title}`,
    `         ${redact(r.reason?.split('\n')[0] ?? '')}`,
    `         again: ${replayCommand(r, results.run, embedded?.env)}`,
  ];
  if (r.curl) lines.push(`         ${redact(r.curl)}`);
  return lines;
}

/**
 * The command that runs the clause again against the same target: a property's exact case (`--replay`, from
 * fast-check's report: see checks/record.ts), else the clause with the run's seed.
 */
export function replayCommand(
  r: Pick<ClauseResult, 'id' | 'reason'>,
  run: Pick<RunInfo, 'seed' | 'target' | 'embedded'>,
  env?: string,
): string {
  const replay = /--replay=(\S+)/.exec(r.reason ?? '')?.[1];
  const target = run.embedded ? '' : ` --target ${run.target}`;
  return `${env ? `${env} ` : ''}npm run conformance --${target} --only ${r.id} ${replay ? `--replay=${replay}` : `--seed ${run.seed}`}`;
}

/** The embedded server's settings, as the run's configuration gave them. */
export interface EmbeddedSettings {
  faults: readonly string[];
  variants: readonly string[];
  flavour: string;
  editGraceSeconds?: number | undefined;
  featureLevel?: number | undefined;
}

/** The variables a replay needs and the command serving the same realm on `port` (where the curl lines point). */
export function embeddedReplayOf(s: EmbeddedSettings, port: string): EmbeddedReplay {
  const settings: [string, string, string | undefined][] = [
    ['REFERENCE_FAULTS', '--faults', s.faults.join(',') || undefined],
    ['REFERENCE_VARIANTS', '--variants', s.variants.join(',') || undefined],
    ['REFERENCE_FLAVOUR', '--flavour', s.flavour === 'contract' ? undefined : s.flavour],
    ['REFERENCE_EDIT_GRACE_SECONDS', '--edit-grace', s.editGraceSeconds?.toString()],
    ['REFERENCE_FEATURE_LEVEL', '--feature-level', s.featureLevel?.toString()],
  ];
  const given = settings.filter(([, , value]) => value !== undefined);
  return {
    env: given.map(([variable, , value]) => `${variable}=${value}`).join(' '),
    serve: ['npm run reference -- --port', port, ...given.flatMap(([, flag, value]) => [flag, value])].join(' '),
  };
}
