/**
 * Recovering crashed runs: a run killed before its clean-up (SIGKILL, a lost machine) leaves its ledger behind.
 * The next run against the same target undoes what that ledger still lists, through the same accounts only —
 * which also covers what carries no run prefix to sweep by (mutes, push tokens, settings).
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient } from '../http/client.ts';
import { LEDGER_DIR, ledgerTarget, pendingEntries, recordUndone } from './ledger.ts';
import type { World } from './types.ts';
import { undo } from './undo.ts';

/** Ledgers of runs whose process is gone, written against `target`. */
export function crashedLedgers(target: string, dir = LEDGER_DIR): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => ({ name, pid: Number(/^(\d+)-\d+\.jsonl$/.exec(name)?.[1]) }))
    .filter(({ pid }) => Number.isInteger(pid) && pid !== process.pid && !alive(pid))
    .map(({ name }) => join(dir, name))
    .filter((file) => ledgerTarget(file) === target);
}

/** Undoes what crashed runs left; returns a line per object (undone, or why not). */
export async function recoverCrashedRuns(world: World, files = crashedLedgers(world.target.url)): Promise<string[]> {
  const lines: string[] = [];
  for (const file of files) {
    let left = 0;
    for (const entry of pendingEntries(file)) {
      const account = Object.values(world.accounts).find(
        (a) => !a.refused && a.email.toLowerCase() === entry.by?.toLowerCase(),
      );
      if (!account) {
        left += 1;
        lines.push(`${entry.kind} ${entry.label}: left, its account (${entry.by ?? 'unknown'}) is not configured`);
        continue;
      }
      const client = new ApiClient({
        baseUrl: world.target.url,
        identity: account,
        timeoutMs: world.options.requestTimeoutMs,
        rateLimitMaxWaitSeconds: world.options.rateLimitMaxWaitSeconds,
      });
      const problem = await undo(client, entry);
      if (problem) {
        left += 1;
        lines.push(problem);
      } else {
        recordUndone(file, entry.key);
        lines.push(`${entry.kind} ${entry.label} undone`);
      }
    }
    if (left === 0) rmSync(file, { force: true });
  }
  return lines;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
