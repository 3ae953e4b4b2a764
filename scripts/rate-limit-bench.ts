/**
 * `npm run bench:rate-limit [-- --styles zulip,fixed --seeds 1,2,3 --rate-limit 200/60 --flavour zulip
 * --variants a,b <conformance flags>]`: how close the full profile comes to the least time a per-user rate limit
 * allows, against the reference configured as a real server is: an external target without
 * POST /dev_fetch_api_key, every role with its email, API key and password, the Zulip flavour (its 20 s of edit
 * grace and its departures, with fixtures/expected-failures/zulip.json), leases on. For each seed it first runs
 * the suite against the same server without a rate limit (the unthrottled time), then once per limiter style
 * (reference/http/rate-limit.ts), and prints the wall time, the busiest account's answered requests (429s aside,
 * which a limiter like Zulip's does not count) and its 429s, the floor and the ratio to it. The floor: a window
 * for each further window's worth of the run's answered requests spread over the seven accounts, plus the
 * unthrottled time — `window × (⌈answered ÷ (7 × limit)⌉ − 1) + unthrottled`. A benchmark, not a test: it passes
 * or fails nothing; it exits 1 when a run did not pass.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REFERENCE_ACCOUNTS } from '../fixtures/realm.ts';
import type { RunResults } from '../helpers/reporters/results.ts';
import { requestsByAccount } from '../helpers/reporters/results.ts';
import { ROLE_ENV_PREFIX, ROLES } from '../helpers/roles.ts';
import { parseRateLimit, RATE_LIMIT_STYLES } from '../reference/http/rate-limit.ts';

const root = resolve(import.meta.dirname, '..');

/**
 * `--seeds`, `--styles`, `--rate-limit`, `--flavour` (`contract` for the plain reference) and `--variants`
 * (conforming variants of the reference) are the benchmark's own; any other flag goes to the conformance run.
 */
function splitArgs(argv: readonly string[]) {
  const own: Record<string, string> = {
    seeds: '1,2,3',
    styles: RATE_LIMIT_STYLES.join(','),
    'rate-limit': '200/60',
    flavour: 'zulip',
    variants: '',
  };
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(seeds|styles|rate-limit|flavour|variants)(?:=(.*))?$/.exec(argv[i]!);
    if (!m) rest.push(argv[i]!);
    else own[m[1]!] = m[2] ?? argv[++i] ?? '';
  }
  return {
    seeds: own.seeds!.split(','),
    styles: own.styles!.split(','),
    rateLimit: own['rate-limit']!,
    flavour: own.flavour!,
    variants: own.variants!,
    rest,
  };
}

const args = splitArgs(process.argv.slice(2));
/** The profile the runs take: a `--profile` among the conformance flags, else PROFILE, else the full one. */
const profileFlag = args.rest.findIndex((a) => a === '--profile' || a.startsWith('--profile='));
const profile =
  profileFlag === -1
    ? (process.env.PROFILE ?? 'full')
    : (args.rest[profileFlag]!.split('=')[1] ?? args.rest[profileFlag + 1] ?? 'full');
for (const style of args.styles) {
  if (!parseRateLimit(`${args.rateLimit}:${style}`)) {
    console.error(`--rate-limit wants REQUESTS/SECONDS and --styles some of ${RATE_LIMIT_STYLES.join(', ')}`);
    process.exit(2);
  }
}

/** Starts `reference/main.ts` on an ephemeral port, as a production server; resolves with its URL once it listens. */
function startReference(rateLimit: string | undefined): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'reference/main.ts',
      '--port',
      '0',
      '--production',
      '--flavour',
      args.flavour,
      ...(rateLimit ? ['--rate-limit', rateLimit] : []),
      ...(args.variants ? ['--variants', args.variants] : []),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] },
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

/** Every role as a server team configures it: email, API key and password (the bot has none). */
const ACCOUNT_ENV = Object.fromEntries(
  ROLES.flatMap((role) => {
    const p = ROLE_ENV_PREFIX[role];
    const seed = REFERENCE_ACCOUNTS[role];
    return [
      [`${p}_EMAIL`, seed.email],
      [`${p}_API_KEY`, seed.apiKey],
      ...(seed.password ? [[`${p}_PASSWORD`, seed.password]] : []),
    ];
  }),
);

const EXPECTED = args.flavour === 'zulip' ? ['--expected-failures', 'fixtures/expected-failures/zulip.json'] : [];

function runConformance(url: string, reportDir: string, seed: string): Promise<number> {
  const child = spawn(process.execPath, ['bin/teamchat-conformance.mjs', ...EXPECTED, ...args.rest], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...ACCOUNT_ENV,
      TARGET_URL: url,
      ALLOW_REALM_CHANGES: 'true',
      ENV_FILE: '/dev/null',
      REPORT_DIR: reportDir,
      SEED: seed,
      PROFILE: profile,
    },
  });
  return new Promise((done) => child.once('exit', (code) => done(code ?? 1)));
}

/** One run against a fresh server: its wall time and results. */
async function measure(rateLimit: string | undefined, seed: string) {
  const { url, child: server } = await startReference(rateLimit);
  const reportDir = mkdtempSync(join(tmpdir(), 'rate-limit-bench-'));
  const started = Date.now();
  const status = await runConformance(url, reportDir, seed);
  const wallS = (Date.now() - started) / 1000;
  server.kill('SIGTERM');
  const results: RunResults = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8'));
  return { status, wallS, results, reportDir };
}

const own = new Set(Object.values(REFERENCE_ACCOUNTS).map((u) => u.email));
const roleOf = new Map(Object.entries(REFERENCE_ACCOUNTS).map(([role, u]) => [u.email, role]));

/** Each account's 429s over the run. */
function refusalsByAccount(results: RunResults): Map<string, number> {
  const refusals = new Map<string, number>();
  for (const c of results.clauses)
    for (const [who, n] of Object.entries(c.rateLimitedBy ?? {})) refusals.set(who, (refusals.get(who) ?? 0) + n);
  return refusals;
}

/** Every account's answered requests, with its 429s when it had any: `member 281 (3)`. */
function byAccount(answered: [string, number][], refusals: Map<string, number>): string {
  return answered
    .map(([who, n]) => `${roleOf.get(who)} ${n}${refusals.get(who) ? ` (${refusals.get(who)})` : ''}`)
    .join(', ');
}
const ACCOUNTS = own.size;
let worst = 0;
let exit = 0;
console.log(
  `${args.flavour} flavour, production accounts, ${args.rateLimit} per user, ${profile} profile\n` +
    'style             seed  answered  busiest  its 429s  all 429s  unthrottled s  wall s  floor s  ratio  outcome',
);
for (const seed of args.seeds) {
  const free = await measure(undefined, seed);
  if (free.status !== 0) exit = 1;
  for (const style of args.styles) {
    const limit = parseRateLimit(`${args.rateLimit}:${style}`)!;
    const { status, wallS, results, reportDir } = await measure(`${args.rateLimit}:${style}`, seed);
    const answered = requestsByAccount(results, { answered: true }).filter(([who]) => own.has(who));
    const total = answered.reduce((n, [, k]) => n + k, 0);
    const [busiest, busiestN] = answered[0] ?? ['', 0];
    const refusals = refusalsByAccount(results);
    const its429 = refusals.get(busiest) ?? 0;
    const all429 = results.clauses.reduce((n, c) => n + (c.rateLimited ?? 0), 0);
    const windows = Math.ceil(total / (ACCOUNTS * limit.requests));
    const floorS = limit.windowSeconds * (windows - 1) + free.wallS;
    const notPassed = results.counts.failed + results.counts.error;
    if (status !== 0) exit = 1;
    worst = Math.max(worst, wallS / floorS);
    console.log(
      [
        style.padEnd(17),
        seed.padStart(4),
        String(total).padStart(9),
        String(busiestN).padStart(8),
        String(its429).padStart(9),
        String(all429).padStart(9),
        free.wallS.toFixed(1).padStart(14),
        wallS.toFixed(1).padStart(7),
        floorS.toFixed(1).padStart(8),
        `${(wallS / floorS).toFixed(2)}×`.padStart(6),
        notPassed ? ` ${notPassed} failed or in error (${reportDir})` : ' passed',
      ].join(' '),
    );
    console.log(`${' '.repeat(23)}by account, answered (429s): ${byAccount(answered, refusals)}`);
  }
}
console.log(`\nworst ratio ${worst.toFixed(2)}× the floor`);
process.exit(exit);
