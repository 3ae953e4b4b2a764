/**
 * What the bad-input probes (BAD-*, bad-input.test.ts) and the authentication checks (AUTH-001..003,
 * authentication.test.ts) of each operation start from: a valid request built from the run's world (its own channel,
 * its own message, a token of its own), so that only the probe's one bad value, or the bad credentials, can be the
 * reason for a refusal; its control, a valid request sent once with good credentials before anything is judged, which
 * must be accepted (else the set-up failed: a server that refused everything for an unrelated reason would pass every
 * check of a refusal); what an accepted probe created, tracked to be undone; and a read-back that a refused probe
 * changed nothing. Set-up and read-back use the setup operations of TARGET.md; everything is named with the run
 * prefix.
 *
 * The control is the base request itself, unless its success spends what the base acts on: a group deactivates once,
 * a queue or a token goes once, a topic is deleted once, a profile field's name is taken once, an edited message is
 * no longer what the read-back compares with. Then the control is the same request on a twin made alike (a group, a
 * queue, a token, a topic, a name, a message of the run's own), and the base still names an object the request would
 * succeed on when the probes, or the requests with bad credentials, reach it: a lenient server that reads a probe's
 * bad value as the base's id acts on a live object, and shows it. A mute, which a setup operation undoes, is undone
 * right after its control instead.
 */

import { type BaseRequest, fillPath, type Operation } from '../../contract/index.ts';
import { administratorOf } from '../../helpers/checks/actors.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { isInt } from '../../helpers/checks/matchers.ts';
import { takeTurn, takeTurns } from '../../helpers/checks/turns.ts';
import { Disabled } from '../../helpers/errors.ts';
import type { ApiClient, ApiResponse } from '../../helpers/http/client.ts';
import type { Params } from '../../helpers/http/encoding.ts';
import { registerSecret } from '../../helpers/http/redact.ts';
import { setupFailure } from '../../helpers/http/setup-failure.ts';
import { ROLE_ENV_PREFIX, ROLES, type Role } from '../../helpers/roles.ts';
import { listDrafts } from '../drafts/drafts.ts';
import { listScheduled, mustSend, readMessage } from '../messages/messages.ts';
import { anyTerm } from '../messages/narrows.ts';
import { APP_ID, deviceToken } from '../push/push.ts';
import { listFields } from '../realm/profile-fields.ts';
import { createGroup, groupManager } from '../user_groups/groups.ts';
import { mustUnmute, mutedIds, unmutedTarget } from '../users/muted.ts';

/** A valid request sent once with good credentials before the requests that must be refused. */
export interface Control {
  readonly request: BaseRequest;
  /** What else counts as its acceptance than a success, and how to say it. */
  readonly accepts?: { readonly test: (res: ApiResponse) => boolean; readonly what: string };
  /** What its acceptance calls for: tracking what it created, or undoing it so that the base stays valid. */
  readonly then?: (res: ApiResponse) => void | Promise<void>;
}

export interface ProbeSetup {
  readonly bases: readonly BaseRequest[];
  /** The control of each base, in the same order (see the top of this file for when it is a twin). */
  readonly controls: readonly Control[];
  /** Tracks what a probe the target accepted (a departure already) created, so that it is undone. */
  readonly accepted?: (res: ApiResponse) => void;
  /** After the probes: what a refused probe left changed (empty: nothing). */
  readonly readBack?: (acceptedAny: boolean) => Promise<string[]>;
  /**
   * Once the controls and probes are sent (and read back): ends the turns on shared state the set-up took, which
   * would otherwise last until the check ends (an authentication check goes on to every other operation).
   */
  readonly done?: () => void;
}

export interface Callers {
  /** Who sends the controls and probes (see callersOf) and owns their objects. */
  readonly caller: Role;
  /** Who sends the controls and probes of administrators' operations and parameters. */
  readonly administrator: () => Role;
}

/** What the caller sends of the set-up. */
export interface SetupUse {
  /**
   * Only the first base and its control (the authentication checks): the set-up takes no turn on shared state that
   * only the other bases need, so that the check does not wait for other checks' long turns on it.
   */
  readonly firstBaseOnly?: boolean;
}

type Setup = (ctx: CheckContext, op: Operation, who: Callers, use?: SetupUse) => Promise<ProbeSetup>;

const atLeast = (ctx: CheckContext, level: number) =>
  ctx.world.featureLevel === null || ctx.world.featureLevel >= level;

/** Another configured account than `role`, for recipients (the caller itself where it is alone). */
function otherUserId(ctx: CheckContext, role: Role): number {
  const others = Object.entries(ctx.world.accounts).filter(([r, a]) => r !== role && a && !a.refused);
  return (others[0]?.[1] ?? ctx.account(role)).userId;
}

const usable = (ctx: CheckContext, role: Role) => {
  const account = ctx.world.accounts[role];
  return account !== undefined && !account.refused;
};

/** The controls are the bases themselves, each followed by `then` once accepted. */
const sameAsBases = (bases: readonly BaseRequest[], then?: Control['then']): Control[] =>
  bases.map((request) => ({ request, ...(then ? { then } : {}) }));

/** What accepted requests created, by the id field of their answers: tracked to be undone, and its ids kept. */
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

/** Objects whose text carries the marker, besides those an accepted control or probe created. */
const leftBehind = (what: string, found: readonly { id?: unknown }[]) =>
  found.map((o) => `a refused probe left ${what} ${String(o.id)} behind`);

/** An event queue of the role's, deleted when the check ends. */
async function registerQueue(ctx: CheckContext, role: Role, params: Params = {}): Promise<any> {
  const queue = await ctx.as(role).mustSetup('POST', '/register', params);
  ctx.track(role, 'queue', String(queue.queue_id), 'event queue');
  return queue;
}

/** An APNs device token registered for the role (a setup step), removed when the check ends. */
async function registeredToken(ctx: CheckContext, role: Role): Promise<string> {
  const token = deviceToken(ctx);
  // Tracked first: the server may register it even if its answer is lost.
  ctx.track(role, 'push-token', token, 'APNs device token');
  await ctx.as(role).mustSetup('POST', '/users/me/apns_device_token', { token, appid: APP_ID });
  return token;
}

const sendMessage: Setup = async (ctx, _op, { caller }) => {
  const marker = ctx.unique('probe');
  const channel = ctx.channel();
  const client = ctx.as(caller);
  // A queue of the caller's: a valid queue_id for the direct base, and the read-back of any message sent.
  const queue = await registerQueue(ctx, caller, { event_types: ['message'] });
  const sent = createdBy(ctx, caller, 'message', 'id');
  const bases = [
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
  ];
  return {
    bases,
    // Sending spends nothing: the controls' messages are tracked, and the read-back leaves them out.
    controls: sameAsBases(bases, sent.accept),
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
      for (const m of messages)
        if (isInt(m?.id)) ctx.track(caller, 'message', m.id, `message ${m.id}`, { ownOnly: m.type === 'private' });
      return leftBehind('message', messages);
    },
  };
};

const scheduleMessage: Setup = async (ctx, _op, { caller }) => {
  const marker = ctx.unique('probe');
  const made = createdBy(ctx, caller, 'scheduled_message', 'scheduled_message_id');
  const bases = [
    {
      params: {
        type: 'stream',
        to: ctx.channel().id,
        topic: marker,
        content: marker,
        scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 30 * 86400,
      },
    },
  ];
  return {
    bases,
    controls: sameAsBases(bases, made.accept),
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

/**
 * The realm settings that decide whether the caller may edit the content of, or move, its own fresh message, which
 * the edit checks change meanwhile (allow_message_editing off, limits of a second, a movers group without the second
 * member): held in name order, as setRealm (suites/messages/edit.ts) takes its turns, under the same names, so that
 * neither the control nor the probes meet another check's setting, and no two checks wait on each other.
 */
const EDIT_SETTINGS = [
  'allow_message_editing',
  'can_move_messages_between_topics_group',
  'message_content_edit_limit_seconds',
  'move_messages_within_stream_limit_seconds',
];
/** Those a content edit needs alone (the first base): not the move's, which EDIT-LIMIT-001 holds for a minute. */
const CONTENT_EDIT_SETTINGS = ['allow_message_editing', 'message_content_edit_limit_seconds'];

const editMessage: Setup = async (ctx, _op, { caller }, use = {}) => {
  const done = await takeTurns(
    ctx,
    (use.firstBaseOnly ? CONTENT_EDIT_SETTINGS : EDIT_SETTINGS).map((name) => `realm setting ${name}`),
  );
  const topic = ctx.unique('probe');
  const channel = ctx.channel();
  const send = () => mustSend(ctx, caller, { type: 'stream', to: channel.id, topic, content: topic });
  // The controls edit a twin: the probed message must stay as read here, for the read-back.
  const [id, twin] = [await send(), await send()];
  const before = await readMessage(ctx, caller, id);
  const edits = (message_id: number) => [
    { pathParams: { message_id }, params: { content: `${topic} edited` } },
    ...(use.firstBaseOnly
      ? []
      : [{ pathParams: { message_id }, params: { topic: `${topic}-moved`, stream_id: channel.id } }]),
  ];
  return {
    bases: edits(id),
    controls: sameAsBases(edits(twin)),
    readBack: async (acceptedAny) => {
      if (acceptedAny) return [];
      const after = await readMessage(ctx, caller, id);
      const changed = ['content', 'topic', 'stream_id'].filter((f) => after[f] !== before[f]);
      return changed.length ? [`a refused edit changed the message's ${changed.join(', ')}`] : [];
    },
    done,
  };
};

const setTyping: Setup = async (ctx, _op, { caller }) => {
  const bases = [
    { params: { op: 'start', to: [otherUserId(ctx, caller)] } },
    // Typing in a channel is addressed by stream_id from level 215 (by `to` before).
    ...(atLeast(ctx, 215)
      ? [{ params: { type: 'stream', op: 'start', stream_id: ctx.channel().id, topic: ctx.unique('probe') } }]
      : []),
  ];
  return { bases, controls: sameAsBases(bases) };
};

const matchNarrow: Setup = async (ctx) => {
  // A narrow the target takes (learnt once a run: suites/messages/narrows.ts), so that its control is accepted.
  const bases = [{ params: { msg_ids: [], narrow: [await anyTerm(ctx)] } }];
  return { bases, controls: sameAsBases(bases) };
};

const getUser: Setup = async (ctx, _op, { caller }) => {
  const bases = [{ pathParams: { user_id: ctx.account(caller).userId }, params: {} }];
  return { bases, controls: sameAsBases(bases) };
};

const createProfileField: Setup = async (ctx, _op, { administrator }) => {
  ctx.requireRealmChanges('probing custom profile field creation');
  const admin = administrator();
  const marker = ctx.unique('pf');
  const made = createdBy(ctx, admin, 'profile-field', 'id');
  // A field's name is taken once: the controls create twins named apart (under the marker, known by their ids).
  const fields = (suffix: string) => [
    { params: { name: `${marker}-a${suffix}`, field_type: 1 } },
    { params: { name: `${marker}-b${suffix}`, field_type: 3, field_data: { a: { text: 'A', order: '1' } } } },
  ];
  return {
    bases: fields(''),
    controls: sameAsBases(fields('-control'), made.accept),
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

/**
 * A login that succeeds: the caller's password where it has one, else the first account configured with one.
 * Without any, disabled naming the variable: a base with a wrong password would be refused whatever the probe, and
 * wrong passwords count against Zulip's login limit (5 failures in 30 minutes).
 */
function loginOf(ctx: CheckContext, caller: Role): { email: string; password: string } {
  for (const role of [caller, ...ROLES]) {
    const account = ctx.world.accounts[role];
    if (account?.password) return { email: account.email, password: account.password };
  }
  const variable = `${ROLE_ENV_PREFIX[caller === 'bot' ? 'member' : caller]}_PASSWORD`;
  throw new Disabled(`needs an account configured with a password (e.g. ${variable}): the probes start from a login`);
}

const fetchApiKey: Setup = async (ctx, _op, { caller }) => {
  // The real password: the report masks it (a password parameter is never shown), and the key answered too.
  const { email, password } = loginOf(ctx, caller);
  const bases = [{ params: { username: email, password } }];
  return { bases, controls: sameAsBases(bases, (res) => registerSecret(res.body?.api_key)) };
};

const deleteTopic: Setup = async (ctx, _op, { administrator }) => {
  const admin = administrator();
  const channel = ctx.channel();
  // The control deletes a twin topic: the probed one must keep its message, for the read-back.
  const [topic, twin] = [ctx.unique('probe'), ctx.unique('probe')];
  const id = await mustSend(ctx, admin, { type: 'stream', to: channel.id, topic, content: topic });
  const twinId = await mustSend(ctx, admin, { type: 'stream', to: channel.id, topic: twin, content: twin });
  const named = (topic_name: string) => ({ pathParams: { stream_id: channel.id }, params: { topic_name } });
  return {
    bases: [named(topic)],
    controls: sameAsBases([named(twin)], () => ctx.untrack(admin, 'message', twinId)),
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
  const bases = [
    {
      params: {
        drafts: [
          { type: '', to: [], topic: '', content: marker },
          { type: 'stream', to: [ctx.channel().id], topic: marker, content: marker },
        ],
      },
    },
  ];
  return {
    bases,
    controls: sameAsBases(bases, made.accept),
    accepted: made.accept,
    readBack: async () => {
      const { drafts } = await listDrafts(ctx.as(caller));
      const found = drafts.filter((d) => String(d?.content ?? '').includes(marker) && !made.ids.has(d?.id));
      for (const d of found) if (isInt(d.id)) ctx.track(caller, 'draft', d.id, `draft ${d.id}`);
      return leftBehind('draft', found);
    },
  };
};

const markTopicRead: Setup = async (ctx, _op, { caller }) => {
  // A topic with a message of the caller's own: Zulip refuses a named topic the caller has no message in.
  const topic = ctx.unique('probe');
  const channel = ctx.channel();
  await mustSend(ctx, caller, { type: 'stream', to: channel.id, topic, content: topic });
  const bases = [{ params: { stream_id: channel.id, topic_name: topic } }];
  return { bases, controls: sameAsBases(bases) };
};

const noParams: Setup = async () => {
  const bases = [{ params: {} }];
  return { bases, controls: sameAsBases(bases) };
};

/**
 * Whom the mute controls mute: people whose messages no check reads the read state of for the guest or the bot
 * (TOPIC-READ-003 reads theirs, of messages from the assistants), since a mute marks the muted user's messages read.
 */
const MUTED_BY_CONTROLS: readonly Role[] = ['member', 'member2', 'admin'];

const muteUser: Setup = async (ctx, _op, { caller }) => {
  if (!ROLES.some((r) => r !== caller && usable(ctx, r)))
    // Muting oneself is refused: with one account configured there is no one to mute.
    throw new Disabled(
      'muting needs a second account to mute: set MEMBER2_EMAIL with MEMBER2_API_KEY (or another role)',
    );
  // Another check muting as the same caller (the authentication checks and BAD-MUTE-001 both may) waits its turn.
  const endTurn = await takeTurn(ctx, `mutes of the ${caller}`);
  let acceptedAny = false;
  // Not someone the caller has muted already: a person, or a run whose unmute was lost on the way, may have left one.
  const muted = await mutedIds(ctx, caller);
  const userId =
    MUTED_BY_CONTROLS.filter((r) => r !== caller && usable(ctx, r))
      .map((r) => ctx.account(r).userId)
      .find((id) => !muted.has(id)) ?? (await unmutedTarget(ctx, caller));
  const bases = [{ pathParams: { muted_user_id: userId }, params: {} }];
  // Tracked before the control is sent: were its answer lost, the mute may still have been made.
  ctx.track(caller, 'mute', userId, `mute of user ${userId}`);
  return {
    bases,
    // Muting twice is refused ("already muted"): the control's mute is undone at once, and the base is valid again.
    controls: sameAsBases(bases, () => mustUnmute(ctx, caller, userId)),
    // A probe a lenient server reads as the id mutes one of ours, undone.
    accepted: () => {
      acceptedAny = true;
      ctx.track(caller, 'mute', userId, 'mute');
    },
    // The turn ends with the probes (an authentication check goes on to other operations), and the mute's undo
    // with it: nothing is muted (the control's mute was undone), and a later holder's mute is not ours to undo.
    // Unless a probe muted: that mute stays until the check's cleanup undoes it, and so does the turn.
    done: () => {
      if (acceptedAny) return;
      ctx.untrack(caller, 'mute', userId);
      endTurn();
    },
  };
};

const deactivateGroup: Setup = async (ctx) => {
  // A group deactivates once: the control deactivates a twin; the base's group stays active for the probes, so a
  // lenient server reading a probe's "<id>.5" as its id would deactivate it (tracked, deactivated when the check ends).
  const [id, twin] = [await createGroup(ctx), await createGroup(ctx)];
  const group = (user_group_id: number) => ({ pathParams: { user_group_id }, params: {} });
  return {
    bases: [group(id)],
    controls: sameAsBases([group(twin)], () => ctx.untrack(groupManager(ctx), 'group', twin)),
  };
};

const addToken: Setup = async (ctx, _op, { caller }) => {
  const token = deviceToken(ctx);
  // The control registers a twin token: the read-back asks whether the base's token is registered.
  const twin = deviceToken(ctx);
  // Tracked before the control is sent: the server may register it even if its answer is lost.
  ctx.track(caller, 'push-token', twin, 'APNs device token');
  let added = false;
  return {
    bases: [{ params: { token, appid: APP_ID } }],
    controls: sameAsBases([{ params: { token: twin, appid: APP_ID } }]),
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
  // A token goes once: the control removes a twin.
  const [token, twin] = [await registeredToken(ctx, caller), await registeredToken(ctx, caller)];
  return {
    bases: [{ params: { token } }],
    controls: sameAsBases([{ params: { token: twin } }], () => ctx.untrack(caller, 'push-token', twin)),
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

/** The server knows the device but has no push service to reach it through: the contract's code for that case. */
const UNKNOWN_TO_BOUNCER = 'INVALID_REMOTE_PUSH_DEVICE_TOKEN';

const testNotification: Setup = async (ctx, _op, { caller }) => {
  // Always a token of the run's own: without one the test would reach the account's real devices. Where no push
  // service is configured the server answers that the bouncer does not know the device: an answer only a caller
  // the server recognised (whose token it found) gets, so it counts as the control's acceptance.
  const bases = [{ params: { token: await registeredToken(ctx, caller) } }];
  const accepts = {
    test: (res: ApiResponse) => res.body?.result === 'success' || res.body?.code === UNKNOWN_TO_BOUNCER,
    what: `a success, or ${UNKNOWN_TO_BOUNCER}`,
  };
  return { bases, controls: bases.map((request) => ({ request, accepts })) };
};

const deleteQueue: Setup = async (ctx, _op, { caller }) => {
  // A queue goes once: the control deletes a twin. (The one probe leaves queue_id out.)
  const [queue, twin] = [await registerQueue(ctx, caller), await registerQueue(ctx, caller)];
  const named = (q: any) => ({ params: { queue_id: String(q.queue_id) } });
  return {
    bases: [named(queue)],
    controls: sameAsBases([named(twin)], () => ctx.untrack(caller, 'queue', String(twin.queue_id))),
  };
};

const render: Setup = async (ctx) => {
  const bases = [{ params: { content: ctx.unique('probe') } }];
  return { bases, controls: sameAsBases(bases) };
};

/**
 * Operations any account may call alike with the bases above (they touch no channel, or only the caller's own
 * objects): their probes may go to the guest and the bot too, whose own clauses leave them budget to spare. The rest
 * are sent by a person (not a guest: the run's channels are public ones it is not subscribed to), but for muting and
 * deactivating groups (see callersOf).
 */
const ANYONE_MAY_CALL: ReadonlySet<number> = new Set([6, 11, 13, 14, 20, 21]);

/** The mute checks' callers (post-users-me-muted_users.test.ts and mute-sequences.model.ts): their mute lists are theirs. */
const MUTE_CHECKS_CALLERS: readonly Role[] = ['member', 'member2', 'moderator', 'admin', 'owner'];

/** Who sends an operation's controls and probes (callers) where a check needs them for operation `n`. */
export function callersOf(ctx: CheckContext, n: number, use: SetupUse = {}): Callers {
  return { caller: callerOf(ctx, n, use), administrator: () => administratorOf(ctx) };
}

function callerOf(ctx: CheckContext, n: number, use: SetupUse): Role {
  // The run's groups are created, and may be deactivated, by their manager.
  if (n === 16) return groupManager(ctx);
  // Mutes by the guest or the bot, whose mute lists no mute check keeps (a person where neither is configured).
  if (n === 15 && ['guest', 'bot'].some((r) => usable(ctx, r as Role)))
    return ctx.someone('anyone', { besides: MUTE_CHECKS_CALLERS });
  // Edits by the moderator: no other run's checks fence it out of moving topics (EDIT-TOPIC-005 and EDIT-CHANNEL-003
  // leave out the second member) or hold it to a time limit of a second (moderators are exempt), whatever the leases.
  // A content edit alone (the first base) any person may send: its settings' turns are held (editMessage).
  if (n === 3 && !use.firstBaseOnly) return ctx.someone('person', { besides: ['admin', 'owner', 'member2'] });
  return ctx.someone(ANYONE_MAY_CALL.has(n) ? 'anyone' : 'person', { besides: ['admin', 'owner'] });
}

/** Who sends an operation's controls (with Basic credentials): an administrator where only they may, else the caller. */
export const senderOf = (op: Operation, who: Callers): Role =>
  op.callers === 'administrators' ? who.administrator() : who.caller;

/**
 * Sends the first `count` controls (all by default), each once, as `client`: each must be accepted, else the set-up
 * failed (SetupError, naming the control). Returns their answers, in order.
 */
export async function mustPassControls(
  op: Operation,
  setup: ProbeSetup,
  client: ApiClient,
  count = setup.controls.length,
): Promise<ApiResponse[]> {
  const answers: ApiResponse[] = [];
  for (const control of setup.controls.slice(0, count)) {
    const { pathParams, params } = control.request;
    const res = await client.request(op.method, fillPath(op, pathParams ?? {}), params);
    const accepted = control.accepts ? control.accepts.test(res) : res.body?.result === 'success';
    if (!accepted)
      throw setupFailure(
        res,
        control.accepts?.what,
        'the control: a valid request, to be accepted before any refusal is judged',
      );
    await control.then?.(res);
    answers.push(res);
  }
  return answers;
}

/** By the operation's section number in the contract: every operation. */
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
  11: noParams,
  12: markTopicRead,
  13: noParams,
  14: noParams,
  15: muteUser,
  16: deactivateGroup,
  17: addToken,
  18: removeToken,
  19: testNotification,
  20: deleteQueue,
  21: render,
};
