/**
 * The cleanup ledger: every object a run creates on the target is appended (with how to undo it) before the
 * check goes on, and marked undone when it is. Appends are synchronous so that a crash loses nothing; the runner
 * undoes whatever is still pending when the checks end.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
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
}

type Line = { created: LedgerEntry } | { undone: string };

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
    else pending.delete(line.undone);
  }
  return [...pending.values()];
}
