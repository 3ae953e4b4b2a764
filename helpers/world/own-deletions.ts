/**
 * The last resort of a run's clean-up for messages their senders were refused to delete and no administrator could
 * (a direct message between others, which an administrator cannot see), in a realm whose can_delete_own_message_group
 * leaves the senders out (administrators alone, in a realm made before Zulip 9.0): the setting is widened to hold
 * them for the deletions and put back at once, where the run may change realm settings. A server older than the
 * setting (Zulip before 10.0, feature level 291) has its integer forerunner, delete_own_message_policy: set to
 * everyone (5) instead, and put back alike.
 */
import type { ApiClient } from '../http/client.ts';
import { snapshot } from '../http/snapshot.ts';
import type { LedgerEntry } from './ledger.ts';
import type { WorldAccount } from './types.ts';
import { undo } from './undo.ts';

const SETTING = 'can_delete_own_message_group';
const POLICY = 'delete_own_message_policy';
/** delete_own_message_policy's "everyone". */
const EVERYONE = 5;

/** A group-setting value that also holds `userIds`; undefined for a shape the contract does not give. */
function widened(value: unknown, userIds: readonly number[]): unknown {
  if (Number.isInteger(value)) return { direct_members: [...userIds], direct_subgroups: [value] };
  const v = value as { direct_members?: unknown; direct_subgroups?: unknown } | null;
  if (!Array.isArray(v?.direct_members) || !Array.isArray(v?.direct_subgroups)) return undefined;
  return { direct_members: [...new Set([...v.direct_members, ...userIds])], direct_subgroups: v.direct_subgroups };
}

/** How to widen the realm's own-deletion setting to `userIds` and put it back; undefined where none is reported. */
function settingOf(realm: Record<string, unknown> | undefined, userIds: readonly number[]) {
  const found = realm?.[`realm_${SETTING}`];
  const value = widened(found, userIds);
  if (value !== undefined)
    return {
      name: SETTING,
      widen: { [SETTING]: JSON.stringify({ new: value }) },
      restore: { [SETTING]: JSON.stringify({ new: found }) },
    };
  const policy = realm?.[`realm_${POLICY}`];
  if (found !== undefined || !Number.isInteger(policy)) return undefined;
  return { name: POLICY, widen: { [POLICY]: EVERYONE }, restore: { [POLICY]: policy as number } };
}

export interface RefusedDeletion {
  entry: LedgerEntry;
  sender: WorldAccount;
}

/**
 * Deletes the messages through their senders with can_delete_own_message_group widened to them (by `admin`), then
 * puts the value back. Returns the keys of the entries deleted, and a line per message still left (or why none was
 * tried).
 */
export async function deletedWithOwnRight(
  refused: readonly RefusedDeletion[],
  admin: ApiClient,
  clientOf: (account: WorldAccount) => ApiClient,
): Promise<{ deleted: string[]; left: string[] }> {
  const realm = (await snapshot(admin, ['realm'])).body;
  const leftAll = (why: string) => ({ deleted: [], left: refused.map((r) => `message ${r.entry.label}: ${why}`) });
  const setting = settingOf(realm, [...new Set(refused.map((r) => r.sender.userId))]);
  if (!setting) return leftAll(`its sender may not delete it, and the realm reports no ${SETTING} to widen`);
  const set = await admin.patch('/realm', setting.widen);
  if (set.body?.result !== 'success')
    return leftAll(`its sender may not delete it, and the realm refused to widen ${setting.name}`);
  const deleted: string[] = [];
  const left: string[] = [];
  try {
    for (const { entry, sender } of refused) {
      const problem = await undo(clientOf(sender), entry);
      if (problem) left.push(problem);
      else deleted.push(entry.key);
    }
  } finally {
    const back = await admin.patch('/realm', setting.restore);
    if (back.body?.result !== 'success')
      left.push(`realm setting ${setting.name}: widened for the clean-up, not put back`);
  }
  return { deleted, left };
}
