/**
 * vitest's global set-up for the project's own tests: one temporary folder for the whole `npm test` (TMPDIR, which
 * os.tmpdir() reads and the forked test workers and the runs they start inherit), removed when the tests end. Report
 * folders, ledgers, lease and turn files of hundreds of runs then leave nothing behind in the system's folder, and a
 * run's look for its own files there reads a few entries, not thousands.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** Set once the folder exists: each vitest project inherits the root's global set-up and runs it again. */
const MARK = 'TEAMCHAT_TESTS_TMPDIR';

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env[MARK]) return undefined;
  // A short name: Chromium's socket path in it must stay within the system's limit (108 bytes).
  const dir = mkdtempSync(join(tmpdir(), 'tc-tests-'));
  // tsx keeps its compiled files in the temporary folder (tsx-<uid>): the runs' processes share the system's, else
  // each would compile the project afresh.
  const tsxCache = `tsx-${process.geteuid?.() ?? userInfo().username}`;
  mkdirSync(join(tmpdir(), tsxCache), { recursive: true });
  symlinkSync(join(tmpdir(), tsxCache), join(dir, tsxCache));
  process.env[MARK] = dir;
  process.env.TMPDIR = dir;
  // The catalogue's cache (helpers/clauses/catalogue-cache.ts) is made once here, before the workers and runs that
  // read it start side by side: each would otherwise read every suite file itself.
  await import('../../suites/catalog.ts');
  return () => rmSync(dir, { recursive: true, force: true });
}
