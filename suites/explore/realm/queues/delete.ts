/**
 * delete(oldest) and delete(gone): DELETE /events (operation 20) of the live queue registered longest ago must
 * delete it alone; of one deleted, it is refused with BAD_EVENT_QUEUE_ID carrying the queue_id given.
 */
import type fc from 'fast-check';
import { expectError, expectSuccess, fail } from '../../../../helpers/checks/matchers.ts';
import { gone, live, type QueuesModel, type QueuesReal } from './model.ts';

export class DeleteQueue implements fc.AsyncCommand<QueuesModel, QueuesReal> {
  readonly kind: string;
  constructor(readonly which: 'oldest' | 'gone') {
    this.kind = `delete:${which}`;
  }

  check = (model: Readonly<QueuesModel>) => (this.which === 'oldest' ? live(model) : gone(model)).length > 0;

  async run(model: QueuesModel, real: QueuesReal): Promise<void> {
    const queue = this.which === 'oldest' ? live(model)[0]! : gone(model).at(-1)!;
    const res = await real.ctx.as(real.owner).delete('/events', { queue_id: queue.id });
    if (this.which === 'gone') {
      const body = expectError(res, 'BAD_EVENT_QUEUE_ID', String(this));
      if (body.queue_id !== queue.id) fail(res, `wanted queue_id ${JSON.stringify(queue.id)}, the value given`);
      return;
    }
    expectSuccess(res, String(this));
    real.ctx.untrack(real.owner, 'queue', queue.id);
    this.simulate(model);
  }

  /** Deleting a deleted queue changes nothing; deleting the oldest live one ends it alone. */
  simulate(model: QueuesModel): void {
    if (this.which === 'oldest') live(model)[0]!.live = false;
  }

  toString = () =>
    this.which === 'oldest' ? 'delete the live queue registered longest ago' : 'delete a deleted queue again';
}
