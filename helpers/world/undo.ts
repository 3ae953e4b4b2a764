/** How each kind of object the suite creates is undone. Not-found counts as undone: someone got there first. */
import { TargetError } from '../errors.ts';
import type { ApiClient } from '../http/client.ts';
import { noteOwed } from '../http/rate-budget.ts';
import { snapshot } from '../http/snapshot.ts';
import type { Role } from '../roles.ts';
import type { LedgerEntry, UndoKind } from './ledger.ts';

const UNDO: Record<UndoKind, (client: ApiClient, id: string | number) => Promise<{ status: number; body: any }>> = {
  draft: (c, id) => c.delete(`/drafts/${id}`),
  queue: (c, id) => c.delete('/events', { queue_id: String(id) }),
  channel: (c, id) => c.delete(`/streams/${id}`),
  mute: (c, id) => c.delete(`/users/me/muted_users/${id}`),
  'profile-field': (c, id) => c.delete(`/realm/profile_fields/${id}`),
  // Groups cannot be deleted: deactivating is the undo (the run's groups stay, deactivated, named cf-<runid>-…).
  group: (c, id) => c.post(`/user_groups/${id}/deactivate`),
  'push-token': (c, id) => c.delete('/users/me/apns_device_token', { token: String(id) }),
  // The id is the value to restore: the account's own email visibility before the check changed it.
  'email-visibility': (c, id) => c.patch('/settings', { email_address_visibility: Number(id) }),
  // The id is the PATCH /realm parameters (JSON) that put back the values the run found at its start.
  'realm-setting': (c, id) => c.patch('/realm', JSON.parse(String(id))),
  attachment: (c, id) => c.delete(`/attachments/${id}`),
  message: (c, id) => c.delete(`/messages/${id}`),
  scheduled_message: (c, id) => c.delete(`/scheduled_messages/${id}`),
};

/**
 * Undoes the entry through another account than the one its kind names (an administrator deleting a member's
 * message): true only when the target says it is done. Any refusal tells nothing (the other account may not see the
 * object at all): the entry's own account then undoes it (undo).
 */
export async function undoneBy(client: ApiClient, entry: LedgerEntry): Promise<boolean> {
  try {
    return (await UNDO[entry.kind](client, entry.id)).body?.result === 'success';
  } catch (error) {
    if (error instanceof TargetError) return false;
    throw error;
  }
}

/** Returns null when undone (or already gone), else a line saying what is left behind. */
export async function undo(client: ApiClient, entry: LedgerEntry): Promise<string | null> {
  const res = await onceMoreIfLost(() => UNDO[entry.kind](client, entry.id));
  if (res.body?.result === 'success') return null;
  if (res.status === 404 || res.body?.code === 'BAD_EVENT_QUEUE_ID') return null;
  // A message already deleted (a channel archived with it, say) is answered like a message that never was.
  if (entry.kind === 'message' && res.body?.result === 'error' && res.body?.code === 'BAD_REQUEST') {
    const again = await client.get(`/messages/${entry.id}`);
    if (again.body?.result === 'error') return null;
  }
  if (res.body?.result === 'error' && (await alreadyGone(client, entry, res.body))) return null;
  return `could not undo ${entry.kind} ${entry.label} (${entry.id}): HTTP ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`;
}

/**
 * Sends an undo, and once more if the request was lost on the way (a timeout, a reset connection): the clean-up is the
 * last request a run sends, with no later one to make up for it. The client itself sends again only an idempotent
 * request whose kept-alive connection closed under it (transport.ts); an undo may go again whatever its method: sent
 * twice, one that had arrived is refused the second time, which counts as done (alreadyGone).
 */
async function onceMoreIfLost<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof TargetError)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 250));
    return send();
  }
}

/**
 * Whether a refused undo found nothing left to undo: objects tracked before their answer came (the answer may be
 * lost, the run killed) may never have been made, and a crashed run's channels may be archived by the start-up
 * sweep before its ledger is replayed.
 */
async function alreadyGone(client: ApiClient, entry: LedgerEntry, refusal: { code?: unknown }): Promise<boolean> {
  switch (entry.kind) {
    case 'mute':
      return !(await stillMuted(client, entry.id));
    case 'channel':
      return !(await stillOpen(client, entry.id));
    case 'profile-field':
      return !(await stillListed(client, entry.id));
    case 'push-token':
      // The contract's only refusals of a removal (BAD_REQUEST) are a malformed token and one that does not exist.
      return refusal.code === 'BAD_REQUEST';
    default:
      return false;
  }
}

/** Whether the channel is listed and not archived (an administrator's GET /streams lists all); true if unknown. */
async function stillOpen(client: ApiClient, id: string | number): Promise<boolean> {
  const res = await client.get('/streams', { include_all: true, exclude_archived: false });
  const streams: unknown = res.body?.streams;
  if (res.body?.result !== 'success' || !Array.isArray(streams)) return true;
  // A server older than exclude_archived leaves archived channels out: absent is archived.
  const channel = streams.find((s) => s?.stream_id === Number(id));
  return channel !== undefined && channel.is_archived !== true;
}

/** Whether the realm still lists the custom profile field (GET /realm/profile_fields); true if unknown. */
async function stillListed(client: ApiClient, id: string | number): Promise<boolean> {
  const res = await client.get('/realm/profile_fields');
  const fields: unknown = res.body?.custom_fields;
  return res.body?.result !== 'success' || !Array.isArray(fields) || fields.some((f) => f?.id === Number(id));
}

/** Whether the caller's muted_users still holds `id`; true if unknown. */
async function stillMuted(client: ApiClient, id: string | number): Promise<boolean> {
  const muted: unknown = (await snapshot(client, ['muted_users'])).body?.muted_users;
  return !Array.isArray(muted) || muted.some((m) => m?.id === Number(id));
}

/**
 * What either administrator may undo, whichever made it: archive a channel, delete a custom profile field, put back
 * a realm setting (the owner holds every right the admin does).
 */
export const BY_EITHER_ADMINISTRATOR: readonly UndoKind[] = ['channel', 'profile-field', 'realm-setting'];

type Accounts<A> = Partial<Record<Role, A & { email: string; refused?: unknown }>>;

/** The accounts of the owner and the administrator the run can act through (either may undo BY_EITHER_ADMINISTRATOR). */
export function usableAdministrators<A>(accounts: Accounts<A>): (A & { email: string })[] {
  return (['owner', 'admin'] as const).flatMap((role) => {
    const account = accounts[role];
    return account && !account.refused ? [account] : [];
  });
}

/**
 * Counts what the run's end will undo against the account that will undo it, from now (rate-budget.ts: loadOf):
 * against each administrator in equal parts for what either may undo (the run's end takes the one least loaded).
 */
export function oweUndo<A>(accounts: Accounts<A>, entry: LedgerEntry): void {
  const administrators = usableAdministrators(accounts);
  if (BY_EITHER_ADMINISTRATOR.includes(entry.kind) && administrators.length > 0) {
    for (const { email } of administrators) noteOwed(email, 1 / administrators.length);
    return;
  }
  const undoer = entry.by ?? accounts[undoRole(entry)]?.email;
  if (undoer) noteOwed(undoer, 1);
}

/**
 * What an administrator undoes when the usual undoer is refused: a message whose sender the realm does not let
 * delete its own (can_delete_own_message_group: administrators alone in a realm made before Zulip 9.0). Returns
 * null once one of them has undone it, else the usual undoer's line, with what each administrator was answered.
 */
export async function undoneByAnAdministrator(
  entry: LedgerEntry,
  left: string,
  administrators: readonly ApiClient[],
): Promise<string | null> {
  if (entry.kind !== 'message' || entry.ownOnly) return left;
  for (const client of administrators) {
    if (!(await undoneBy(client, entry))) continue;
    if (entry.by) refusedOwnDeletion.add(entry.by.toLowerCase());
    return null;
  }
  return `${left}; no administrator could delete it either`;
}

/**
 * The accounts (API emails) refused the deletion of a message of their own that an administrator then deleted: the
 * realm's setting holds for the run, so their other messages go to an administrator first (two requests saved each).
 */
const refusedOwnDeletion = new Set<string>();

/** Whether an administrator should delete this entry's message first (see refusedOwnDeletion). */
export const deletedByAdministratorFirst = (entry: LedgerEntry): boolean =>
  entry.kind === 'message' &&
  !entry.ownOnly &&
  entry.by !== undefined &&
  refusedOwnDeletion.has(entry.by.toLowerCase());

/** Channels are archived by an administrator; everything else by the account that created it. */
export const undoRole = (entry: LedgerEntry) => (entry.kind === 'channel' ? 'admin' : entry.role);
