import { readFileSync } from 'node:fs';

/**
 * Mutation testing of the reference server (`npm run mutation`): Stryker mutates `reference/`, and the
 * conformance suites are the tests (stryker/conformance-runner.mjs runs them, stryker/ignorers.mjs sets aside what
 * no check can kill). Not part of `npm test` or CI: a whole run takes long (README, "Mutation testing").
 */
export default {
  packageManager: 'npm',
  plugins: ['./stryker/conformance-runner.mjs', './stryker/ignorers.mjs', './stryker/progress-reporter.mjs'],
  testRunner: 'conformance',
  coverageAnalysis: 'perTest',
  mutate: [
    'reference/**/*.ts',
    // Entry points: argument parsing and process start-up, which the suites never reach (they start the server
    // with startReferenceServer, not through the command line).
    '!reference/cli.ts',
    '!reference/main.ts',
    // The judgement of the options the command line passes through (REFERENCE_*): the suites never reach it either.
    '!reference/options.ts',
    // The fault catalogue (ids and descriptions, one file per area beside its routes) is data for the kill matrix;
    // only the Faults class is code.
    '!reference/**/*.faults.ts',
    '!reference/faults.ts',
    `reference/faults.ts:${faultsClassLines()}`,
  ],
  ignorers: ['fault-switches', 'not-shown-texts'],
  // 2 test runners, each with its own vitest instance of 2 workers: the checks mostly wait on HTTP.
  concurrency: 2,
  timeoutMS: 10000,
  reporters: ['html', 'json', 'progress', 'mutant-log'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // A later run re-tests only the mutants whose code or covering suite files changed (README, "Mutation testing").
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['reports', 'coverage', '.stryker-tmp'],
};

/** The lines of the Faults class (to the end of reference/faults.ts), found afresh as the catalogue grows. */
function faultsClassLines() {
  const lines = readFileSync(new URL('reference/faults.ts', import.meta.url), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.startsWith('export class Faults')) + 1;
  if (start === 0) throw new Error('stryker.config.mjs: no `export class Faults` in reference/faults.ts');
  return `${start}-${lines.findLastIndex((line) => line.trim() !== '') + 1}`;
}
