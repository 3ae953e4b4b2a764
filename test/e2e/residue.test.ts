// Residue: a run interrupted mid-way (SIGINT) cleans up before it exits; a run killed outright (SIGKILL) leaves
// its ledger, and the next run against the same target recovers it. Either way the target ends as it was.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_ACCOUNTS } from '../../fixtures/realm.ts';
import { ApiClient } from '../../helpers/http/client.ts';
import { LEDGER_DIR } from '../../helpers/world/ledger.ts';
import { newRunId, prefixOf } from '../../helpers/world/run-id.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { type ChaosProxy, startChaosProxy } from '../support/chaos-proxy.ts';
import { targetState } from '../support/target-state.ts';
import { KEY_ACCOUNT_ENV, ROOT, runConformance } from './run-conformance.ts';

const accountEnv = KEY_ACCOUNT_ENV;

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

/** The id of a process that has ended: a ledger named after it belongs to a crashed run. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.on('close', r));
  return child.pid as number;
}

/** The ids of the messages a run's ledger recorded (the run's process id names its ledger). */
function recordedMessages(pid: number): Set<number> {
  const file = readdirSync(LEDGER_DIR).find((name) => name.startsWith(`${pid}-`));
  const ids = new Set<number>();
  if (!file) return ids;
  for (const text of readFileSync(join(LEDGER_DIR, file), 'utf8').split('\n')) {
    try {
      const line = JSON.parse(text) as { created?: { kind: string; id: number } };
      if (line.created?.kind === 'message') ids.add(Number(line.created.id));
    } catch {} // the line the kill cut short
  }
  return ids;
}

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
  const child = spawn(process.execPath, [join(ROOT, 'bin/teamchat-conformance.mjs')], { cwd: ROOT, env });
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
    const recorded = recordedMessages(run.child.pid as number);
    // The same target: a ledger is only replayed against the target it was written for.
    const next = await runConformance({
      env: { TARGET_URL: slow.url, ...accountEnv, SWEEP_AFTER_MINUTES: '0' },
      args: ['--only', 'CONV-001'],
    });
    expect(next.code, next.stdout + next.stderr).toBe(0);
    expect(next.stdout).toContain('recovered what crashed runs left on this target');
    const { runMessages, ...after } = targetState(server.store);
    const { runMessages: messagesBefore, ...rest } = before;
    expect(after, `killed run:\n${run.output()}\nnext run:\n${next.stdout}${next.stderr}`).toEqual(rest);
    // A message sent as the run was killed is in no ledger (its id came after the kill), and the contract offers
    // no way to list messages: one per worker at most (a worker sends one request at a time) may stay.
    const left = runMessages.filter((id) => !messagesBefore.includes(id));
    expect(
      left.filter((id) => recorded.has(id)),
      'recorded messages left',
    ).toEqual([]);
    const workers = Number(/concurrency (\d+)/.exec(run.output())?.[1]);
    expect(left.length).toBeLessThanOrEqual(workers);
  }, 180_000);

  it('drafts and scheduled messages a killed run created but never recorded are found by its prefix', async () => {
    const before = targetState(server.store);
    // A ledger as a run killed between sending and recording leaves it: the target and run id, nothing created.
    const runId = newRunId(Date.now() - 1000);
    const ledger = join(LEDGER_DIR, `${await deadPid()}-${Date.now()}.jsonl`);
    mkdirSync(LEDGER_DIR, { recursive: true });
    writeFileSync(ledger, `${JSON.stringify({ target: server.url })}\n${JSON.stringify({ run: runId })}\n`);
    const { member, member2 } = REFERENCE_ACCOUNTS;
    const api = new ApiClient({ baseUrl: server.url, identity: member, timeoutMs: 5000, rateLimitMaxWaitSeconds: 0 });
    const member2Id = (await api.as(member2).get('/users/me')).body.user_id;
    const content = `${prefixOf(runId)}lost`;
    for (const [path, params] of [
      ['/drafts', { drafts: JSON.stringify([{ type: '', to: [], topic: '', content }]) }],
      [
        '/scheduled_messages',
        {
          type: 'direct',
          to: JSON.stringify([member2Id]),
          content,
          scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 3600,
        },
      ],
    ] as const) {
      const res = await api.post(path, params);
      expect(res.body.result, JSON.stringify(res.body)).toBe('success');
    }
    expect(targetState(server.store)).not.toEqual(before);
    const next = await runConformance({ env: { TARGET_URL: server.url, ...accountEnv }, args: ['--only', 'CONV-001'] });
    expect(next.code, next.stdout + next.stderr).toBe(0);
    expect(next.stdout).toMatch(/draft \d+ of member \(created as the run was killed/);
    expect(next.stdout).toMatch(/scheduled message \d+ of member \(created as the run was killed/);
    expect(targetState(server.store)).toEqual(before);
    expect(existsSync(ledger)).toBe(false);
  }, 60_000);

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
