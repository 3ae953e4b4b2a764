/**
 * `npm run flake-check -- --runs 20`: runs the whole suite against the embedded reference server once per seed
 * (1..N, or from --first-seed) and lists every clause whose outcome varied. A conformance suite whose verdicts
 * depend on the seed or on timing cannot be trusted; the target is none.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RunResults } from '../helpers/reporters/results.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    'first-seed': { type: 'string', default: '1' },
    profile: { type: 'string', default: 'full' },
  },
});
const runs = Number(values.runs);
const first = Number(values['first-seed']);
if (!Number.isInteger(runs) || runs < 2 || !Number.isInteger(first)) {
  console.error('usage: npm run flake-check -- [--runs N (≥ 2)] [--first-seed S] [--profile quick|full|nightly]');
  process.exit(2);
}

const outcomes = new Map<string, Map<string, number[]>>(); // clause → outcome → seeds
const dir = mkdtempSync(join(tmpdir(), 'cf-flake-'));
writeFileSync(join(dir, 'empty.env'), '');
const started = Date.now();
for (let seed = first; seed < first + runs; seed++) {
  const reportDir = join(dir, String(seed));
  const env = {
    ...process.env,
    TARGET_URL: '',
    ENV_FILE: join(dir, 'empty.env'),
    REPORT_DIR: reportDir,
    SEED: String(seed),
    PROFILE: values.profile!,
  };
  const t = Date.now();
  const run = spawnSync(process.execPath, [join(root, 'bin/teamchat-conformance.mjs')], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  let results: RunResults;
  try {
    results = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as RunResults;
  } catch {
    console.error(`seed ${seed}: no results (exit ${run.status})\n${run.stderr.slice(0, 500)}`);
    process.exit(2);
  }
  for (const c of results.clauses) {
    const byOutcome = outcomes.get(c.id) ?? new Map<string, number[]>();
    byOutcome.set(c.outcome, [...(byOutcome.get(c.outcome) ?? []), seed]);
    outcomes.set(c.id, byOutcome);
  }
  console.log(
    `seed ${seed}: exit ${run.status}, ${results.counts.passed} passed, ${results.counts.failed} failed, ${results.counts.error} errors (${((Date.now() - t) / 1000).toFixed(1)} s)`,
  );
}
const flaky = [...outcomes].filter(([, byOutcome]) => byOutcome.size > 1);
console.log(
  `\nflake check: ${runs} runs (seeds ${first}–${first + runs - 1}, profile ${values.profile}) in ${((Date.now() - started) / 1000).toFixed(0)} s: ${flaky.length} of ${outcomes.size} clauses varied`,
);
for (const [id, byOutcome] of flaky) {
  console.log(`  ${id}: ${[...byOutcome].map(([o, seeds]) => `${o} with seeds ${seeds.join(', ')}`).join('; ')}`);
}
process.exit(flaky.length ? 1 : 0);
