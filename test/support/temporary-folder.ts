/**
 * vitest's global set-up for the project's own tests: one temporary folder for the whole `npm test` (TMPDIR, which
 * os.tmpdir() reads and the forked test workers and the runs they start inherit), removed when the tests end. Report
 * folders, ledgers, lease and turn files of hundreds of runs then leave nothing behind in the system's folder, and a
 * run's look for its own files there reads a few entries, not thousands.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'teamchat-conformance-tests-'));
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
