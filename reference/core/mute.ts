/** Muting users (contract: operation 15 and the muting rows of States and transitions). */
import type { Faults } from '../faults.ts';
import { badRequest } from './errors.ts';
import { markRead } from './messages.ts';
import type { MutedUser, User } from './model.ts';
import type { Store } from './store.ts';

export function mute(store: Store, caller: User, targetId: number, faults: Faults): void {
  // Fault `mute-self-allowed`.
  if (targetId === caller.id && !faults.has('mute-self-allowed')) throw badRequest('Cannot mute self');
  // Fault `mute-unknown-user-allowed`: any id is muted.
  const target = store.userById(targetId);
  if (!target && !faults.has('mute-unknown-user-allowed')) throw badRequest('No such user');
  // Fault `mute-bot-refused`.
  if (target?.bot && faults.has('mute-bot-refused')) throw badRequest('Cannot mute a bot');
  const list = store.mutedUsers.get(caller.id) ?? [];
  if (list.some((m) => m.id === targetId)) {
    // Fault `mute-twice-succeeds`: a repeated mute answers success and changes nothing.
    if (faults.has('mute-twice-succeeds')) return;
    throw badRequest('User already muted');
  }
  // Fault `mute-after-unmute-refused`: a user once unmuted cannot be muted again.
  if (faults.has('mute-after-unmute-refused') && store.unmutedOnce.get(caller.id)?.has(targetId)) {
    throw badRequest('User already muted');
  }
  store.mutedUsers.set(caller.id, [...list, { id: targetId, timestamp: store.nowSeconds() }]);
  // Everything the muted user sent is read for the muter. Fault `mute-existing-messages-unread`; fault
  // `mute-marks-everything-read`: every message the muter can read.
  const everything = faults.has('mute-marks-everything-read');
  if (!faults.has('mute-existing-messages-unread'))
    markRead(store, caller, (m) => everything || m.senderId === targetId);
}

export function unmute(store: Store, caller: User, targetId: number): void {
  if (!store.userById(targetId)) throw badRequest('No such user');
  const list = store.mutedUsers.get(caller.id) ?? [];
  if (!list.some((m) => m.id === targetId)) throw badRequest('User is not muted');
  const unmuted = store.unmutedOnce.get(caller.id) ?? new Set<number>();
  store.unmutedOnce.set(caller.id, unmuted.add(targetId));
  store.mutedUsers.set(
    caller.id,
    list.filter((m) => m.id !== targetId),
  );
}

/** The caller's muted users as `POST /register` lists them (`muted_users`). */
export function mutedUsersOf(store: Store, userId: number, faults: Faults): MutedUser[] {
  const list = structuredClone(store.mutedUsers.get(userId) ?? []);
  // Fault `mute-list-capped-at-two`: only the two most recent mutes are listed.
  return faults.has('mute-list-capped-at-two') ? list.slice(-2) : list;
}

/** Whether `userId` has muted `senderId`. */
export function isMuted(store: Store, userId: number, senderId: number): boolean {
  return (store.mutedUsers.get(userId) ?? []).some((m) => m.id === senderId);
}
