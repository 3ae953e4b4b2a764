/**
 * `npm run bench:rate-limit [-- --styles zulip,fixed --seeds 1,2,3 --rate-limit 200/60 --flavour zulip
 * --variants a,b <conformance flags>]`: how close the full profile comes to the least time a per-user rate limit
 * allows, against the reference configured as a real server is: an external target without
 * POST /dev_fetch_api_key, every role with its email, API key and password, the Zulip flavour (its 20 s of edit
 * grace and its departures, with fixtures/expected-failures/zulip.json), leases on. For each seed it first runs
 * the suite against the same server without a rate limit (the unthrottled time), then once per limiter style
 * (reference/http/rate-limit.ts), and prints the wall time; the requests and 429s of each account as the server's
 * limiter counted them (the run's own set-up, leases and clean-up too, which the report's per-clause counts leave
 * out; 429s aside, which a limiter like Zulip's does not count); the busiest account (the one whose window came
 * fullest) with its 429s; the floor and the ratio to it. The floor: a window for each further window's worth of the
 * run's answered requests spread over the seven accounts, plus the unthrottled time —
 * `window × (⌈answered ÷ (7 × limit)⌉ − 1) + unthrottled`. A benchmark, not a test: it passes or fails nothing; it
 * exits 1 when a run did not pass.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REFERENCE_ACCOUNTS } from '../fixtures/realm.ts';
import type { RunResults } from '../helpers/reporters/results.ts';
import { ROLE_ENV_PREFIX, ROLES } from '../helpers/roles.ts';
import { parseRateLimit, RATE_LIMIT_STYLES, RATE_LIMIT_TALLY, type UserTally } from '../reference/http/rate-limit.ts';

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

/**
 * Starts `reference/main.ts` on an ephemeral port, as a production server; resolves with its URL once it listens, and
 * `output`, everything it wrote to its standard output by the time it exits.
 */
function startReference(
  rateLimit: string | undefined,
): Promise<{ url: string; child: ChildProcess; output: Promise<string> }> {
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
  let out = '';
  const output = new Promise<string>((done) => child.once('exit', () => done(out)));
  return new Promise((resolveUrl, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) resolveUrl({ url: m[1]!, child, output });
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
  const { url, child: server, output } = await startReference(rateLimit);
  const reportDir = mkdtempSync(join(tmpdir(), 'rate-limit-bench-'));
  const started = Date.now();
  const status = await runConformance(url, reportDir, seed);
  const wallS = (Date.now() - started) / 1000;
  server.kill('SIGTERM');
  const results: RunResults = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8'));
  return { status, wallS, results, reportDir, tally: tallyIn(await output) };
}

/**
 * The server's count of each account's requests (reference/main.ts prints it as it stops), where it limited them:
 * the run's own set-up, leases and clean-up included, which the report's per-clause counts leave out.
 */
function tallyIn(output: string): Map<string, UserTally> | undefined {
  const line = output.split('\n').find((l) => l.startsWith(RATE_LIMIT_TALLY));
  return line ? new Map(Object.entries(JSON.parse(line.slice(RATE_LIMIT_TALLY.length)))) : undefined;
}

const own = new Set(Object.values(REFERENCE_ACCOUNTS).map((u) => u.email));
const roleOf = new Map(Object.entries(REFERENCE_ACCOUNTS).map(([role, u]) => [u.email, role]));

/** Every account's allowed requests, most first, with its 429s when it had any: `member 281 (3)`. */
function byAccount(tallies: [string, UserTally][]): string {
  return [...tallies]
    .sort((a, b) => b[1].allowed - a[1].allowed)
    .map(([who, t]) => `${roleOf.get(who)} ${t.allowed}${t.refused ? ` (${t.refused})` : ''}`)
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
    const { status, wallS, results, reportDir, tally } = await measure(`${args.rateLimit}:${style}`, seed);
    if (!tally) throw new Error('the reference server limited requests but printed no tally of them');
    const tallies = [...tally].filter(([who]) => own.has(who));
    const total = tallies.reduce((n, [, t]) => n + t.allowed, 0);
    // The busiest account: the one whose window came fullest, what decides whether a run fits.
    const [, busiest] = tallies.reduce((a, b) => (b[1].fullest > a[1].fullest ? b : a));
    const all429 = tallies.reduce((n, [, t]) => n + t.refused, 0);
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
        String(busiest.fullest).padStart(8),
        String(busiest.refused).padStart(9),
        String(all429).padStart(9),
        free.wallS.toFixed(1).padStart(14),
        wallS.toFixed(1).padStart(7),
        floorS.toFixed(1).padStart(8),
        `${(wallS / floorS).toFixed(2)}×`.padStart(6),
        notPassed ? ` ${notPassed} failed or in error (${reportDir})` : ' passed',
      ].join(' '),
    );
    console.log(`${' '.repeat(23)}by account, answered (429s): ${byAccount(tallies)}`);
  }
}
console.log(`\nworst ratio ${worst.toFixed(2)}× the floor`);
process.exit(exit);
