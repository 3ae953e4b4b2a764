/**
 * The command line of `teamchat-conformance` (and `npm run conformance -- …`). Pure: parses flags into options
 * and configuration overrides; the entry point decides what to print and run. Flags win over the environment,
 * which wins over the .env file.
 */
import { parseArgs } from 'node:util';

export const USAGE = `usage: teamchat-conformance [options]

Runs the Team Chat API conformance suite against --target (or TARGET_URL), or against the embedded reference
server when neither is given, and writes reports. Exit status: 0 conforming (or only expected failures),
1 a clause failed unexpectedly, 2 a configuration or target error, a check in error or a run that left clauses
unjudged, 130 interrupted.

  --target URL                base URL of the server under test (TARGET_URL)
  --env-file FILE             read configuration from FILE instead of .env (ENV_FILE)
  --only SELECTOR             run only matching clauses: a clause id or glob (DRAFTS-*), an endpoint
                              ("GET /drafts"), or an area (drafts); repeat or comma-separate for several
  --profile quick|full|nightly   depth of property runs (PROFILE)
  --seed N                    seed of the run (SEED); printed first in every run
  --replay=SEED:PATH[@STEPS]  replay a failed property with fast-check's seed and path (use with --only ID);
                              a sequence's also with the steps that ran (fast-check's replayPath)
  --report-dir DIR            where reports are written (REPORT_DIR)
  --expected-failures FILE    known failures of this target: still run, reported as known-failure (EXPECTED_FAILURES)
  --baseline FILE             compare with an earlier conformance.json: print newly failing and newly passing clauses
  --update-baseline           write this run's results to the --baseline file
  --shard I/N                 run the I-th of N parts (merge the parts with: teamchat-conformance merge DIR…)
  --allow-realm-changes       let checks change realm-wide settings on an external target (ALLOW_REALM_CHANGES)
  --max-rps N                 at most N requests per second to the target (MAX_RPS)
  --explore-minutes N         after the profile's sequences, keep exploring with fresh seeds for N minutes
                              and report each distinct failure once (EXPLORE_MINUTES)
  --list                      print every clause (id, level, section, endpoint), or those --only selects, and exit
  --list-faults               print the embedded server's faults (REFERENCE_FAULTS), each with the clause it breaks
  --help                      print this help and exit

  teamchat-conformance merge [--report-dir DIR] [--baseline FILE [--update-baseline]] SHARD_REPORT_DIR…
                              combine the reports of several shards into one (and compare it with a baseline)`;

export interface RunOptions {
  kind: 'run';
  /** Variables that override the environment (TARGET_URL, SEED, …). */
  overrides: Record<string, string>;
  envFile?: string;
  only: string[];
  replay?: { seed: number; path: string; replayPath?: string };
  baseline?: string;
  updateBaseline: boolean;
  shard?: { index: number; count: number };
}

export type Command =
  | RunOptions
  | { kind: 'list'; only: string[] }
  | { kind: 'list-faults' }
  | { kind: 'help' }
  | { kind: 'merge'; reportDir?: string; inputs: string[]; baseline?: string; updateBaseline: boolean }
  | { kind: 'error'; message: string };

const FLAG_TO_VAR: Record<string, string> = {
  target: 'TARGET_URL',
  profile: 'PROFILE',
  seed: 'SEED',
  'report-dir': 'REPORT_DIR',
  'expected-failures': 'EXPECTED_FAILURES',
  'max-rps': 'MAX_RPS',
  'explore-minutes': 'EXPLORE_MINUTES',
};

export function parseCommand(argv: readonly string[]): Command {
  if (argv[0] === 'merge') return parseMerge(argv.slice(1));
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        target: { type: 'string' },
        'env-file': { type: 'string' },
        only: { type: 'string', multiple: true },
        profile: { type: 'string' },
        seed: { type: 'string' },
        replay: { type: 'string' },
        'report-dir': { type: 'string' },
        'expected-failures': { type: 'string' },
        baseline: { type: 'string' },
        'update-baseline': { type: 'boolean' },
        shard: { type: 'string' },
        'allow-realm-changes': { type: 'boolean' },
        'max-rps': { type: 'string' },
        'explore-minutes': { type: 'string' },
        list: { type: 'boolean' },
        'list-faults': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  if (values['list-faults']) return { kind: 'list-faults' };
  const only = ((values.only as string[] | undefined) ?? [])
    .flatMap((o) => o.split(','))
    .map((o) => o.trim())
    .filter(Boolean);
  if (values.list) return { kind: 'list', only };

  const overrides: Record<string, string> = {};
  for (const [flag, variable] of Object.entries(FLAG_TO_VAR)) {
    const v = values[flag];
    if (typeof v === 'string') overrides[variable] = v;
  }
  if (values['allow-realm-changes']) overrides.ALLOW_REALM_CHANGES = 'true';

  const options: RunOptions = {
    kind: 'run',
    overrides,
    only,
    updateBaseline: values['update-baseline'] === true,
  };
  if (typeof values['env-file'] === 'string') options.envFile = values['env-file'];
  if (typeof values.baseline === 'string') options.baseline = values.baseline;
  if (options.updateBaseline && !options.baseline)
    return { kind: 'error', message: '--update-baseline needs --baseline FILE' };

  if (typeof values.replay === 'string') {
    const m = /^(-?\d+):([\d:]+)(?:@([A-Za-z0-9+/]*:[A-Za-z0-9+/]*))?$/.exec(values.replay);
    if (!m)
      return {
        kind: 'error',
        message: `--replay takes SEED:PATH as fast-check prints them (e.g. 1046816542:0:3), and for a sequence @STEPS (its replayPath, e.g. @BL:B), got "${values.replay}"`,
      };
    options.replay = { seed: Number(m[1]), path: m[2]!, ...(m[3] !== undefined ? { replayPath: m[3] } : {}) };
  }
  if (typeof values.shard === 'string') {
    const m = /^(\d+)\/(\d+)$/.exec(values.shard);
    const index = Number(m?.[1]);
    const count = Number(m?.[2]);
    if (!m || count < 1 || index < 1 || index > count)
      return { kind: 'error', message: `--shard takes I/N with 1 ≤ I ≤ N, got "${values.shard}"` };
    options.shard = { index, count };
  }
  return options;
}

function parseMerge(argv: readonly string[]): Command {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        'report-dir': { type: 'string' },
        baseline: { type: 'string' },
        'update-baseline': { type: 'boolean' },
      },
    });
    if (positionals.length === 0) return { kind: 'error', message: 'merge needs the report directories of the shards' };
    if (values['update-baseline'] && !values.baseline)
      return { kind: 'error', message: '--update-baseline needs --baseline FILE' };
    return {
      kind: 'merge',
      inputs: positionals,
      updateBaseline: values['update-baseline'] === true,
      ...(values['report-dir'] ? { reportDir: values['report-dir'] } : {}),
      ...(values.baseline ? { baseline: values.baseline } : {}),
    };
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
}
