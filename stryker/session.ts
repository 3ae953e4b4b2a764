/**
 * The conformance side of the Stryker test runner (`stryker/conformance-runner.mjs` loads it in Stryker's child
 * process, whose cwd is the sandbox: an instrumented copy of the project). One vitest instance (SuiteRunner) serves
 * every run; each run starts a fresh reference server in this process, so that the instrumented `reference/` code
 * sees Stryker's `activeMutant`, prepares a world on it and runs the chosen suite files with the quick profile.
 *
 * A Stryker "test" is a suite file: the dry run runs each file alone, which tells which files reach each mutant.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Reporter, TestCase } from 'vitest/node';
import { loadConfig } from '../helpers/config/load.ts';
import { FIXED_SEED, runConformance } from '../helpers/run/run-conformance.ts';
import { SuiteRunner } from '../helpers/run/suite-runner.ts';
import { CLAUSES } from '../suites/catalog.ts';
import { DETECTING, setupFailure, type Verdict, verdictOf } from './verdict.ts';

export interface FileRun {
  file: string;
  verdict: Verdict;
  ms: number;
}

type ReferenceModule = typeof import('../reference/server.ts');

export class ConformanceSession {
  /** File → the clause ids it checks. */
  readonly files: ReadonlyMap<string, readonly string[]>;
  private reference: ReferenceModule | undefined;
  private bail = false;
  private bailed = false;
  private readonly reportDir = mkdtempSync(join(tmpdir(), 'cf-mutation-'));

  private constructor(
    private readonly root: string,
    private readonly suites: SuiteRunner,
    files: Map<string, string[]>,
  ) {
    this.files = files;
  }

  static async open(root: string, workers: number): Promise<ConformanceSession> {
    const files = new Map<string, string[]>();
    for (const { id, file } of CLAUSES) files.set(file, [...(files.get(file) ?? []), id]);
    let session: ConformanceSession | undefined;
    // Bail: the first detecting outcome ends the run (the checks in flight finish).
    const bail: Reporter = {
      onTestCaseResult: (test: TestCase) => session?.onResult(test),
    };
    const suites = await SuiteRunner.open({ root, clauses: CLAUSES, concurrency: workers, reporters: [bail] });
    session = new ConformanceSession(root, suites, files);
    return session;
  }

  private onResult(test: TestCase): void {
    const outcome = test.meta().conformance?.outcome;
    const detected = outcome ? DETECTING.includes(outcome) : test.result().state === 'failed';
    if (detected && this.bail && !this.bailed) {
      this.bailed = true;
      void this.suites.cancel();
    }
  }

  /**
   * The reference server's modules, imported on first use, not before: a static mutant (module-level code) must
   * be active while they load, and Stryker sets it only for the run that needs it.
   */
  private async referenceModule(): Promise<ReferenceModule> {
    this.reference ??= (await import(pathToFileURL(join(this.root, 'reference/server.ts')).href)) as ReferenceModule;
    return this.reference;
  }

  /** Loads the reference server's modules now (outside any test, so their load-time code counts as static). */
  async load(): Promise<void> {
    await this.referenceModule();
  }

  /** Runs `files` against a fresh reference server; with `bail`, the first detecting outcome ends the run. */
  async run(files: readonly string[], bail: boolean): Promise<FileRun> {
    const started = Date.now();
    const { startReferenceServer } = await this.referenceModule();
    const ids = new Set(files.flatMap((f) => this.files.get(f) ?? []));
    // Quick by default: a run counts thousands of times, and most mutants are reached by a property's first cases.
    const profile = process.env.MUTATION_PROFILE ?? 'quick';
    const config = loadConfig({ PROFILE: profile, CONCURRENCY: '2', REPORT_DIR: this.reportDir });
    let server: Awaited<ReturnType<typeof startReferenceServer>>;
    try {
      // A mutant may make the server throw: the 500 is the evidence, the log line is noise.
      server = await startReferenceServer({ port: 0, log: () => {} });
    } catch (error) {
      // `npm run conformance` would stop with status 2 before any check: detected.
      return { file: files.join(','), verdict: setupFailure(error, 'server start'), ms: Date.now() - started };
    }
    this.bail = bail;
    this.bailed = false;
    try {
      // Every run uses the fixed seed, so that the dry run's coverage holds for the mutant runs. Nothing is undone:
      // the server and everything the run created on it go away together.
      const { results } = await runConformance({
        config,
        baseUrl: server.url,
        seed: FIXED_SEED,
        suites: this.suites,
        clauses: CLAUSES,
        ids,
        version: 'mutation',
        cleanUp: false,
      });
      const verdict = results
        ? verdictOf(results.clauses)
        : setupFailure(new Error('the run ended without results'), 'suite run');
      return { file: files.join(','), verdict, ms: Date.now() - started };
    } catch (error) {
      return { file: files.join(','), verdict: setupFailure(error, 'world preparation'), ms: Date.now() - started };
    } finally {
      this.bail = false;
      await server.close();
    }
  }

  async close(): Promise<void> {
    await this.suites.close();
    rmSync(this.reportDir, { recursive: true, force: true });
  }
}
