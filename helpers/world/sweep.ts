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
  const done: string[] = [];
  for (const [role, client] of Object.entries(clients)) {
    if (!client || role === 'bot') continue;
    const list = await client.get('/drafts');
    for (const draft of Array.isArray(list.body?.drafts) ? list.body.drafts : []) {
      if (stale(draft?.content) || stale(draft?.topic)) {
        const res = await client.delete(`/drafts/${draft.id}`);
        if (res.body?.result === 'success') done.push(`draft ${draft.id} of ${role}`);
      }
    }
    const scheduled = await client.get('/scheduled_messages');
    for (const message of Array.isArray(scheduled.body?.scheduled_messages) ? scheduled.body.scheduled_messages : []) {
      if (stale(message?.content)) {
        const res = await client.delete(`/scheduled_messages/${message.scheduled_message_id}`);
        if (res.body?.result === 'success') done.push(`scheduled message ${message.scheduled_message_id} of ${role}`);
      }
    }
  }
  const admin = clients.admin;
  const member = clients.member;
  if (admin && member) {
    const subs = await member.get('/users/me/subscriptions');
    for (const sub of Array.isArray(subs.body?.subscriptions) ? subs.body.subscriptions : []) {
      if (stale(sub?.name) && !sub.is_archived) {
        const res = await admin.delete(`/streams/${sub.stream_id}`);
        if (res.body?.result === 'success') done.push(`channel ${sub.name}`);
      }
    }
  }
  return done;
}
