/** register: POST /register (a set-up operation, TARGET.md) for message events: a new live queue, apart from all. */
import type fc from 'fast-check';
import { registerQueue } from '../../../../helpers/checks/events.ts';
import { live, MAX_LIVE, type QueuesModel, type QueuesReal } from './model.ts';

export class RegisterQueue implements fc.AsyncCommand<QueuesModel, QueuesReal> {
  readonly kind = 'register';

  check = (model: Readonly<QueuesModel>) => live(model).length < MAX_LIVE;

  async run(model: QueuesModel, real: QueuesReal): Promise<void> {
    const queue = await registerQueue(real.ctx, real.owner, { event_types: ['message'] });
    model.queues.push({ ...queue, live: true });
  }

  /** A made-up id stands for the queue the server would register. */
  simulate(model: QueuesModel): void {
    model.queues.push({ role: 'member', id: `simulated-${model.queues.length}`, lastEventId: -1, live: true });
  }

  toString = () => 'register a queue';
}
