/**
 * Undoing what a ledger lists: at the end of a run (what its checks could not undo), and at the start of the next
 * run for runs that crashed before their clean-up (SIGKILL, a lost machine). A crashed run is recovered against
 * the same target and through the same accounts only, which covers what carries no run prefix to sweep by (mutes,
 * push tokens, settings).
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient } from '../http/client.ts';
import { lightestAmong } from '../http/rate-budget.ts';
import {
  LEDGER_DIR,
  type LedgerEntry,
  ledgerInstance,
  ledgerRun,
  ledgerTarget,
  pendingEntries,
  recordUndone,
} from './ledger.ts';
import { deletedWithOwnRight, type RefusedDeletion } from './own-deletions.ts';
import { forgetRunFiles } from './run-files.ts';
import { prefixOf } from './run-id.ts';
import { sweepOwned } from './sweep.ts';
import type { World, WorldAccount } from './types.ts';
import { BY_EITHER_ADMINISTRATOR, undo, undoneByAnAdministrator, undoRole, usableAdministrators } from './undo.ts';

/**
 * Undoes the ledger's pending entries (channels last) and deletes the file once nothing is left in it. The run's own
 * ledger (`ownRun`) is undone through its own accounts: what either administrator may undo goes to the one the run
 * has asked least of, where a crashed run's goes through the account it names.
 */
export async function undoLedger(
  world: World,
  file: string,
  { ownRun = false }: { ownRun?: boolean } = {},
): Promise<{ undone: string[]; left: string[] }> {
  const undone: string[] = [];
  const left: string[] = [];
  const refused: RefusedDeletion[] = [];
  const entries = pendingEntries(file).sort((a, b) => Number(a.kind === 'channel') - Number(b.kind === 'channel'));
  for (const entry of entries) {
    const account = (ownRun ? administratorFor(world, entry) : undefined) ?? accountFor(world, entry);
    if (!account) {
      left.push(`${entry.kind} ${entry.label}: no usable account to undo it with (${entry.by ?? undoRole(entry)})`);
      continue;
    }
    try {
      let problem = await undo(clientFor(world, account), entry);
      // A message refused to its sender: the run's own administrators delete it (a crashed run's: its accounts only).
      if (problem && ownRun) {
        const others = usableAdministrators(world.accounts).filter((a) => a.email !== account.email);
        problem = await undoneByAnAdministrator(
          entry,
          problem,
          others.map((a) => clientFor(world, a)),
        );
        if (problem && entry.kind === 'message') {
          refused.push({ entry, sender: account });
          continue;
        }
      }
      if (problem) left.push(problem);
      else {
        recordUndone(file, entry.key);
        undone.push(`${entry.kind} ${entry.label} undone`);
      }
    } catch (error) {
      left.push(`${entry.kind} ${entry.label}: ${(error as Error).message}`);
    }
  }
  if (refused.length > 0) left.push(...(await lastResort(world, file, refused, undone)));
  if (left.length === 0) rmSync(file, { force: true });
  return { undone, left };
}

/**
 * The run's messages no account could delete (deletedWithOwnRight): where the run may change realm settings, their
 * senders delete them with the realm's own-deletion setting widened for the moment. Returns what is still left.
 */
async function lastResort(
  world: World,
  file: string,
  refused: readonly RefusedDeletion[],
  undone: string[],
): Promise<string[]> {
  const [admin] = usableAdministrators(world.accounts);
  if (!world.options.allowRealmChanges || !admin)
    return refused.map((r) => `message ${r.entry.label}: neither its sender nor an administrator may delete it`);
  const { deleted, left } = await deletedWithOwnRight(refused, clientFor(world, admin), (a) => clientFor(world, a));
  for (const key of deleted) {
    recordUndone(file, key);
    undone.push(`${key} undone (${refused.length} messages through their senders' widened own-deletion right)`);
  }
  return left;
}

function clientFor(world: World, account: WorldAccount): ApiClient {
  const { requestTimeoutMs, rateLimitMaxWaitSeconds, minIntervalMs, rateLimitReserve } = world.options;
  return new ApiClient({
    baseUrl: world.target.url,
    identity: account,
    timeoutMs: requestTimeoutMs,
    rateLimitMaxWaitSeconds,
    minIntervalMs,
    rateLimitReserve,
  });
}

/**
 * For an entry either administrator may undo (BY_EITHER_ADMINISTRATOR), the usable administrator with most budget
 * left where the target shows it, else the one least loaded (lightestAmong, as the checks weigh accounts; among
 * equals the one the entry names): the run's end archives every channel the run's checks shared, a dozen requests
 * that would otherwise all be the administrator's. Led by the load alone, the run's end sent every channel to the
 * owner as its budget ran out while the admin had budget left: 429s, and a window's wait.
 */
export function administratorFor(world: World, entry: LedgerEntry): WorldAccount | undefined {
  if (!BY_EITHER_ADMINISTRATOR.includes(entry.kind)) return undefined;
  const pool = usableAdministrators(world.accounts);
  const named = accountFor(world, entry);
  const chosen = named && pool.some((a) => a.email === named.email) ? named : pool[0];
  return chosen && lightestAmong(chosen, pool, (account) => account.email);
}

/** The account that undoes an entry: the one named in it (by API email), else the role's. */
function accountFor(world: World, entry: LedgerEntry): WorldAccount | undefined {
  const account = entry.by
    ? Object.values(world.accounts).find((a) => a.email.toLowerCase() === entry.by?.toLowerCase())
    : world.accounts[undoRole(entry)];
  return account && !account.refused ? account : undefined;
}

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
    const then = ledgerInstance(file);
    const run = ledgerRun(file);
    // The files its workers shared (turns, the asking of leases), which a killed run could not remove.
    if (run) for (const kind of ['lease', 'turn'] as const) forgetRunFiles(run, kind);
    if (then !== undefined && world.target.instance !== undefined && then !== world.target.instance) {
      // The realm was reset or the server restarted since: what the run made is gone, and its ids may now be
      // other objects' (this run's own channels among them).
      rmSync(file, { force: true });
      lines.push(`a crashed run's ledger for an earlier instance of this target (reset since): nothing to undo`);
      continue;
    }
    const { undone, left } = await undoLedger(world, file);
    lines.push(...undone, ...left);
    if (run) lines.push(...(await sweepUnrecorded(world, run)));
  }
  return lines;
}

/**
 * What a killed run created but could not record (the target answered after the kill): its drafts and scheduled
 * messages, found by the run's prefix among the accounts' own. The run is over, however recent it is.
 */
async function sweepUnrecorded(world: World, runId: string): Promise<string[]> {
  const clients = Object.fromEntries(
    Object.entries(world.accounts).flatMap(([role, account]) =>
      account && !account.refused ? [[role, clientFor(world, account)]] : [],
    ),
  );
  const prefix = prefixOf(runId);
  const done = await sweepOwned(clients, (text) => typeof text === 'string' && text.startsWith(prefix));
  return done.map((line) => `${line} (created as the run was killed: not in its ledger)`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
