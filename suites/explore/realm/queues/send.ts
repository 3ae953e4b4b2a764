/**
 * send(oldest): POST /messages (operation 1) to oneself with queue_id of the live queue registered longest ago and a
 * local_id: that queue gets the message event carrying local_message_id equal to the local_id (Events). What the
 * user's other queues get is not shown, and not judged.
 */
import type fc from 'fast-check';
import { waitForEvents } from '../../../../helpers/checks/events.ts';
import { directType } from '../../../../helpers/checks/feature-levels.ts';
import { expectSuccess, fail } from '../../../../helpers/checks/matchers.ts';
import { send } from '../../../messages/messages.ts';
import { live, type QueuesModel, type QueuesReal } from './model.ts';

export class SendWithQueue implements fc.AsyncCommand<QueuesModel, QueuesReal> {
  readonly kind = 'send:oldest';

  check = (model: Readonly<QueuesModel>) => live(model).length > 0;

  async run(model: QueuesModel, real: QueuesReal): Promise<void> {
    const queue = live(model)[0]!;
    const n = ++model.sent;
    const localId = `${n}.01`;
    const res = await send(real.ctx, real.owner, {
      type: directType(real.ctx),
      to: [real.ctx.account(real.owner).userId],
      content: `${real.prefix} message ${n}`,
      queue_id: queue.id,
      local_id: localId,
    });
    const { id } = expectSuccess(res, String(this));
    const isOurs = (e: any) => e?.type === 'message' && e.message?.id === id;
    const event = (await waitForEvents(real.ctx, queue, isOurs)).find(isOurs);
    if (!event) fail(res, `wanted the message event of message ${id} on queue ${queue.id}, the queue_id given`);
    if (event.local_message_id !== localId)
      fail(
        res,
        `wanted local_message_id ${JSON.stringify(localId)} on queue ${queue.id}'s message event, got ${JSON.stringify(event.local_message_id)}`,
      );
  }

  /** Sending changes no queue's state. */
  simulate(): void {}

  toString = () => 'send to oneself with the queue_id of the live queue registered longest ago and a local_id';
}
