/**
 * A few long-lived run workers (run-worker.ts), each keeping one vitest instance for all the runs it is given: a
 * run then costs its checks, not a process and vitest's start-up. Jobs go to the next idle worker. A run given a time
 * limit that it outlasts is answered as timed out, and its worker killed and replaced: a hung run costs its caller a
 * verdict, never the whole test's time.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunJob, RunReply, SentJob } from './run-worker.ts';

export type { RunJob, RunReply };

export class RunPool {
  private readonly idle: ChildProcess[] = [];
  private readonly waiting: ((worker: ChildProcess) => void)[] = [];
  private readonly workers: ChildProcess[] = [];
  /** What the workers printed (for tests that no secret is printed). */
  output = '';
  /** The runs' report folders: read them before `stop`, which removes them. */
  private readonly reportDirs: string[] = [];

  /** Suite files at once in each run of a worker (start's option), for the workers that replace killed ones. */
  private concurrency = 1;
  private stopped = false;

  /** Starts `count` workers, each running `concurrency` suite files at once in a run (default 1). */
  async start(count: number, { concurrency = 1 }: { concurrency?: number } = {}): Promise<void> {
    this.concurrency = concurrency;
    await Promise.all(Array.from({ length: count }, async () => this.release(await this.spawn())));
  }

  private async spawn(): Promise<ChildProcess> {
    const worker = fork(join(import.meta.dirname, 'run-worker.mjs'), {
      execArgv: [],
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))),
        RUN_WORKER_CONCURRENCY: String(this.concurrency),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    worker.stdout?.on('data', (d) => (this.output += d));
    worker.stderr?.on('data', (d) => (this.output += d));
    this.workers.push(worker);
    await new Promise((ready) => worker.once('message', ready));
    return worker;
  }

  /**
   * Runs the job on the next idle worker. Past `timeLimitMs` (none by default) the answer is `timedOut`, and the
   * worker, still in the run, is killed and replaced.
   */
  async run(job: RunJob, { timeLimitMs }: { timeLimitMs?: number } = {}): Promise<RunReply> {
    const worker = this.idle.pop() ?? (await new Promise<ChildProcess>((r) => this.waiting.push(r)));
    // Made here, not by the worker, so that a killed run's folder is removed too.
    const reportDir = mkdtempSync(join(tmpdir(), 'cf-run-'));
    this.reportDirs.push(reportDir);
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    let answer: ((reply: unknown) => void) | undefined;
    const reply = await new Promise<RunReply>((resolve) => {
      answer = (reply) => resolve(reply as RunReply);
      worker.once('message', answer);
      worker.send({ ...job, reportDir } satisfies SentJob);
      if (timeLimitMs !== undefined)
        timer = setTimeout(
          () =>
            resolve({
              reportDir,
              ms: Date.now() - started,
              timedOut: true,
              error: `the run did not end within its time limit of ${timeLimitMs / 1000} s`,
            }),
          timeLimitMs,
        );
    });
    clearTimeout(timer);
    if (!reply.timedOut) this.release(worker);
    else {
      worker.off('message', answer!);
      this.workers.splice(this.workers.indexOf(worker), 1);
      worker.kill('SIGKILL');
      void this.spawn().then((fresh) => (this.stopped ? fresh.kill('SIGKILL') : this.release(fresh)));
    }
    return reply;
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
    this.stopped = true;
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
