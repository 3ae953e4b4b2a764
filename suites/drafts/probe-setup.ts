/** The probe set-ups of the drafts' operations (10, 11): see suites/conventions/probe-setups.ts. */
import type { OperationKey } from '../../contract/index.ts';
import { isInt } from '../../helpers/checks/matchers.ts';
import {
  anyone,
  aPerson,
  createdBy,
  leftBehind,
  type ProbeSetupEntry,
  probeSetup,
  withoutParams,
} from '../conventions/probe-setup-kit.ts';
import { listDrafts } from './drafts.ts';

const createDrafts = probeSetup({
  caller: aPerson,
  prepare: async (ctx, { caller }) => {
    const marker = ctx.unique('probe');
    const made = createdBy(ctx, caller, 'draft', 'ids');
    return {
      on: { channelId: ctx.channel().id, marker },
      afterControl: made.accept,
      accepted: made.accept,
      readBack: async () => {
        const { drafts } = await listDrafts(ctx.as(caller));
        const found = drafts.filter((d) => String(d?.content ?? '').includes(marker) && !made.ids.has(d?.id));
        for (const d of found) if (isInt(d.id)) ctx.track(caller, 'draft', d.id, `draft ${d.id}`);
        return leftBehind('draft', found);
      },
    };
  },
  valid: (on) => [
    {
      params: {
        drafts: [
          { type: '', to: [], topic: '', content: on.marker },
          { type: 'stream', to: [on.channelId], topic: on.marker, content: on.marker },
        ],
      },
    },
  ],
});

export const draftSetups = {
  'POST /drafts': createDrafts,
  'GET /drafts': withoutParams(anyone),
} satisfies Partial<Record<OperationKey, ProbeSetupEntry>>;
