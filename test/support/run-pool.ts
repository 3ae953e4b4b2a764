/**
 * A few long-lived run workers (run-worker.ts), each keeping one vitest instance for all the runs it is given: a
 * run then costs its checks, not a process and vitest's start-up. Jobs go to the next idle worker.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunJob, RunReply } from './run-worker.ts';

export type { RunJob, RunReply };

export class RunPool {
  private readonly idle: ChildProcess[] = [];
  private readonly waiting: ((worker: ChildProcess) => void)[] = [];
  private readonly workers: ChildProcess[] = [];
  /** What the workers printed (for tests that no secret is printed). */
  output = '';
  /** The runs' report folders: read them before `stop`, which removes them. */
  private readonly reportDirs: string[] = [];

  /** Starts `count` workers, each running `concurrency` suite files at once in a run (default 1). */
  async start(count: number, { concurrency = 1 }: { concurrency?: number } = {}): Promise<void> {
    await Promise.all(
      Array.from({ length: count }, async () => {
        const worker = fork(join(import.meta.dirname, 'run-worker.mjs'), {
          execArgv: [],
          env: {
            ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))),
            RUN_WORKER_CONCURRENCY: String(concurrency),
          },
          stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        });
        worker.stdout?.on('data', (d) => (this.output += d));
        worker.stderr?.on('data', (d) => (this.output += d));
        this.workers.push(worker);
        await new Promise((ready) => worker.once('message', ready));
        this.release(worker);
      }),
    );
  }

  async run(job: RunJob): Promise<RunReply> {
    const worker = this.idle.pop() ?? (await new Promise<ChildProcess>((r) => this.waiting.push(r)));
    try {
      const reply = await new Promise<RunReply>((resolve) => {
        worker.once('message', (answer) => resolve(answer as RunReply));
        worker.send(job);
      });
      if (reply.reportDir) this.reportDirs.push(reply.reportDir);
      return reply;
    } finally {
      this.release(worker);
    }
  }

  private release(worker: ChildProcess): void {
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.idle.push(worker);
  }

  /**
   * Removes the runs' report folders and ends the workers. A worker closes its vitest instance first; one that has
   * not exited within `graceMs` is killed (a slow close on a loaded CI host had outlasted the caller's hook timeout).
   */
  async stop(graceMs = 5_000): Promise<void> {
    const removed = Promise.all(this.reportDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
    await Promise.all(
      this.workers.splice(0).map((w) => {
        if (w.exitCode !== null || w.signalCode !== null) return undefined;
        const exited = new Promise((r) => w.once('exit', r));
        const kill = setTimeout(() => w.kill('SIGKILL'), graceMs);
        if (w.connected) w.send('done');
        else w.kill('SIGKILL');
        return exited.finally(() => clearTimeout(kill));
      }),
    );
    await removed;
  }
}
