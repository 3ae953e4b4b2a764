/**
 * Files of a run in the temporary folder, shared by its workers (threads and processes): the turns its checks take
 * on one setting (shared-state.ts) and how the asking of its leases went (lease.ts).
 */
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Kind = 'turn' | 'lease';

const prefixOf = (runId: string, kind: Kind) => `teamchat-conformance-${runId}-${kind}-`;

/** The run's file of `kind` for `what` (a setting's name, a kind of shared state). */
export function runFile(runId: string, kind: Kind, what: string): string {
  return join(tmpdir(), `${prefixOf(runId, kind)}${what.replace(/[^\w.-]+/g, '_')}`);
}

/** Removes the run's files of `kind`, once it has ended. */
export function forgetRunFiles(runId: string, kind: Kind): void {
  const prefix = prefixOf(runId, kind);
  for (const name of readdirSync(tmpdir())) if (name.startsWith(prefix)) rmSync(join(tmpdir(), name), { force: true });
}
