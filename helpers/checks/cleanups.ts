/**
 * A check's cleanups: what it created (tracked in the run's ledger, so that the runner, or the next run, undoes it
 * if the check dies) and what it must put back, undone newest first when the check ends.
 */

import type { ApiClient } from '../http/client.ts';
import { lightestAmong } from '../http/rate-budget.ts';
import type { Role } from '../roles.ts';
import { type LedgerEntry, recordCreated, recordUndone, type UndoKind } from '../world/ledger.ts';
import type { World } from '../world/types.ts';
import {
  BY_EITHER_ADMINISTRATOR,
  deletedByAdministratorFirst,
  oweUndo,
  undo,
  undoneBy,
  undoneByAnAdministrator,
  undoRole,
} from '../world/undo.ts';
import { ADMINISTRATORS, MEMBERS } from './actors.ts';

/** A cleanup: its ledger entry where it undoes one (a deferred undo has none). */
interface Pending {
  key: string;
  label: string;
  entry?: LedgerEntry;
  run: () => Promise<string | null>;
}

export class Cleanups {
  private readonly entries: Pending[] = [];

  constructor(
    private readonly world: World,
    /** The client of the account that undoes an entry. */
    private readonly clientFor: (role: Role) => ApiClient,
  ) {}

  /** Records an object the check created: undone when the check ends (and by the runner if the check dies). */
  track(role: Role, kind: UndoKind, id: string | number, label: string, options: { ownOnly?: boolean } = {}): void {
    const entry = this.record(role, kind, id, label, options);
    this.entries.push({
      key: entry.key,
      label: `${kind} ${id}`,
      entry,
      run: async () => {
        const stand = this.standIn(entry);
        let left =
          stand !== undefined && (await undoneBy(this.clientFor(stand), entry))
            ? null
            : await undo(this.clientFor(undoRole(entry)), entry);
        // Refused to its sender: an administrator the stand-in was not deletes it.
        if (left !== null) left = await undoneByAnAdministrator(entry, left, this.administratorsBut(stand));
        if (left === null) recordUndone(this.world.options.ledgerFile, entry.key);
        return left;
      },
    });
  }

  /**
   * Records an object the check created for the run's checks to share: in the run's ledger only, so that the runner
   * undoes it once every check has ended (or the next run, should this one die). What the undoing will cost weighs
   * on its undoer's load from now (oweUndo).
   */
  keepForRun(role: Role, kind: UndoKind, id: string | number, label: string): LedgerEntry {
    const entry = this.record(role, kind, id, label);
    oweUndo(this.world.accounts, entry);
    return entry;
  }

  /** Records an object the check created in the run's ledger, with the account that undoes it. */
  private record(
    role: Role,
    kind: UndoKind,
    id: string | number,
    label: string,
    options: { ownOnly?: boolean } = {},
  ): LedgerEntry {
    const entry: LedgerEntry = { key: `${kind}:${role}:${id}`, kind, role, id, label };
    if (options.ownOnly) entry.ownOnly = true;
    const undoer = this.world.accounts[undoRole(entry)];
    if (undoer) entry.by = undoer.email;
    recordCreated(this.world.options.ledgerFile, entry);
    return entry;
  }

  /**
   * Runs `undo` when the check ends, among its cleanups (newest first): for what the run's ledger need not record,
   * such as a turn on shared state (shared-state.ts), released once the cleanups registered after it have run.
   */
  defer(label: string, undo: () => unknown): void {
    this.entries.push({
      key: `deferred:${label}`,
      label,
      run: async () => {
        await undo();
        return null;
      },
    });
  }

  /**
   * Another account to undo the entry in its usual undoer's place (undoRole), where the load leads there; undefined
   * where the usual one does. An administrator deletes a member's message (any administrator may delete any
   * message): the sender is often a member, whose checks are many, and a per-user rate limit then waits on it while
   * the administrators have budget to spare. Either administrator archives a channel, deletes a profile field or puts
   * a realm setting back (BY_EITHER_ADMINISTRATOR). Should the stand-in be refused, the usual undoer follows: the
   * refusal may only mean it cannot see the object. None stands in for an entry tracked `ownOnly` (a direct message
   * between others, which an administrator cannot see: each refusal cost a request and the usual one followed).
   */
  private standIn(entry: LedgerEntry): Role | undefined {
    if (entry.ownOnly) return undefined;
    const usual = undoRole(entry);
    // An administrator deletes the members' messages in their place (MEMBERS), whose parts most checks name. The
    // other accounts' parts are mostly a kind's (set-up assistants, anyone), which the load already leads to whoever
    // has budget (actors.ts); their deletions moved too, the administrators only took the lightest's.
    const others =
      BY_EITHER_ADMINISTRATOR.includes(entry.kind) ||
      (entry.kind === 'message' && (MEMBERS as readonly Role[]).includes(entry.role))
        ? ADMINISTRATORS
        : [];
    const usable = (role: Role) => {
      const account = this.world.accounts[role];
      return account && !account.refused ? account.email : undefined;
    };
    const pool = [usual, ...others.filter((role) => role !== usual && usable(role))];
    // A sender the realm has refused its own deletions (undoneByAnAdministrator): an administrator, not it.
    const admins = pool.filter((role) => role !== usual);
    if (deletedByAdministratorFirst(entry) && admins.length > 0) return lightestAmong(admins[0]!, admins, usable);
    const lightest = lightestAmong(usual, pool, usable);
    return lightest === usual ? undefined : lightest;
  }

  /** The clients of the usable administrators other than `except`. */
  private administratorsBut(except: Role | undefined): ApiClient[] {
    return ADMINISTRATORS.filter(
      (role) => role !== except && this.world.accounts[role] && !this.world.accounts[role]!.refused,
    ).map((role) => this.clientFor(role));
  }

  /** Whether the check has tracked this object and not undone it. */
  has(role: Role, kind: UndoKind, id: string | number): boolean {
    const key = `${kind}:${role}:${id}`;
    return this.entries.some((c) => c.key === key);
  }

  /**
   * The check undid a tracked object itself, as the behaviour under test (an unmute, a deactivation, a token
   * removal that succeeded): its cleanup is dropped and the ledger marked. A message is found by its id whoever sent
   * it (ids name one message on a server): a check that saw a topic's messages deleted need not know each sender, and
   * a message left tracked cost two requests at the end (the deletion refused, the read that shows it gone).
   */
  untrack(role: Role, kind: UndoKind, id: string | number): void {
    const key = `${kind}:${role}:${id}`;
    const at =
      kind === 'message' && !this.entries.some((c) => c.key === key)
        ? this.entries.findLastIndex((c) => c.key.startsWith('message:') && c.key.endsWith(`:${id}`))
        : this.entries.findLastIndex((c) => c.key === key);
    if (at < 0) return;
    const [entry] = this.entries.splice(at, 1);
    recordUndone(this.world.options.ledgerFile, entry!.key);
  }

  /**
   * Runs the cleanups, newest first; returns what could not be undone (the runner retries those). Realm settings
   * changed together are put back together (undoneTogether).
   */
  async run(): Promise<string[]> {
    const problems: string[] = [];
    for (const batch of realmBatches(this.entries.reverse())) {
      if (batch.length > 1 && (await this.undoneTogether(batch))) continue;
      for (const { label, run } of batch) {
        try {
          const left = await run();
          if (left) problems.push(left);
        } catch (error) {
          problems.push(`cleanup of ${label} failed: ${(error as Error).message}`);
        }
      }
    }
    return problems;
  }

  /**
   * Puts back adjacent realm settings in one PATCH /realm, as the check's changes of several were sent (setRealm):
   * the administrators alone may, and a per-user limit bears on them most. The oldest entry's value of a setting
   * wins, as it would one by one, newest first. False where that one is refused: each is then put back alone.
   */
  private async undoneTogether(batch: readonly Pending[]): Promise<boolean> {
    const entries = batch.map((pending) => pending.entry!);
    const params = Object.assign({}, ...entries.map((entry) => JSON.parse(String(entry.id))));
    const together: LedgerEntry = { ...entries[0]!, id: JSON.stringify(params) };
    try {
      if (!(await undoneBy(this.clientFor(this.standIn(together) ?? undoRole(together)), together))) return false;
    } catch {
      return false;
    }
    for (const entry of entries) recordUndone(this.world.options.ledgerFile, entry.key);
    return true;
  }
}

/** The cleanups in order, adjacent realm settings batched together, every other one alone. */
function realmBatches(pending: readonly Pending[]): Pending[][] {
  const isSetting = (p: Pending | undefined) => p?.entry?.kind === 'realm-setting';
  const batches: Pending[][] = [];
  for (const item of pending) {
    const last = batches.at(-1);
    if (isSetting(item) && isSetting(last?.[0])) last!.push(item);
    else batches.push([item]);
  }
  return batches;
}
