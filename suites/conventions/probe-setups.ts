/**
 * What the bad-input probes of each operation start from: a valid request built from the run's world (its own
 * channel, its own message, a token of its own), so that only the probe's one bad value can be the reason for a
 * refusal; what an accepted probe created, tracked to be undone; and a read-back that a refused probe changed
 * nothing. Set-up and read-back use the setup operations of TARGET.md; everything is named with the run prefix.
 */
import type { CheckContext } from '../../helpers/checks/context.ts';
import { isInt } from '../../helpers/checks/matchers.ts';
import type { BaseRequest, Operation } from '../../helpers/contract/index.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Role } from '../../helpers/roles.ts';
import { listDrafts } from '../drafts/drafts.ts';
import { listScheduled, mustSend, readMessage } from '../messages/messages.ts';
import { APP_ID, deviceToken } from '../push/push.ts';
import { listFields } from '../realm/profile-fields.ts';
import { createGroup, NO_SUCH_GROUP_ID } from '../user_groups/groups.ts';

export interface ProbeSetup {
  readonly bases: readonly BaseRequest[];
  /** Tracks what a probe the target accepted (a departure already) created, so that it is undone. */
  readonly accepted?: (res: ApiResponse) => void;
  /** After the probes: what a refused probe left changed (empty: nothing). */
  readonly readBack?: (acceptedAny: boolean) => Promise<string[]>;
}

export interface Callers {
  /** Who sends the probes (a person, or any account where ANYONE_MAY_CALL says so) and owns their objects. */
  readonly caller: Role;
  /** Who sends the probes of administrators' operations and parameters. */
  readonly administrator: () => Role;
}

type Setup = (ctx: CheckContext, op: Operation, who: Callers) => Promise<ProbeSetup>;

const atLeast = (ctx: CheckContext, level: number) =>
  ctx.world.featureLevel === null || ctx.world.featureLevel >= level;

/** Another configured account than `role`, for recipients and mutes (the caller itself where it is alone). */
function otherUserId(ctx: CheckContext, role: Role): number {
  const others = Object.entries(ctx.world.accounts).filter(([r, a]) => r !== role && a && !a.refused);
  return (others[0]?.[1] ?? ctx.account(role)).userId;
}

/** What accepted probes created, by the id field of their answers: tracked to be undone, and its ids kept. */
function createdBy(ctx: CheckContext, role: Role, kind: Parameters<CheckContext['track']>[1], field: string) {
  const ids = new Set<number>();
  const accept = (res: ApiResponse) => {
    const found = res.body?.[field];
    for (const id of Array.isArray(found) ? found : [found]) {
      if (!isInt(id)) continue;
      ids.add(id);
      ctx.track(role, kind, id, `${kind} ${id}`);
    }
  };
  return { ids, accept };
}

/** Objects whose text carries the marker, besides those an accepted probe created. */
const leftBehind = (what: string, found: readonly { id?: unknown }[]) =>
  found.map((o) => `a refused probe left ${what} ${String(o.id)} behind`);

const sendMessage: Setup = async (ctx, _op, { caller }) => {
  const marker = ctx.unique('probe');
  const channel = ctx.channel();
  const client = ctx.as(caller);
  // A queue of the caller's: a valid queue_id for the direct base, and the read-back of any message sent.
  const queue = await client.mustSetup('POST', '/register', { event_types: ['message'] });
  ctx.track(caller, 'queue', String(queue.queue_id), 'event queue');
  const sent = createdBy(ctx, caller, 'message', 'id');
  return {
    bases: [
      { params: { type: 'stream', to: channel.id, topic: marker, content: marker } },
      {
        params: {
          type: atLeast(ctx, 174) ? 'direct' : 'private',
          to: [otherUserId(ctx, caller)],
          content: marker,
          queue_id: String(queue.queue_id),
          local_id: `${marker}-local`,
        },
      },
    ],
    accepted: sent.accept,
    readBack: async () => {
      const body = await client.mustSetup('GET', '/events', {
        queue_id: String(queue.queue_id),
        last_event_id: Number(queue.last_event_id ?? -1),
        dont_block: true,
      });
      const messages = (Array.isArray(body.events) ? body.events : [])
        .filter((e: any) => e?.type === 'message' && String(e.message?.content ?? '').includes(marker))
        .map((e: any) => e.message)
        .filter((m: any) => !sent.ids.has(m?.id));
      for (const m of messages) if (isInt(m?.id)) ctx.track(caller, 'message', m.id, `message ${m.id}`);
      return leftBehind('message', messages);
    },
  };
};

const scheduleMessage: Setup = async (ctx, _op, { caller }) => {
  const marker = ctx.unique('probe');
  const made = createdBy(ctx, caller, 'scheduled_message', 'scheduled_message_id');
  return {
    bases: [
      {
        params: {
          type: 'stream',
          to: ctx.channel().id,
          topic: marker,
          content: marker,
          scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 30 * 86400,
        },
      },
    ],
    accepted: made.accept,
    readBack: async () => {
      const found = (await listScheduled(ctx, caller)).filter(
        (s) => String(s?.content ?? '').includes(marker) && !made.ids.has(s?.scheduled_message_id),
      );
      for (const s of found) ctx.track(caller, 'scheduled_message', s.scheduled_message_id, 'scheduled message');
      return leftBehind(
        'scheduled message',
        found.map((s) => ({ id: s.scheduled_message_id })),
      );
    },
  };
};

const editMessage: Setup = async (ctx, _op, { caller }) => {
  const topic = ctx.unique('probe');
  const channel = ctx.channel();
  const id = await mustSend(ctx, caller, { type: 'stream', to: channel.id, topic, content: topic });
  const before = await readMessage(ctx, caller, id);
  return {
    bases: [
      { pathParams: { message_id: id }, params: { content: `${topic} edited` } },
      { pathParams: { message_id: id }, params: { topic: `${topic}-moved`, stream_id: channel.id } },
    ],
    readBack: async (acceptedAny) => {
      if (acceptedAny) return [];
      const after = await readMessage(ctx, caller, id);
      const changed = ['content', 'topic', 'stream_id'].filter((f) => after[f] !== before[f]);
      return changed.length ? [`a refused edit changed the message's ${changed.join(', ')}`] : [];
    },
  };
};

const setTyping: Setup = async (ctx, _op, { caller }) => ({
  bases: [
    { params: { op: 'start', to: [otherUserId(ctx, caller)] } },
    { params: { type: 'stream', op: 'start', stream_id: ctx.channel().id, topic: ctx.unique('probe') } },
  ],
});

const matchNarrow: Setup = async (ctx) => ({
  bases: [
    {
      params: {
        msg_ids: [],
        narrow: [{ operator: atLeast(ctx, 250) ? 'channel' : 'stream', operand: ctx.channel().id }],
      },
    },
  ],
});

const getUser: Setup = async (ctx, _op, { caller }) => ({
  bases: [{ pathParams: { user_id: ctx.account(caller).userId }, params: {} }],
});

const createProfileField: Setup = async (ctx, _op, { administrator }) => {
  ctx.requireRealmChanges('probing custom profile field creation');
  const admin = administrator();
  const marker = ctx.unique('pf');
  const made = createdBy(ctx, admin, 'profile-field', 'id');
  return {
    bases: [
      { params: { name: `${marker}-a`, field_type: 1 } },
      { params: { name: `${marker}-b`, field_type: 3, field_data: { a: { text: 'A', order: '1' } } } },
    ],
    accepted: made.accept,
    readBack: async () => {
      const found = (await listFields(ctx, admin)).filter(
        (f) => String(f?.name ?? '').startsWith(marker) && !made.ids.has(f.id),
      );
      for (const f of found) if (isInt(f.id)) ctx.track(admin, 'profile-field', f.id, `profile field ${f.name}`);
      return leftBehind('profile field', found);
    },
  };
};

const fetchApiKey: Setup = async (ctx, _op, { caller }) => ({
  // Never a real password: a probe's request is shown in full in the report.
  bases: [{ params: { username: ctx.account(caller).email, password: 'cf-probe-not-the-password' } }],
});

const deleteTopic: Setup = async (ctx, _op, { administrator }) => {
  const admin = administrator();
  const topic = ctx.unique('probe');
  const channel = ctx.channel();
  const id = await mustSend(ctx, admin, { type: 'stream', to: channel.id, topic, content: topic });
  return {
    bases: [{ pathParams: { stream_id: channel.id }, params: { topic_name: topic } }],
    readBack: async (acceptedAny) => {
      if (acceptedAny) return [];
      const res = await ctx.as(admin).get(`/messages/${id}`, { apply_markdown: false });
      return res.body?.result === 'success' ? [] : [`a refused probe deleted message ${id} of the topic`];
    },
  };
};

const createDrafts: Setup = async (ctx, _op, { caller }) => {
  const marker = ctx.unique('probe');
  const made = createdBy(ctx, caller, 'draft', 'ids');
  return {
    bases: [
      {
        params: {
          drafts: [
            { type: '', to: [], topic: '', content: marker },
            { type: 'stream', to: [ctx.channel().id], topic: marker, content: marker },
          ],
        },
      },
    ],
    accepted: made.accept,
    readBack: async () => {
      const { drafts } = await listDrafts(ctx.as(caller));
      const found = drafts.filter((d) => String(d?.content ?? '').includes(marker) && !made.ids.has(d?.id));
      for (const d of found) if (isInt(d.id)) ctx.track(caller, 'draft', d.id, `draft ${d.id}`);
      return leftBehind('draft', found);
    },
  };
};

const markTopicRead: Setup = async (ctx) => ({
  bases: [{ params: { stream_id: ctx.channel().id, topic_name: ctx.unique('probe') } }],
});

const noParams: Setup = async () => ({ bases: [{ params: {} }] });

const muteUser: Setup = async (ctx, _op, { caller }) => ({
  // Another account of the run's: a probe a lenient server reads as its id mutes one of ours, undone.
  bases: [{ pathParams: { muted_user_id: otherUserId(ctx, caller) }, params: {} }],
  accepted: () => ctx.track(caller, 'mute', otherUserId(ctx, caller), 'mute'),
});

const deactivateGroup: Setup = async (ctx) => {
  // Only the nightly variants ("<id>.5") could name a group a lenient server reads: then one of the run's own.
  const own = ctx.world.profile === 'nightly' && ctx.world.options.allowRealmChanges;
  return { bases: [{ pathParams: { user_group_id: own ? await createGroup(ctx) : NO_SUCH_GROUP_ID }, params: {} }] };
};

const addToken: Setup = async (ctx, _op, { caller }) => {
  const token = deviceToken(ctx);
  let added = false;
  return {
    bases: [{ params: { token, appid: APP_ID } }],
    accepted: () => {
      added = true;
      ctx.track(caller, 'push-token', token, 'APNs device token');
    },
    // A refused probe left the token registered if removing it succeeds (the removal is the cleanup too).
    readBack: async () => {
      if (added) return [];
      const res = await ctx.as(caller).delete('/users/me/apns_device_token', { token });
      return res.body?.result === 'success' ? ['a refused probe registered the APNs device token'] : [];
    },
  };
};

const removeToken: Setup = async (ctx, _op, { caller }) => {
  const token = deviceToken(ctx);
  await ctx.as(caller).mustSetup('POST', '/users/me/apns_device_token', { token, appid: APP_ID });
  ctx.track(caller, 'push-token', token, 'APNs device token');
  return {
    bases: [{ params: { token } }],
    // Still registered: removing it now succeeds (and the cleanup finds it gone, which it accepts).
    readBack: async (acceptedAny) => {
      if (acceptedAny) return [];
      const res = await ctx.as(caller).delete('/users/me/apns_device_token', { token });
      if (res.body?.result !== 'success') return ['a refused probe removed the APNs device token'];
      ctx.untrack(caller, 'push-token', token);
      return [];
    },
  };
};

const deleteQueue: Setup = async (ctx) => ({
  // The one probe leaves queue_id out: the value it would have had is never sent.
  bases: [{ params: { queue_id: `${ctx.world.prefix}probe-queue` } }],
});

const render: Setup = async (ctx) => ({ bases: [{ params: { content: ctx.unique('probe') } }] });

/**
 * Operations any account may call alike with the bases above (they touch no channel, or only the caller's own
 * objects): their probes may go to the guest and the bot too, whose own clauses leave them budget to spare. The rest
 * are sent by a person (not a guest: the run's channels are public ones it is not subscribed to).
 */
export const ANYONE_MAY_CALL: ReadonlySet<number> = new Set([6, 13, 14, 15, 16, 20, 21]);

/** By the operation's section number in the contract. */
export const PROBE_SETUPS: Readonly<Record<number, Setup>> = {
  1: sendMessage,
  2: scheduleMessage,
  3: editMessage,
  4: setTyping,
  5: matchNarrow,
  6: getUser,
  7: createProfileField,
  8: fetchApiKey,
  9: deleteTopic,
  10: createDrafts,
  12: markTopicRead,
  13: noParams,
  14: noParams,
  15: muteUser,
  16: deactivateGroup,
  17: addToken,
  18: removeToken,
  20: deleteQueue,
  21: render,
};
