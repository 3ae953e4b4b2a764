// Residue: a run interrupted mid-way (SIGINT) cleans up before it exits; a run killed outright (SIGKILL) leaves
// its ledger, and the next run against the same target recovers it. Either way the target ends as it was.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_ACCOUNTS } from '../../fixtures/realm.ts';
import { ROLE_ENV_PREFIX, ROLES } from '../../helpers/roles.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { type ChaosProxy, startChaosProxy } from '../support/chaos-proxy.ts';
import { targetState } from '../support/target-state.ts';
import { ROOT, runConformance } from './run-conformance.ts';

const accountEnv = Object.fromEntries(
  ROLES.flatMap((role) => [
    [`${ROLE_ENV_PREFIX[role]}_EMAIL`, REFERENCE_ACCOUNTS[role].email],
    [`${ROLE_ENV_PREFIX[role]}_API_KEY`, REFERENCE_ACCOUNTS[role].apiKey],
  ]),
);

let server: Awaited<ReturnType<typeof startReferenceServer>>;
let slow: ChaosProxy; // latency only: a run long enough to be caught in the middle
beforeAll(async () => {
  server = await startReferenceServer({ port: 0 });
  slow = await startChaosProxy({ upstream: server.url, latencyMs: 15 });
});
afterAll(async () => {
  await slow.close();
  await server.close();
});

/** Starts a full run through the slow proxy; resolves once checks are under way. */
async function startRun(
  target = slow.url,
): Promise<{ child: ChildProcess; output: () => string; exit: Promise<number | null> }> {
  const dir = mkdtempSync(join(tmpdir(), 'cf-residue-'));
  writeFileSync(join(dir, 'empty.env'), '');
  const env = {
    ...process.env,
    ...accountEnv,
    TARGET_URL: target,
    ALLOW_REALM_CHANGES: 'true',
    ENV_FILE: join(dir, 'empty.env'),
    REPORT_DIR: dir,
    SEED: '3',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/conformance.ts')], { cwd: ROOT, env });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exit = new Promise<number | null>((r) => child.on('close', r));
  const deadline = Date.now() + 60_000;
  // The first suite file reported done: checks are under way, and others are running.
  while (!/suites\/\S+\.(test|model)\.ts/.test(out) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  return { child, output: () => out, exit };
}

describe('residue', () => {
  it('an interrupted run (SIGINT) undoes what it created, then exits 130', async () => {
    const before = targetState(server.store);
    const run = await startRun();
    run.child.kill('SIGINT');
    const code = await run.exit;
    expect(code, run.output()).toBe(130);
    expect(run.output()).toContain('SIGINT: stopping the checks and cleaning up');
    expect(targetState(server.store)).toEqual(before);
  }, 180_000);

  it('a killed run (SIGKILL) is recovered by the next run against the same target', async () => {
    const before = targetState(server.store);
    const run = await startRun();
    run.child.kill('SIGKILL');
    await run.exit;
    expect(targetState(server.store), 'the killed run left its objects behind').not.toEqual(before);
    // The same target: a ledger is only replayed against the target it was written for.
    const next = await runConformance({
      env: { TARGET_URL: slow.url, ...accountEnv, SWEEP_AFTER_MINUTES: '0' },
      args: ['--only', 'CONV-001'],
    });
    expect(next.code, next.stdout + next.stderr).toBe(0);
    expect(next.stdout).toContain('recovered what crashed runs left on this target');
    expect(targetState(server.store)).toEqual(before);
  }, 180_000);

  it("a killed run's ledger is dropped once the server restarts: its ids now name the next run's objects", async () => {
    const first = await startReferenceServer({ port: 0 });
    const port = Number(new URL(first.url).port);
    const proxy = await startChaosProxy({ upstream: first.url, latencyMs: 15 });
    try {
      const run = await startRun(proxy.url);
      run.child.kill('SIGKILL');
      await run.exit;
      await first.close();
      // A fresh realm on the same URL: the next run's channels get the ids the killed run's channels had.
      const second = await startReferenceServer({ port });
      try {
        const next = await runConformance({
          env: { TARGET_URL: proxy.url, ...accountEnv },
          args: ['--only', 'MSG-SEND-004'],
        });
        expect(next.code, next.stdout + next.stderr).toBe(0);
        expect(next.stdout).toContain('an earlier instance of this target (reset since): nothing to undo');
        expect(next.results?.clauses.map((c) => c.outcome)).toEqual(['passed']);
      } finally {
        await second.close();
      }
    } finally {
      await proxy.close();
    }
  }, 180_000);
});
