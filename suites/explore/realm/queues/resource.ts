/**
 * Event queues as a resource of the realm's model: its steps and the frame that polls, after each
 * step, every queue the sequence registered (GET /events without blocking, a set-up operation): a live one must
 * answer with its events, a deleted one must be refused. GET /events' own error code is not shown (the code table's
 * BAD_EVENT_QUEUE_ID is judged where operation 20 answers it): any refusal of a deleted queue is accepted.
 */
import type { CheckContext } from '../../../../helpers/checks/context.ts';
import { registerQueue } from '../../../../helpers/checks/events.ts';
import { fail } from '../../../../helpers/checks/matchers.ts';
import { ONEROUS, type Resource } from '../resource.ts';
import { DeleteQueue } from './delete.ts';
import { gone, live, type QueuesModel, type QueuesReal } from './model.ts';
import { RegisterQueue } from './register.ts';
import { SendWithQueue } from './send.ts';

export function queuesResource(ctx: CheckContext): Resource<QueuesModel, QueuesReal> {
  return {
    name: 'event queues',
    steps: [new RegisterQueue(), new DeleteQueue('oldest'), new DeleteQueue('gone'), new SendWithQueue()],
    start: async () => {
      const owner = ctx.someone('human', { besides: ONEROUS });
      // One queue from the start: a step then always has another queue beside the one it names.
      const first = await registerQueue(ctx, owner, { event_types: ['message'] });
      return {
        model: { queues: [{ ...first, live: true }], sent: 0 },
        real: { ctx, owner, prefix: ctx.unique('queues-seq') },
      };
    },
    frame: judgeQueues,
    end: async (model, real) => {
      // Set-up, never judged: a queue the server will not delete here is left to the check's own clean-up.
      for (const queue of live(model)) {
        const res = await ctx.as(real.owner).delete('/events', { queue_id: queue.id });
        if (res.body?.result === 'success') ctx.untrack(real.owner, 'queue', queue.id);
      }
    },
  };
}

/**
 * The live queues, and the one deleted last: a deletion may take another queue than the one named, and a
 * registration may bring the latest deleted back (those deleted earlier were judged refused after their own steps).
 */
async function judgeQueues(model: QueuesModel, real: QueuesReal): Promise<void> {
  for (const queue of [...live(model), ...gone(model).slice(-1)]) {
    const res = await real.ctx
      .as(real.owner)
      .get('/events', { queue_id: queue.id, last_event_id: queue.lastEventId, dont_block: true });
    const ok = res.body?.result === 'success';
    if (queue.live && !ok) fail(res, `wanted queue ${queue.id} live: it was registered and never deleted`);
    if (!queue.live && res.body?.result !== 'error') fail(res, `wanted queue ${queue.id} refused: it was deleted`);
  }
}
