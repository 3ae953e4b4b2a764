/**
 * vitest's thread pool, except that a worker thread outlives the run it was started for: the next run of the same
 * vitest instance gets it back with every module it imported already evaluated, so a run after the first costs its
 * checks and not a new thread importing the suites again (most of a short run's CPU: docs/performance.md).
 *
 * vitest (4.x) starts a thread per run and tells it to tear down at the run's end. Here the thread is told to start
 * once: a later run's "start" and every run's "stop" are answered on the thread's behalf, so its runtime (its RPC,
 * module runner and evaluated modules) carries on. Test files are evaluated afresh each run all the same (vitest
 * invalidates them), and what the helpers keep for a run starts over when a new run's world arrives (world/run-scoped.ts).
 */
import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker } from 'vitest/node';

type Message = { type?: string; poolId?: number; context?: object };

export interface ReusedThreads extends PoolRunnerInitializer {
  /** Ends the threads kept between runs: call it after closing the vitest instance. */
  terminate(): Promise<void>;
}

export function reusedThreads(): ReusedThreads {
  /** Threads between runs, by the pool id vitest gave them first: a run's workers keep distinct ids. */
  const idle = new Map<number, Worker>();
  const all = new Set<Worker>();
  return {
    name: 'reused-threads',
    createPoolWorker: (options) => new ReusedThreadWorker(options, idle, all),
    async terminate() {
      idle.clear();
      await Promise.all([...all].map((thread) => thread.terminate()));
      all.clear();
    },
  };
}

class ReusedThreadWorker implements PoolWorker {
  readonly name = 'reused-threads';
  private readonly events = new EventEmitter();
  private thread: Worker | undefined;
  private poolId = 0;
  /** Whether vitest asked the thread to stop gracefully: a forced stop (a cancelled run) may leave it busy. */
  private stopAsked = false;
  private readonly forward = {
    message: (message: unknown) => this.events.emit('message', message),
    error: (error: unknown) => this.events.emit('error', error),
    exit: (code: unknown) => this.events.emit('exit', code),
  };

  constructor(
    private readonly options: PoolOptions,
    private readonly idle: Map<number, Worker>,
    private readonly all: Set<Worker>,
  ) {}

  on(event: string, callback: (arg: any) => void): void {
    this.events.on(event, callback);
  }

  off(event: string, callback: (arg: any) => void): void {
    this.events.off(event, callback);
  }

  /** The thread is chosen when the "start" message names the pool id (see send). */
  async start(): Promise<void> {}

  send(message: Message): void {
    switch (message.type) {
      case 'start': {
        this.poolId = message.poolId ?? 0;
        const kept = this.idle.get(this.poolId);
        this.idle.delete(this.poolId);
        this.attach(kept ?? this.spawn());
        if (kept) this.answer('started');
        else this.thread?.postMessage(message);
        break;
      }
      case 'stop':
        this.stopAsked = true;
        this.answer('stopped');
        break;
      case 'run':
      case 'collect':
        // The runtime takes the configuration (the run's test name pattern among it) from "start", which a kept
        // thread heard for an earlier run; a run's own context overrides it.
        this.thread?.postMessage({
          ...message,
          context: { ...message.context, config: this.options.project.serializedConfig },
        });
        break;
      default:
        this.thread?.postMessage(message);
    }
  }

  /** Gives the thread back for the next run (vitest calls it after the answered "stop"). */
  async stop(): Promise<void> {
    const thread = this.thread;
    if (!thread) return;
    this.detach(thread);
    if (this.stopAsked && this.all.has(thread) && !this.idle.has(this.poolId)) this.idle.set(this.poolId, thread);
    else await thread.terminate();
  }

  deserialize(data: unknown): unknown {
    return data;
  }

  private spawn(): Worker {
    const { distPath, env, execArgv, project } = this.options;
    const thread = new Worker(resolve(distPath, 'workers/threads.js'), { env, execArgv, stdout: true, stderr: true });
    // Piped once for the thread's life: the instance's output streams outlive every run.
    thread.stdout.pipe(project.vitest.logger.outputStream);
    thread.stderr.pipe(project.vitest.logger.errorStream);
    thread.once('exit', () => {
      this.all.delete(thread);
      if (this.idle.get(this.poolId) === thread) this.idle.delete(this.poolId);
    });
    this.all.add(thread);
    return thread;
  }

  private attach(thread: Worker): void {
    this.thread = thread;
    for (const [event, listener] of Object.entries(this.forward)) thread.on(event, listener);
  }

  private detach(thread: Worker): void {
    for (const [event, listener] of Object.entries(this.forward)) thread.off(event, listener);
    this.thread = undefined;
  }

  /** Answers for the thread, as its runtime would have, once the caller listens for the answer. */
  private answer(type: 'started' | 'stopped'): void {
    setImmediate(() => this.events.emit('message', { type, __vitest_worker_response__: true }));
  }
}
