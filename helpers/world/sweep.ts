/**
 * Start-up sweep: removes what crashed earlier runs left behind. It touches only objects named with the
 * `cf-<runid>-` scheme whose run started more than SWEEP_AFTER_MINUTES ago, so live concurrent runs are spared.
 */
import type { ApiClient } from '../http/client.ts';
import type { Role } from '../roles.ts';
import { isStaleLeftover } from './run-id.ts';

export interface SweepOptions {
  runId: string;
  minutes: number;
  clients: Partial<Record<Role, ApiClient>>;
}

export async function sweep({ runId, minutes, clients }: SweepOptions): Promise<string[]> {
  const stale = (text: unknown) => typeof text === 'string' && isStaleLeftover(text, runId, minutes);
  const lines = await sweepOwned(clients, stale);
  const admin = clients.admin;
  if (admin) {
    for (const channel of await openChannels(admin, clients.member)) {
      if (stale(channel.name))
        lines.push(outcome(await admin.delete(`/streams/${channel.stream_id}`), `channel ${channel.name}`));
    }
  }
  lines.push(...(await sweepRealm(clients, stale)));
  return lines;
}

/**
 * The channels not archived that the administrator lists (all of them where the server knows `include_all`, else
 * the public ones) or the member is subscribed to: a run's channel may have no subscriber but the second member.
 */
async function openChannels(admin: ApiClient, member?: ApiClient): Promise<{ stream_id: number; name: string }[]> {
  const listed = (await admin.get('/streams', { include_all: true })).body?.streams;
  const subscribed = member ? (await member.get('/users/me/subscriptions')).body?.subscriptions : [];
  const byId = new Map<number, { stream_id: number; name: string }>();
  for (const c of [...(Array.isArray(listed) ? listed : []), ...(Array.isArray(subscribed) ? subscribed : [])]) {
    if (Number.isInteger(c?.stream_id) && typeof c.name === 'string' && c.is_archived !== true)
      byId.set(c.stream_id, c);
  }
  return [...byId.values()];
}

/** Stale custom profile fields are deleted and stale user groups deactivated (they cannot be deleted). */
async function sweepRealm(clients: SweepOptions['clients'], stale: (text: unknown) => boolean): Promise<string[]> {
  const lines: string[] = [];
  const admin = clients.admin ?? clients.owner;
  if (admin) {
    const fields = await admin.get('/realm/profile_fields');
    for (const field of Array.isArray(fields.body?.custom_fields) ? fields.body.custom_fields : []) {
      if (!stale(field?.name)) continue;
      lines.push(outcome(await admin.delete(`/realm/profile_fields/${field.id}`), `profile field ${field.name}`));
    }
  }
  const manager = clients.owner ?? clients.admin;
  if (manager) {
    const groups = await manager.get('/user_groups');
    // Newest first: a supergroup the run made after its subgroup goes first.
    const list = Array.isArray(groups.body?.user_groups) ? [...groups.body.user_groups].reverse() : [];
    for (const group of list) {
      if (!stale(group?.name) || group.deactivated) continue;
      lines.push(outcome(await manager.post(`/user_groups/${group.id}/deactivate`), `user group ${group.name}`));
    }
  }
  return lines;
}

/**
 * Deletes the drafts and scheduled messages of the clients' accounts whose text `isLeftover` claims. (Sent messages
 * cannot be swept: the contract offers no way to list them.)
 */
export async function sweepOwned(
  clients: Partial<Record<Role, ApiClient>>,
  isLeftover: (text: unknown) => boolean,
): Promise<string[]> {
  const lines: string[] = [];
  for (const [role, client] of Object.entries(clients)) {
    if (!client || role === 'bot') continue;
    const list = await client.get('/drafts');
    for (const draft of Array.isArray(list.body?.drafts) ? list.body.drafts : []) {
      if (isLeftover(draft?.content) || isLeftover(draft?.topic)) {
        lines.push(outcome(await client.delete(`/drafts/${draft.id}`), `draft ${draft.id} of ${role}`));
      }
    }
    const scheduled = await client.get('/scheduled_messages');
    for (const message of Array.isArray(scheduled.body?.scheduled_messages) ? scheduled.body.scheduled_messages : []) {
      if (isLeftover(message?.content)) {
        const what = `scheduled message ${message.scheduled_message_id} of ${role}`;
        lines.push(outcome(await client.delete(`/scheduled_messages/${message.scheduled_message_id}`), what));
      }
    }
  }
  return lines;
}

/** The line for one leftover: its name once removed, else why it was not (it stays on the target). */
function outcome(res: { status: number; body: any }, what: string): string {
  if (res.body?.result === 'success') return what;
  return `${what} NOT removed: HTTP ${res.status} ${JSON.stringify(res.body)?.slice(0, 160)}`;
}
