/**
 * A few long-lived run workers (run-worker.ts), each keeping one vitest instance for all the runs it is given: a
 * run then costs its checks, not a process and vitest's start-up. Jobs go to the next idle worker.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { rmSync } from 'node:fs';
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

  async stop(): Promise<void> {
    for (const dir of this.reportDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    await Promise.all(
      this.workers.map((w) => {
        const exited = new Promise((r) => w.once('exit', r));
        w.send('done');
        return exited;
      }),
    );
  }
}
