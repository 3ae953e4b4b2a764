/** The probe set-up of deactivating a user group (16): see suites/conventions/probe-setups.ts. */
import type { OperationKey } from '../../contract/index.ts';
import { type ProbeSetupEntry, probeSetup } from '../conventions/probe-setup-kit.ts';
import { createGroup, groupManager } from './groups.ts';

const deactivateGroup = probeSetup({
  // The run's groups are created, and may be deactivated, by their manager.
  caller: groupManager,
  prepare: async (ctx) => {
    // A group deactivates once: the control deactivates a twin; the base's group stays active for the probes, so a
    // lenient server reading a probe's "<id>.5" as its id would deactivate it (tracked, deactivated at the check's end).
    const [groupId, twin] = [await createGroup(ctx), await createGroup(ctx)];
    return {
      on: { groupId },
      twin: { groupId: twin },
      afterControl: () => ctx.untrack(groupManager(ctx), 'group', twin),
    };
  },
  valid: (on) => [{ pathParams: { user_group_id: on.groupId }, params: {} }],
});

export const groupSetups = {
  'POST /user_groups/{user_group_id}/deactivate': deactivateGroup,
} satisfies Partial<Record<OperationKey, ProbeSetupEntry>>;
