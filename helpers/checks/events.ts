/**
 * Observing events through the setup operations POST /register and GET /events (TARGET.md). A target without
 * them makes the dependent checks skipped-unsupported; every queue is deleted when the check ends.
 */
import type { Params } from '../http/encoding.ts';
import type { Role } from '../roles.ts';
import type { CheckContext } from './context.ts';

export interface Queue {
  role: Role;
  id: string;
  lastEventId: number;
}

export async function registerQueue(ctx: CheckContext, role: Role, params: Params): Promise<Queue> {
  const body = await ctx.as(role).mustSetup('POST', '/register', params);
  ctx.track(role, 'queue', body.queue_id, `queue ${body.queue_id}`);
  return { role, id: String(body.queue_id), lastEventId: Number(body.last_event_id ?? -1) };
}

/**
 * Polls the queue without blocking until an event satisfies `wanted` or `timeoutMs` passes; returns every event
 * seen. Servers may deliver events a little after the request that caused them returned.
 */
export async function waitForEvents(
  ctx: CheckContext,
  queue: Queue,
  wanted: (e: any) => boolean,
  timeoutMs = 10_000,
): Promise<any[]> {
  const seen: any[] = [];
  const deadline = Date.now() + timeoutMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 800)) {
    const body = await ctx
      .as(queue.role)
      .mustSetup('GET', '/events', { queue_id: queue.id, last_event_id: queue.lastEventId, dont_block: true });
    for (const e of Array.isArray(body.events) ? body.events : []) {
      seen.push(e);
      if (Number.isInteger(e?.id)) queue.lastEventId = Math.max(queue.lastEventId, e.id);
    }
    if (seen.some(wanted) || Date.now() + delay > deadline) return seen;
    await new Promise((r) => setTimeout(r, delay));
  }
}
