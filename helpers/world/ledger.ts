/**
 * The cleanup ledger: every object a run creates on the target is appended (with how to undo it) before the
 * check goes on, and marked undone when it is. Appends are synchronous so that a crash loses nothing; the runner
 * undoes whatever is still pending when the checks end.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '../roles.ts';

export type UndoKind =
  | 'draft'
  | 'queue'
  | 'channel'
  | 'message'
  | 'scheduled_message'
  | 'mute'
  | 'profile-field'
  | 'group'
  | 'push-token'
  | 'email-visibility'
  | 'realm-setting'
  | 'attachment';

export interface LedgerEntry {
  key: string;
  kind: UndoKind;
  /** The account that created the object (and undoes it, except channels, which an administrator archives). */
  role: Role;
  id: string | number;
  label: string;
  /** The API email of the account that undoes it: a later run recovering a crashed one acts only through it. */
  by?: string;
  /** No other account may stand in to undo it (a direct message, which an administrator may not see). */
  ownOnly?: true;
}

type Line = { target: string } | { instance: string } | { run: string } | { created: LedgerEntry } | { undone: string };

/** Where ledgers live: one file per run, named after the process, so that a later run can tell crashed ones. */
export const LEDGER_DIR = join(tmpdir(), 'teamchat-conformance');

/** A new, empty ledger of a run against `target`; its first line names the target. */
export function openLedger(target: string): string {
  mkdirSync(LEDGER_DIR, { recursive: true });
  const file = join(LEDGER_DIR, `${process.pid}-${Date.now()}.jsonl`);
  writeFileSync(file, `${JSON.stringify({ target } satisfies Line)}\n`);
  return file;
}

/** The target a ledger was written for (undefined for a file that is not a ledger). */
export function ledgerTarget(file: string): string | undefined {
  try {
    const first = JSON.parse(readFileSync(file, 'utf8').split('\n', 1)[0] ?? '') as Partial<{ target: string }>;
    return typeof first.target === 'string' ? first.target : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which instance of the target's realm the run worked on (see World.target.instance), written before the run
 * creates anything: a later run recovers the ledger only on the same instance, since a reset or restarted server
 * gives the same ids to other objects (the recovering run's own among them).
 */
export function recordInstance(file: string, instance: string): void {
  appendFileSync(file, `${JSON.stringify({ instance } satisfies Line)}\n`);
}

/** The realm instance a ledger names (undefined when the run never learned it, or the file is unreadable). */
export const ledgerInstance = (file: string) => firstValue(file, 'instance');

/**
 * The run id, written before the run creates anything. An object is recorded only once its id is known, after
 * the target answers: a run killed in between leaves an object its ledger lacks, found again by the run's prefix.
 */
export function recordRun(file: string, runId: string): void {
  appendFileSync(file, `${JSON.stringify({ run: runId } satisfies Line)}\n`);
}

/** The id of the run that wrote a ledger (undefined for a ledger written before it was known). */
export const ledgerRun = (file: string) => firstValue(file, 'run');

function firstValue(file: string, key: 'instance' | 'run'): string | undefined {
  if (!existsSync(file)) return undefined;
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    try {
      const value = (JSON.parse(text) as Record<string, unknown>)[key];
      if (typeof value === 'string') return value;
    } catch {}
  }
  return undefined;
}

export function recordCreated(file: string, entry: LedgerEntry): void {
  appendFileSync(file, `${JSON.stringify({ created: entry } satisfies Line)}\n`);
}

export function recordUndone(file: string, key: string): void {
  appendFileSync(file, `${JSON.stringify({ undone: key } satisfies Line)}\n`);
}

export function pendingEntries(file: string): LedgerEntry[] {
  if (!existsSync(file)) return [];
  const pending = new Map<string, LedgerEntry>();
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (!text.trim()) continue;
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      continue; // a line cut short by a crash
    }
    if ('created' in line) pending.set(line.created.key, line.created);
    else if ('undone' in line) pending.delete(line.undone);
  }
  return [...pending.values()];
}
