/**
 * Stryker test-runner plugin `conformance`: the conformance suites are the tests of the reference server.
 *
 * It runs in Stryker's test-runner child process (cwd: the sandbox) and registers tsx there so that the project's
 * TypeScript loads; the reference server runs in this same process, so Stryker's mutant switch
 * (`globalThis.__stryker__.activeMutant`, read by the instrumented code on every call) reaches it, and so does its
 * coverage (`__stryker__.mutantCoverage`, per test while `currentTestId` is set).
 *
 * - A test is a suite file (`suites/…/x.test.ts`). The dry run runs each file alone (fresh server and world), so
 *   per-test coverage tells which files reach each mutant.
 * - A mutant run runs only the covering files (Stryker's `testFilter`) against a fresh server, and stops at the
 *   first clause that ends failed, warned or error (bail): the mutant is Killed. A run with none: Survived.
 * - Static mutants (module-level code) must be active while the modules load: this runner cannot reload them
 *   (ESM imports stay cached), so it says `reloadEnvironment: false` and Stryker starts a new process for them.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commonTokens, declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { DryRunStatus, determineHitLimitReached, MutantRunStatus, TestStatus } from '@stryker-mutator/api/test-runner';

/** vitest worker processes per test runner (Stryker's `concurrency` sets how many test runners). */
const WORKERS = Number(process.env.MUTATION_WORKERS ?? 2);

function stryker() {
  globalThis.__stryker__ ??= {};
  return globalThis.__stryker__;
}

export class ConformanceTestRunner {
  static inject = [commonTokens.logger];
  /** @type {import('./session.ts').ConformanceSession | undefined} */
  #session;

  constructor(logger) {
    this.logger = logger;
  }

  capabilities() {
    return { reloadEnvironment: false };
  }

  async init() {
    // TypeScript becomes loadable here, as the command makes it (bin/load-typescript.mjs), not with `--import tsx`.
    // Lazily, and from the sandbox: the main Stryker process loads this file too, without tsx.
    await import(pathToFileURL(join(process.cwd(), 'bin/load-typescript.mjs')).href);
    const { ConformanceSession } = await import(pathToFileURL(join(process.cwd(), 'stryker/session.ts')).href);
    this.#session = await ConformanceSession.open(process.cwd(), WORKERS);
  }

  /** Each suite file alone, as its own test, with its coverage. */
  async dryRun(options) {
    const session = this.#session;
    const ns = stryker();
    ns.activeMutant = undefined;
    await session.load();
    const files = [...session.files.keys()].filter((f) => !options.testFiles || options.testFiles.includes(f));
    const tests = [];
    for (const file of files) {
      ns.currentTestId = file;
      const run = await session.run([file], false);
      ns.currentTestId = undefined;
      tests.push(
        run.verdict.killed
          ? {
              id: file,
              name: file,
              fileName: file,
              status: TestStatus.Failed,
              failureMessage: run.verdict.message,
              timeSpentMs: run.ms,
            }
          : { id: file, name: file, fileName: file, status: TestStatus.Success, timeSpentMs: run.ms },
      );
      this.logger.debug(`dry run ${file}: ${run.verdict.killed ? run.verdict.message : 'passed'} in ${run.ms} ms`);
    }
    return {
      status: DryRunStatus.Complete,
      tests,
      ...(options.coverageAnalysis === 'off' ? {} : { mutantCoverage: ns.mutantCoverage }),
    };
  }

  async mutantRun(options) {
    const session = this.#session;
    const ns = stryker();
    const files = options.testFilter ?? [...session.files.keys()];
    // A runtime mutant: the modules load (if this process has not loaded them yet) before it is switched on.
    if (options.mutantActivation === 'runtime') await session.load();
    ns.activeMutant = options.activeMutant.id;
    if (options.hitLimit !== undefined) {
      ns.hitLimit = options.hitLimit;
      ns.hitCount = 0;
    }
    try {
      // For a static mutant this is the first run of a fresh process: the modules load with the mutant active.
      if (options.mutantActivation === 'static') await session.load();
      const run = await session.run(files, !options.disableBail);
      const timeout = determineHitLimitReached(ns.hitCount, ns.hitLimit);
      if (timeout) return { status: MutantRunStatus.Timeout, reason: timeout.reason };
      return run.verdict.killed
        ? {
            status: MutantRunStatus.Killed,
            killedBy: run.verdict.clauses.length
              ? files.filter((f) => killedIn(session, f, run.verdict.clauses))
              : files,
            failureMessage: run.verdict.message,
            nrOfTests: files.length,
          }
        : { status: MutantRunStatus.Survived, nrOfTests: files.length };
    } catch (error) {
      return { status: MutantRunStatus.Error, errorMessage: String(error?.stack ?? error) };
    } finally {
      ns.activeMutant = undefined;
      ns.hitLimit = undefined;
      ns.hitCount = undefined;
    }
  }

  async dispose() {
    await this.#session?.close();
  }
}

function killedIn(session, file, clauses) {
  const ids = session.files.get(file) ?? [];
  return clauses.some((c) => ids.includes(c));
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, 'conformance', ConformanceTestRunner)];
