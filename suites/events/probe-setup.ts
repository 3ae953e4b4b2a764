/** The probe set-up of deleting an event queue (20): see suites/conventions/probe-setups.ts. */
import type { OperationKey } from '../../contract/index.ts';
import { anyone, type ProbeSetupEntry, probeSetup, registerQueue } from '../conventions/probe-setup-kit.ts';

const deleteQueue = probeSetup({
  caller: anyone,
  prepare: async (ctx, { caller }) => {
    // A queue goes once: the control deletes a twin. (The one probe leaves queue_id out.)
    const [queue, twin] = [await registerQueue(ctx, caller), await registerQueue(ctx, caller)];
    return {
      on: { queueId: String(queue.queue_id) },
      twin: { queueId: String(twin.queue_id) },
      afterControl: () => ctx.untrack(caller, 'queue', String(twin.queue_id)),
    };
  },
  valid: (on) => [{ params: { queue_id: on.queueId } }],
});

export const eventSetups = {
  'DELETE /events': deleteQueue,
} satisfies Partial<Record<OperationKey, ProbeSetupEntry>>;
