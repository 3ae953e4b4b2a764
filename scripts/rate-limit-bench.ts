/**
 * `npm run bench:rate-limit [-- --seed 7 --rate-limit 200/60 <conformance flags>]`: how close the full profile
 * comes to the least time a per-user rate limit allows. Starts the reference server with Zulip's default budget
 * (200 requests per 60 s per user) in a child process, runs the conformance suite against it, and prints the wall
 * time, the requests, the floor (requests ÷ the accounts' combined budget), their ratio, the requests per account
 * and the 429 answers counted. A benchmark, not a test: it passes or fails nothing; its exit status is the run's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REFERENCE_ACCOUNTS } from '../fixtures/realm.ts';
import type { RunResults } from '../helpers/reporters/results.ts';
import { requestCount, requestsByAccount } from '../helpers/reporters/results.ts';
import { parseRateLimit } from '../reference/http/rate-limit.ts';

const root = resolve(import.meta.dirname, '..');

/** `--seed N` and `--rate-limit R/S` are the benchmark's own; any other flag goes to the conformance run. */
function splitArgs(argv: readonly string[]) {
  const own: Record<string, string> = { seed: '7', 'rate-limit': '200/60' };
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(seed|rate-limit)(?:=(.*))?$/.exec(argv[i]!);
    if (!m) rest.push(argv[i]!);
    else own[m[1]!] = m[2] ?? argv[++i] ?? '';
  }
  return { seed: own.seed!, rateLimit: own['rate-limit']!, rest };
}

const args = splitArgs(process.argv.slice(2));
const limit = parseRateLimit(args.rateLimit);
if (!limit) {
  console.error(`--rate-limit wants REQUESTS/SECONDS (e.g. 200/60), got ${args.rateLimit}`);
  process.exit(2);
}

/** Starts `reference/main.ts` on an ephemeral port; resolves with its URL once it listens. */
function startReference(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'reference/main.ts', '--port', '0', '--rate-limit', args.rateLimit],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolveUrl, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) resolveUrl({ url: m[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`the reference server exited (${code}) before listening`)));
  });
}

function runConformance(url: string, reportDir: string): Promise<number> {
  const child = spawn(process.execPath, ['bin/teamchat-conformance.mjs', ...args.rest], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      TARGET_URL: url,
      ALLOW_REALM_CHANGES: 'true',
      ENV_FILE: '/dev/null',
      REPORT_DIR: reportDir,
      SEED: args.seed,
      PROFILE: process.env.PROFILE ?? 'full',
    },
  });
  return new Promise((done) => child.once('exit', (code) => done(code ?? 1)));
}

const { url, child: server } = await startReference();
const reportDir = mkdtempSync(join(tmpdir(), 'rate-limit-bench-'));
const started = Date.now();
const status = await runConformance(url, reportDir);
const wallS = (Date.now() - started) / 1000;
server.kill('SIGTERM');

const results: RunResults = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8'));
const requests = requestCount(results);
const byAccount = requestsByAccount(results);
// The run's own accounts (the reference realm's seven): the rate limit is per user; a wrong or unknown
// identity (the authentication checks) is refused before it counts against any user's budget.
const own = new Set(Object.values(REFERENCE_ACCOUNTS).map((u) => u.email));
const accounts = byAccount.filter(([who]) => own.has(who)).length;
const perSecond = limit.requests / limit.windowSeconds;
const floorS = requests / (accounts * perSecond);
const rateLimited = results.clauses.reduce((n, c) => n + (c.rateLimited ?? 0), 0);
const failedBy429 = results.clauses.filter((c) => c.rateLimited && c.outcome !== 'passed').map((c) => c.id);

console.log(`\nrate-limit benchmark · ${limit.requests}/${limit.windowSeconds}s per user · seed ${args.seed}`);
console.log(`wall time  ${wallS.toFixed(1)} s (the whole command: start-up, checks, clean-up)`);
console.log(`requests   ${requests} by ${accounts} accounts (checks' own, start-up and clean-up not counted)`);
console.log(`floor      ${floorS.toFixed(1)} s = ${requests} / (${accounts} × ${perSecond.toFixed(2)}/s)`);
console.log(`ratio      ${(wallS / floorS).toFixed(2)}× the floor`);
console.log(
  `429s       ${rateLimited}${failedBy429.length ? ` (in checks not passed: ${failedBy429.join(', ')})` : ''}`,
);
console.log('per account:');
for (const [who, n] of byAccount) console.log(`  ${String(n).padStart(5)}  ${who}`);
console.log(`report     ${reportDir}/conformance.json`);
process.exit(status);
