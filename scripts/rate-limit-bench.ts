/**
 * `npm run bench:rate-limit [-- --styles zulip,fixed --seeds 1,2,3 --rate-limit 200/60 --variants edit-grace
 * <conformance flags>]`: how
 * close the full profile comes to the least time a per-user rate limit allows, for each limiter style servers use
 * (reference/http/rate-limit.ts) and each seed. For every pair it starts the reference server with that limit and
 * style in a child process, runs the conformance suite against it, and prints the wall time, the requests, the
 * busiest account's requests (its 429 answers aside, which a limiter like Zulip's does not count), the floor (those
 * requests at its limit: requests × window ÷ limit), the ratio to it, and the 429 answers. A benchmark, not a test: it passes or fails nothing; it exits 1 when a run
 * did not pass.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REFERENCE_ACCOUNTS } from '../fixtures/realm.ts';
import type { RunResults } from '../helpers/reporters/results.ts';
import { requestCount, requestsByAccount } from '../helpers/reporters/results.ts';
import { parseRateLimit, RATE_LIMIT_STYLES } from '../reference/http/rate-limit.ts';

const root = resolve(import.meta.dirname, '..');

/**
 * `--seeds`, `--styles`, `--rate-limit` and `--variants` (conforming variants of the reference, e.g. Zulip's edit
 * grace) are the benchmark's own; any other flag goes to the conformance run.
 */
function splitArgs(argv: readonly string[]) {
  const own: Record<string, string> = {
    seeds: '7',
    styles: RATE_LIMIT_STYLES.join(','),
    'rate-limit': '200/60',
    variants: '',
  };
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(seeds|styles|rate-limit|variants)(?:=(.*))?$/.exec(argv[i]!);
    if (!m) rest.push(argv[i]!);
    else own[m[1]!] = m[2] ?? argv[++i] ?? '';
  }
  return {
    seeds: own.seeds!.split(','),
    styles: own.styles!.split(','),
    rateLimit: own['rate-limit']!,
    variants: own.variants!,
    rest,
  };
}

const args = splitArgs(process.argv.slice(2));
for (const style of args.styles) {
  if (!parseRateLimit(`${args.rateLimit}:${style}`)) {
    console.error(`--rate-limit wants REQUESTS/SECONDS and --styles some of ${RATE_LIMIT_STYLES.join(', ')}`);
    process.exit(2);
  }
}

/** Starts `reference/main.ts` on an ephemeral port; resolves with its URL once it listens. */
function startReference(rateLimit: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'reference/main.ts',
      '--port',
      '0',
      '--rate-limit',
      rateLimit,
      ...(args.variants ? ['--variants', args.variants] : []),
    ],
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

function runConformance(url: string, reportDir: string, seed: string): Promise<number> {
  const child = spawn(process.execPath, ['bin/teamchat-conformance.mjs', ...args.rest], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      TARGET_URL: url,
      ALLOW_REALM_CHANGES: 'true',
      ENV_FILE: '/dev/null',
      REPORT_DIR: reportDir,
      SEED: seed,
      PROFILE: process.env.PROFILE ?? 'full',
    },
  });
  return new Promise((done) => child.once('exit', (code) => done(code ?? 1)));
}

const own = new Set(Object.values(REFERENCE_ACCOUNTS).map((u) => u.email));
const rows: string[] = [];
let worst = 0;
let exit = 0;
console.log('style             seed  requests  busiest  wall s  floor s  ratio  429s  outcome');
for (const style of args.styles) {
  for (const seed of args.seeds) {
    const limit = parseRateLimit(`${args.rateLimit}:${style}`)!;
    const { url, child: server } = await startReference(`${args.rateLimit}:${style}`);
    const reportDir = mkdtempSync(join(tmpdir(), 'rate-limit-bench-'));
    const started = Date.now();
    const status = await runConformance(url, reportDir, seed);
    const wallS = (Date.now() - started) / 1000;
    server.kill('SIGTERM');
    const results: RunResults = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8'));
    const busiest = requestsByAccount(results, { answered: true }).find(([who]) => own.has(who))?.[1] ?? 0;
    const floorS = (busiest * limit.windowSeconds) / limit.requests;
    const rateLimited = results.clauses.reduce((n, c) => n + (c.rateLimited ?? 0), 0);
    const notPassed = results.counts.failed + results.counts.error;
    if (status !== 0) exit = 1;
    worst = Math.max(worst, wallS / floorS);
    const row = [
      style.padEnd(17),
      seed.padStart(4),
      String(requestCount(results)).padStart(9),
      String(busiest).padStart(8),
      wallS.toFixed(1).padStart(7),
      floorS.toFixed(1).padStart(8),
      `${(wallS / floorS).toFixed(2)}×`.padStart(6),
      String(rateLimited).padStart(5),
      notPassed ? ` ${notPassed} failed or in error (${reportDir})` : ' passed',
    ].join(' ');
    rows.push(row);
    console.log(row);
  }
}
console.log(
  `\nworst ratio ${worst.toFixed(2)}× the floor (${args.rateLimit} per user; full profile unless PROFILE is set)`,
);
process.exit(exit);
