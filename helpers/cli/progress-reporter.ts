/**
 * What the terminal shows while the suites run: a line per suite file as it ends (✓, or ✗ naming the checks that
 * did not pass), and, where nothing has been printed for HEARTBEAT_MS (a long exploration, a slow target, CI logs
 * without a TTY), a line saying what is still running. Plain lines, no redrawing, nothing of a failure's detail:
 * the last screen (summary.ts) gives the failures, ordered by cause, and the reports their evidence. vitest's default
 * reporter printed each failure's harness frames and its body twice.
 */
import type { SerializedError, UserConsoleLog } from 'vitest';
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import { lastPrintedAt, printLine, progressFilter } from '../progress.ts';

export const HEARTBEAT_MS = 10_000;

export interface ProgressOptions {
  print?: (line: string) => void;
  /** When a line was printed last, this reporter's or another's (the waits' lines: progress.ts). */
  lastPrinted?: () => number;
  now?: () => number;
}

export class ProgressReporter implements Reporter {
  private readonly print: (line: string) => void;
  private readonly lastPrinted: () => number;
  private readonly now: () => number;
  private files = 0;
  private done = 0;
  /** The checks running now, by vitest's test id: the clause and since when. */
  private readonly running = new Map<string, { clause: string; since: number }>();
  private timer: NodeJS.Timeout | undefined;

  /** The checks' own progress lines (a wait, a lease): printed once however many workers log them. */
  private readonly progress: ReturnType<typeof progressFilter>;

  constructor(options: ProgressOptions = {}) {
    this.print = options.print ?? printLine;
    this.lastPrinted = options.lastPrinted ?? lastPrintedAt;
    this.now = options.now ?? Date.now;
    this.progress = progressFilter(this.print);
  }

  /**
   * What the checks log: vitest hands it to the reporters, and only its own reporters ask the `onConsoleLog` filter
   * (suite-runner.ts), so this one filters it itself: a progress line once, anything else as it came.
   */
  onUserConsoleLog(log: UserConsoleLog): void {
    if (this.progress(log.content) === false) return;
    (log.type === 'stderr' ? process.stderr : process.stdout).write(log.content);
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.files = specifications.length;
    this.done = 0;
    this.running.clear();
    clearInterval(this.timer);
    this.timer = setInterval(() => this.heartbeat(), 1000);
    this.timer.unref();
  }

  onTestCaseReady(test: TestCase): void {
    this.running.set(test.id, { clause: test.name.split(' ')[0]!, since: this.now() });
  }

  onTestCaseResult(test: TestCase): void {
    this.running.delete(test.id);
  }

  onTestModuleEnd(module: TestModule): void {
    this.done += 1;
    // Those that ran: --only skips the file's others.
    const tests = [...module.children.allTests()].filter((t) => t.result().state !== 'skipped');
    const notPassed = tests.filter((t) => t.result().state === 'failed').map((t) => t.name.split(' ')[0]);
    // The checks' own time (a file's runs one check at a time): its import and set-up are the run's, shared.
    const seconds = (tests.reduce((ms, t) => ms + (t.diagnostic()?.duration ?? 0), 0) / 1000).toFixed(1);
    const checks = `${tests.length} check${tests.length === 1 ? '' : 's'}`;
    this.print(
      notPassed.length
        ? `✗ ${module.relativeModuleId}  ${checks}, ${notPassed.length} did not pass: ${notPassed.join(', ')}  ${seconds} s\n`
        : `✓ ${module.relativeModuleId}  ${checks}  ${seconds} s\n`,
    );
    // A file that could not even load: its checks end in error, and this says why.
    for (const error of module.errors()) this.print(`  ${firstLine(error)}\n`);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const error of unhandledErrors) this.print(`an error outside the checks: ${firstLine(error)}\n`);
  }

  /** A line, where none came for HEARTBEAT_MS: how far the run is, and the checks running longest. */
  heartbeat(): void {
    const now = this.now();
    if (now - this.lastPrinted() < HEARTBEAT_MS) return;
    const longest = [...this.running.values()].sort((a, b) => a.since - b.since);
    const names = longest.slice(0, 3).map((r) => `${r.clause} (${duration(now - r.since)})`);
    const more = longest.length > 3 ? `, and ${longest.length - 3} more` : '';
    const doing = names.length ? `; running ${names.join(', ')}${more}` : '';
    this.print(`… ${this.done} of ${this.files} suite files done${doing}\n`);
  }
}

const firstLine = (error: SerializedError) => `${error.name ?? 'Error'}: ${String(error.message).split('\n')[0]}`;

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}
