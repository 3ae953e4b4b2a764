/**
 * `npm run bench:profiles [-- --runs 3 --profiles quick,full]`: times whole conformance runs against the embedded
 * server, as a user starts them (a fresh process each), and prints wall time, the time inside vitest, the request
 * count per run and the busiest account's share (what a per-user rate limit bears on). A benchmark, not a test: run
 * it on an idle machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type RunResults, requestCount, requestsByAccount } from '../helpers/reporters/results.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, profiles: { type: 'string', default: 'quick,full,nightly' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs wants a positive integer');

for (const profile of values.profiles.split(',')) {
  const walls: number[] = [];
  for (let seed = 1; seed <= runs; seed++) {
    const reportDir = mkdtempSync(join(tmpdir(), 'cf-bench-'));
    const started = performance.now();
    const child = spawnSync(process.execPath, ['bin/teamchat-conformance.mjs'], {
      cwd: root,
      env: { ...process.env, ENV_FILE: '/dev/null', PROFILE: profile, SEED: String(seed), REPORT_DIR: reportDir },
      encoding: 'utf8',
    });
    const wall = (performance.now() - started) / 1000;
    walls.push(wall);
    const results = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as RunResults;
    const c = results.counts;
    const [busiest, most] = requestsByAccount(results)[0] ?? ['nobody', 0];
    console.log(
      `${profile.padEnd(7)} seed ${seed}: wall ${wall.toFixed(2)} s, in vitest ${(results.run.durationMs / 1000).toFixed(2)} s, ${requestCount(results)} requests (busiest ${busiest} ${most}), ${c.passed} passed, ${c.failed} failed, ${c.error} errors (exit ${child.status})`,
    );
  }
  walls.sort((a, b) => a - b);
  console.log(
    `${profile.padEnd(7)} wall: min ${walls[0]!.toFixed(2)} s, median ${walls[Math.floor(walls.length / 2)]!.toFixed(2)} s, max ${walls.at(-1)!.toFixed(2)} s\n`,
  );
}
