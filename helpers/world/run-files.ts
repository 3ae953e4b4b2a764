/**
 * Files of a run in the temporary folder, shared by its workers (threads and processes): the turns its checks take
 * on one setting (shared-state.ts), how the asking of its leases went (lease.ts), the channels its checks share
 * (suites/messages/messages.ts) and the narrows the target takes (suites/messages/narrows.ts, through run-once.ts).
 */
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

export type RunFileKind = 'turn' | 'lease' | 'channel' | 'narrow';

const prefixOf = (runId: string, kind: RunFileKind) => `teamchat-conformance-${runId}-${kind}-`;

/** The run's file of `kind` for `what` (a setting's name, a kind of shared state). */
export function runFile(runId: string, kind: RunFileKind, what: string): string {
  return join(tmpdir(), `${prefixOf(runId, kind)}${what.replace(/[^\w.-]+/g, '_')}`);
}

/** Removes the run's files of `kind`, once it has ended. */
export function forgetRunFiles(runId: string, kind: RunFileKind): void {
  const prefix = prefixOf(runId, kind);
  for (const name of readdirSync(tmpdir())) if (name.startsWith(prefix)) rmSync(join(tmpdir(), name), { force: true });
}

/**
 * What the run does once, whichever of its workers needs it first (ask for a lease, create a shared channel): that
 * worker is told to do it (`asker`) and says how it went with `settleOnce`; the others wait on the file for that
 * word instead of each doing it again. The file reads `asking` until then.
 */
export type OnceClaim = { asker: true } | { asker: false; state: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims doing `what` for the run, or waits (up to `waitLimitMs`) for the word of the worker that claimed it. */
export async function claimOnce(
  runId: string,
  kind: RunFileKind,
  what: string,
  waitLimitMs: number,
): Promise<OnceClaim> {
  const file = runFile(runId, kind, what);
  try {
    writeFileSync(file, 'asking', { flag: 'wx' });
    return { asker: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const started = Date.now();
  for (;;) {
    let state = 'asking';
    try {
      state = readFileSync(file, 'utf8');
    } catch {}
    // Empty for the moment between the asker's creating the file and writing it: still asking.
    if (state !== 'asking' && state !== '') return { asker: false, state };
    if (Date.now() - started > waitLimitMs) return { asker: false, state: 'timeout' };
    await sleep(50);
  }
}

/**
 * Says how the claimed doing went (see claimOnce), in one step: written beside the file and renamed over it, so that
 * a waiting worker reads `asking` or the whole word. Rewritten in place, a reader once got the first bytes of one and
 * the rest of the other ("askingnel\"…", a channel's word) and ended EDIT-CONTENT-007 in error.
 */
export function settleOnce(runId: string, kind: RunFileKind, what: string, state: string): void {
  const file = runFile(runId, kind, what);
  const written = `${file}.${process.pid}-${threadId}.new`;
  writeFileSync(written, state);
  renameSync(written, file);
}
