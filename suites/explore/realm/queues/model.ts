/**
 * The model of one user's event queues (contract: operation 20, operation 1's queue_id and local_id, Events): each
 * queue the sequence registered is live or deleted. Deleting one deletes it alone; a deleted queue stays unknown
 * (a new registration never brings it back); a message sent with a live queue's id and a local_id reaches that
 * queue with local_message_id equal to the local_id.
 */
import type { CheckContext } from '../../../../helpers/checks/context.ts';
import type { Queue } from '../../../../helpers/checks/events.ts';
import type { Role } from '../../../../helpers/roles.ts';

export interface QueueRecord extends Queue {
  live: boolean;
}

export interface QueuesModel {
  /** The sequence's queues in the order registered. */
  readonly queues: QueueRecord[];
  /** Messages sent so far: numbers their local_id and content. */
  sent: number;
}

export interface QueuesReal {
  readonly ctx: CheckContext;
  /** Whose queues: one human for the whole sequence (queues are per user; it writes to itself). */
  readonly owner: Role;
  readonly prefix: string;
}

/** Live queues the sequence keeps at most: enough for two to differ, few enough for the frame's reads. */
export const MAX_LIVE = 3;

export const live = (model: Readonly<QueuesModel>) => model.queues.filter((q) => q.live);
export const gone = (model: Readonly<QueuesModel>) => model.queues.filter((q) => !q.live);
