/**
 * Runs the command (bin/teamchat-conformance.mjs) in a child process, as a user would, with a clean environment: none of the
 * developer's own configuration (.env or variables) leaks in.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REFERENCE_ACCOUNTS } from '../../fixtures/realm.ts';
import { ACCOUNT_VARS, SETTINGS } from '../../helpers/config/schema.ts';
import type { RunResults } from '../../helpers/reporters/results.ts';
import { ROLE_ENV_PREFIX, ROLES } from '../../helpers/roles.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Clauses whose condition no target lets the suite arrange (the check says why): skipped-unsupported on every
 * target, the embedded server included. MSG-SEND-015: wildcard mentions need a "large" channel or topic.
 */
export const SKIPPED_BY_DESIGN: readonly string[] = ['MSG-SEND-015'];

/** Every role of the reference realm configured by its API key, as a team using keys rather than passwords would. */
export const KEY_ACCOUNT_ENV: Readonly<Record<string, string>> = Object.fromEntries(
  ROLES.flatMap((role) => [
    [`${ROLE_ENV_PREFIX[role]}_EMAIL`, REFERENCE_ACCOUNTS[role].email],
    [`${ROLE_ENV_PREFIX[role]}_API_KEY`, REFERENCE_ACCOUNTS[role].apiKey],
  ]),
);

export interface RunOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  reportDir: string;
  results: RunResults | undefined;
}

/**
 * The clauses of a run that failed or ended in error, a line each with the reason: what a green run has none of
 * (a command's run, or a run worker's: test/support/run-pool.ts).
 */
export function failedOrErrored(run: { results?: RunResults | undefined }): string[] {
  return run
    .results!.clauses.filter((c) => c.outcome === 'failed' || c.outcome === 'error')
    .map((c) => `${c.id}: ${c.outcome} ${c.reason ?? ''}`);
}

export async function runConformance(
  opts: { env?: Record<string, string>; args?: string[]; timeoutMs?: number } = {},
): Promise<RunOutcome> {
  const reportDir = mkdtempSync(join(tmpdir(), 'cf-report-'));
  const envFile = join(reportDir, 'empty.env');
  writeFileSync(envFile, '');
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !(k in SETTINGS) && !ACCOUNT_VARS.includes(k) && !k.startsWith('VITEST'),
    ),
  );
  const env = {
    ...clean,
    ENV_FILE: envFile,
    REPORT_DIR: reportDir,
    SEED: '20261122',
    PROFILE: 'quick',
    CONCURRENCY: '2',
    ...opts.env,
  };
  const started = Date.now();
  const child = spawn(process.execPath, [join(ROOT, 'bin/teamchat-conformance.mjs'), ...(opts.args ?? [])], {
    cwd: ROOT,
    env,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
  const code = await new Promise<number | null>((r) => child.on('close', r));
  clearTimeout(timer);
  const json = join(reportDir, 'conformance.json');
  const results = existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as RunResults) : undefined;
  return { code, stdout, stderr, ms: Date.now() - started, reportDir, results };
}
