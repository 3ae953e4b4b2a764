/**
 * `npm run conformance [-- <suite file filters>]`: runs every suite against TARGET_URL, or against the embedded
 * reference server when it is unset, and writes reports/. Exit codes: 0 conforming, 1 a clause failed,
 * 2 configuration or target error (nothing was judged, or the run cannot be trusted).
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startVitest } from 'vitest/node';
import { newRunSeed } from '../helpers/checks/seeds.ts';
import { type Config, ConfigError, loadConfig, readEnv } from '../helpers/config/load.ts';
import { describeConfig } from '../helpers/config/summary.ts';
import { HarnessError, TargetError } from '../helpers/errors.ts';
import { ApiClient } from '../helpers/http/client.ts';
import { redact } from '../helpers/http/redact.ts';
import { ConformanceReporter } from '../helpers/reporters/conformance-reporter.ts';
import { exitCodeOf, type RunResults } from '../helpers/reporters/results.ts';
import type { Role } from '../helpers/roles.ts';
import { pendingEntries, recordUndone } from '../helpers/world/ledger.ts';
import { prepareWorld } from '../helpers/world/prepare.ts';
import type { World } from '../helpers/world/types.ts';
import { undo, undoRole } from '../helpers/world/undo.ts';
import { startReferenceServer } from '../reference/server.ts';

const root = resolve(import.meta.dirname, '..');
const version: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const log = (line: string) => console.log(line);

async function main(): Promise<number> {
  const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  let config: Config;
  try {
    config = loadConfig(readEnv(process.env.ENV_FILE ?? '.env', process.env, process.env.ENV_FILE !== undefined));
  } catch (error) {
    if (error instanceof ConfigError) return fatal(error.message);
    throw error;
  }
  const seed = config.seed ?? newRunSeed();
  log(`teamchat-conformance ${version} · seed ${seed} (SEED=${seed} replays this run) · profile ${config.profile}`);

  const server = config.embedded ? await startReferenceServer({ port: 0, faults: config.referenceFaults }) : undefined;
  const baseUrl = server?.url ?? config.targetUrl;
  log(describeConfig(config, baseUrl));
  const ledgerFile = join(tmpdir(), `teamchat-conformance-${process.pid}-${Date.now()}.jsonl`);
  try {
    let world: World;
    try {
      world = await prepareWorld({ config, baseUrl, seed, ledgerFile, log });
    } catch (error) {
      if (error instanceof ConfigError) return fatal(error.message);
      if (error instanceof TargetError)
        return fatal(
          `cannot reach the target at ${baseUrl}: ${error.message}\nIs the server running, and is TARGET_URL right?`,
        );
      if (error instanceof HarnessError) return fatal(error.message);
      throw error;
    }
    log(`run ${world.runId}: objects are named ${world.prefix}…; feature level ${world.featureLevel ?? 'unknown'}`);
    const results = await runSuites(config, world, filters);
    const leftovers = await cleanUp(world, ledgerFile);
    printSummary(results, config.reportDir, leftovers);
    return results ? exitCodeOf(results) : 2;
  } finally {
    await server?.close();
  }
}

async function runSuites(config: Config, world: World, filters: string[]): Promise<RunResults | undefined> {
  const reportDir = resolve(config.reportDir);
  rmSync(join(reportDir, 'allure-results'), { recursive: true, force: true });
  const reporter = new ConformanceReporter({
    reportDir,
    version,
    run: {
      runId: world.runId,
      seed: world.seed,
      profile: world.profile,
      target: world.target.url,
      embedded: world.target.embedded,
      featureLevel: world.featureLevel,
    },
  });
  const vitest = await startVitest('test', filters, {
    run: true,
    config: join(root, 'vitest.conformance.config.ts'),
    root,
    watch: false,
    provide: { world },
    maxWorkers: config.concurrency,
    reporters: [
      'default',
      ['junit', { outputFile: join(reportDir, 'junit.xml'), suiteName: 'teamchat-conformance' }],
      ['allure-vitest/reporter', { resultsDir: join(reportDir, 'allure-results') }],
      reporter,
    ],
  });
  await vitest.close();
  return reporter.results;
}

/** Undoes whatever the checks could not (a crashed worker, a failed cleanup), then the run's own channel. */
async function cleanUp(world: World, ledgerFile: string): Promise<string[]> {
  const left: string[] = [];
  const entries = pendingEntries(ledgerFile).sort(
    (a, b) => (a.kind === 'channel' ? 1 : 0) - (b.kind === 'channel' ? 1 : 0),
  );
  for (const entry of entries) {
    const role: Role = undoRole(entry);
    const account = world.accounts[role];
    if (!account) {
      left.push(`${entry.kind} ${entry.label}: no ${role} account to undo it with`);
      continue;
    }
    const client = new ApiClient({
      baseUrl: world.target.url,
      identity: account,
      timeoutMs: world.options.requestTimeoutMs,
      rateLimitMaxWaitSeconds: world.options.rateLimitMaxWaitSeconds,
    });
    try {
      const problem = await undo(client, entry);
      if (problem) left.push(problem);
      else recordUndone(ledgerFile, entry.key);
    } catch (error) {
      left.push(`${entry.kind} ${entry.label}: ${(error as Error).message}`);
    }
  }
  if (left.length === 0) rmSync(ledgerFile, { force: true });
  return left;
}

function printSummary(results: RunResults | undefined, reportDir: string, leftovers: string[]): void {
  log('');
  if (!results) {
    log('no results: the suites did not run to the end (see above)');
    return;
  }
  const c = results.counts;
  log(
    `clauses ${results.clauses.length}: ${c.passed} passed, ${c.failed} failed, ${c.warned} warned, ${c.error} errors, ${c['skipped-unsupported']} skipped-unsupported, ${c['not-applicable']} not-applicable, ${c.disabled} disabled${c['not-run'] ? `, ${c['not-run']} not run` : ''}`,
  );
  for (const r of results.clauses.filter((r) => ['failed', 'error', 'warned'].includes(r.outcome)).slice(0, 10)) {
    log(`  ${r.outcome.padEnd(6)} ${r.id} ${r.level} ${r.title}\n         ${redact(r.reason?.split('\n')[0] ?? '')}`);
  }
  for (const l of leftovers) log(`  left on the target: ${l}`);
  log(`reports: ${reportDir}/conformance.md, conformance.json, junit.xml, allure-results/ (npm run report for HTML)`);
}

function fatal(message: string): number {
  console.error(`teamchat-conformance: ${redact(message)}`);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`teamchat-conformance: internal error: ${redact(String(error?.stack ?? error))}`);
    process.exit(2);
  },
);
