/** The probe set-ups of the channels' operations (9, 12–14): see suites/conventions/probe-setups.ts. */
import type { OperationKey } from '../../contract/index.ts';
import { anyone, aPerson, type ProbeSetupEntry, probeSetup, withoutParams } from '../conventions/probe-setup-kit.ts';
import { mustSend } from '../messages/messages.ts';

const deleteTopic = probeSetup({
  // An administrators' operation: its controls and probes are an administrator's whoever the caller is.
  caller: aPerson,
  prepare: async (ctx, { administrator }) => {
    const admin = administrator();
    const channelId = ctx.channel().id;
    // The control deletes a twin topic: the probed one must keep its message, for the read-back.
    const [topic, twin] = [ctx.unique('probe'), ctx.unique('probe')];
    const id = await mustSend(ctx, admin, { type: 'stream', to: channelId, topic, content: topic });
    const twinId = await mustSend(ctx, admin, { type: 'stream', to: channelId, topic: twin, content: twin });
    return {
      on: { channelId, marker: topic },
      twin: { channelId, marker: twin },
      afterControl: () => ctx.untrack(admin, 'message', twinId),
      readBack: async (acceptedAny) => {
        if (acceptedAny) return [];
        const res = await ctx.as(admin).get(`/messages/${id}`, { apply_markdown: false });
        return res.body?.result === 'success' ? [] : [`a refused probe deleted message ${id} of the topic`];
      },
    };
  },
  valid: (on) => [{ pathParams: { stream_id: on.channelId }, params: { topic_name: on.marker } }],
});

const markTopicRead = probeSetup({
  caller: aPerson,
  prepare: async (ctx, { caller }) => {
    // A topic with a message of the caller's own: Zulip refuses a named topic the caller has no message in.
    const topic = ctx.unique('probe');
    const channelId = ctx.channel().id;
    await mustSend(ctx, caller, { type: 'stream', to: channelId, topic, content: topic });
    return { on: { channelId, marker: topic } };
  },
  valid: (on) => [{ params: { stream_id: on.channelId, topic_name: on.marker } }],
});

export const channelSetups = {
  'POST /streams/{stream_id}/delete_topic': deleteTopic,
  'POST /mark_topic_as_read': markTopicRead,
  'GET /streams': withoutParams(anyone),
  'GET /users/me/subscriptions': withoutParams(anyone),
} satisfies Partial<Record<OperationKey, ProbeSetupEntry>>;
