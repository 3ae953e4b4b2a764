/**
 * Sending, reading back and cleaning up messages, and channels of a check's own (contract: operations 1 and 2;
 * setup operations of TARGET.md: POST /users/me/subscriptions, GET /get_stream_id, GET and DELETE /messages/{id}).
 */
import type { TopicRuleEnv, TopicsPolicy } from '../../helpers/arbitraries/topic-rule.ts';
import { lightestOf } from '../../helpers/checks/actors.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { isInt } from '../../helpers/checks/matchers.ts';
import { Disabled, HarnessError, NotTheApiError, SetupError, TargetError, Unsupported } from '../../helpers/errors.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Params } from '../../helpers/http/encoding.ts';
import { ROLES, type Role } from '../../helpers/roles.ts';
import { claimOnce, settleOnce } from '../../helpers/world/run-files.ts';

export interface OwnChannel {
  id: number;
  name: string;
}

/** A channel whose effective topics policy (its own, or the realm's for `inherit`) is known. */
export interface PolicyChannel extends OwnChannel {
  policy: TopicsPolicy;
}

/** Content that names the run, so that a leftover is recognisable. */
export const contentOf = (ctx: CheckContext, what: string) => `${ctx.world.prefix}${what}`;

/** POST /messages as the behaviour under test; a message it creates is tracked for deletion. */
export async function send(ctx: CheckContext, role: Role, params: Params): Promise<ApiResponse> {
  const res = await ctx.as(role).post('/messages', params);
  const id = res.body?.id;
  if (res.body?.result === 'success' && /^\d+$/.test(String(id))) trackSent(ctx, role, Number(id), params);
  return res;
}

/** POST /messages for setup: the new message's id. */
export async function mustSend(ctx: CheckContext, role: Role, params: Params): Promise<number> {
  const body = await ctx.as(role).must('POST', '/messages', params);
  trackSent(ctx, role, Number(body.id), params);
  return Number(body.id);
}

/** A sent message, for deletion: a direct one by its sender alone (an administrator may not see it). */
function trackSent(ctx: CheckContext, role: Role, id: number, params: Params): void {
  const direct = params.type === 'direct' || params.type === 'private';
  ctx.track(role, 'message', id, `message ${id}`, { ownOnly: direct });
}

/** GET /messages/{id} (setup): the message with its Markdown source as `content` and `""` for the empty topic. */
export async function readMessage(ctx: CheckContext, role: Role, id: number): Promise<any> {
  const body = await ctx
    .as(role)
    .mustSetup('GET', `/messages/${id}`, { apply_markdown: false, allow_empty_topic_name: true });
  const message = body.message ?? {};
  return { ...message, content: body.raw_content ?? message.content, topic: message.topic ?? message.subject };
}

/**
 * The caller's personal flags of a message as read back (GET /messages/{id}); undefined when the target's read-back
 * carries none. The contract leaves the stored record's flags "not shown": a check that needs the read state is
 * skipped-unsupported on such a target, never failed.
 */
export async function readFlags(ctx: CheckContext, role: Role, id: number): Promise<unknown[] | undefined> {
  const { flags } = await readMessage(ctx, role, id);
  return Array.isArray(flags) ? flags : undefined;
}

/** GET /scheduled_messages (setup): the caller's scheduled messages. */
export async function listScheduled(ctx: CheckContext, role: Role): Promise<any[]> {
  const body = await ctx.as(role).mustSetup('GET', '/scheduled_messages');
  return Array.isArray(body.scheduled_messages) ? body.scheduled_messages : [];
}

/** POST /scheduled_messages as the behaviour under test (a month ahead); what it creates is tracked. */
export async function schedule(ctx: CheckContext, role: Role, params: Params): Promise<ApiResponse> {
  const res = await ctx.as(role).post('/scheduled_messages', {
    scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 30 * 86400,
    ...params,
  });
  const id = res.body?.scheduled_message_id;
  if (res.body?.result === 'success' && isInt(id)) ctx.track(role, 'scheduled_message', id, `scheduled message ${id}`);
  return res;
}

/**
 * A channel of the check's own, the member and the given others subscribed, archived when the check ends. A helper
 * that is a person creates it (set-up), as the member would, subscribing only the accounts asked for: not a guest,
 * who may create no channel, nor the bot.
 * `topics_policy` is sent JSON-encoded, as Zulip parses it; when one is asked for, the effective policy is read back
 * (skipped-unsupported when it differs).
 */
export async function ownChannel(
  ctx: CheckContext,
  { policy, others = [] }: { policy?: TopicsPolicy; others?: Role[] } = {},
): Promise<OwnChannel> {
  const name = ctx.unique('channel');
  // The creator (the member when no other is configured) is subscribed only when asked for.
  const subscribers = [...new Set<Role>(['member', ...others])];
  return createChannel(ctx, { name, subscribers, policy, until: 'check' });
}

/**
 * Creates a channel as a person who is a set-up assistant, subscribing `subscribers`, recorded for archiving when the
 * check ends (`until: 'check'`) or when the run does; with `policy`, its effective policy read back (skipped-
 * unsupported when it differs).
 */
async function createChannel(
  ctx: CheckContext,
  {
    name,
    subscribers,
    policy,
    until,
  }: { name: string; subscribers: Role[]; policy?: TopicsPolicy; until: 'check' | 'run' },
): Promise<OwnChannel> {
  const creator = ctx.someone('assistant', { besides: ['guest', 'bot'] });
  await ctx.as(creator).mustSetup('POST', '/users/me/subscriptions', {
    subscriptions: [{ name, description: `Created by teamchat-conformance; archived when the ${until} ends.` }],
    principals: subscribers.map((r) => ctx.account(r).userId),
    topics_policy: policy === undefined ? undefined : JSON.stringify(policy),
  });
  const { stream_id } = await ctx.as(creator).mustSetup('GET', '/get_stream_id', { stream: name });
  if (until === 'check') ctx.track(creator, 'channel', stream_id, name);
  else ctx.keepForRun(creator, 'channel', stream_id, name);
  if (policy !== undefined) {
    // Any subscriber reads the channel's policy alike: the one with most budget.
    const reported = await effectivePolicy(ctx, name, lightestOf(ctx, subscribers, 0));
    if (reported !== policy)
      throw new Unsupported(`a channel created with topics_policy ${policy} reports ${reported}`);
  }
  return { id: Number(stream_id), name };
}

/**
 * A channel the run's checks share, every account of the run subscribed: a check posts there under topics of its own
 * (ctx.unique), and moves and deletes only those. A channel costs the run its creation and archival (three requests,
 * and a read of its policy) once instead of once a check: about thirty channels of a quick run. With `policy`, one of
 * that topics policy (skipped-unsupported where the target reports another), else of the server's default.
 *
 * Not for a check that acts on the empty topic as a whole (deletes it, marks it read, resolves or moves all of it:
 * every check's empty-topic messages there would go with it), reads the channel's own record (its first message,
 * its subscribers) or its typing events, or needs an account left out of it: those create their own (ownChannel).
 */
export function sharedChannel(ctx: CheckContext, { policy }: { policy?: TopicsPolicy } = {}): Promise<OwnChannel> {
  return sharedChannelOf(ctx, policy ?? 'default', policy);
}

/** Two distinct shared channels of the server's default policy (see sharedChannel), for a check that moves between them. */
export async function sharedChannelPair(ctx: CheckContext): Promise<[OwnChannel, OwnChannel]> {
  return [await sharedChannelOf(ctx, 'default', undefined), await sharedChannelOf(ctx, 'default-2', undefined)];
}

/** How long a check waits for another worker of the run to create a shared channel (a rate limit's window or two). */
const SHARED_CHANNEL_WAIT_MS = 5 * 60_000;

/**
 * The run's shared channel `key`: created by the first of the run's workers to need it, which writes its id and name
 * (or why there is none) to a run file that the others wait on. It is in the run's ledger: the runner archives it
 * once every check has ended.
 */
async function sharedChannelOf(ctx: CheckContext, key: string, policy: TopicsPolicy | undefined): Promise<OwnChannel> {
  // Another worker's creating it is no work of this check's: a wait, bounded by its own limit, not the check's.
  const endWait = ctx.recorder.beginWait();
  const claim = await claimOnce(ctx.world.runId, 'channel', key, SHARED_CHANNEL_WAIT_MS).finally(endWait);
  if (!claim.asker) {
    if (claim.state === 'timeout')
      throw new SetupError(
        `waited ${SHARED_CHANNEL_WAIT_MS / 1000} s for another worker of the run to create the run's shared channel ${key}`,
      );
    const word = JSON.parse(claim.state) as { channel: OwnChannel } | { error: string; message: string };
    if ('channel' in word) return word.channel;
    // The asker's error, as it was: the same outcome (disabled, skipped-unsupported, error) and the same reason, so
    // that the report groups the checks it stopped under one cause.
    const Class = SHARED_ERRORS.find((E) => E.name === word.error) ?? HarnessError;
    throw new Class(word.message);
  }
  try {
    const channel = await createChannel(ctx, {
      name: `${ctx.world.prefix}shared-${key}`,
      subscribers: ROLES.filter((role) => ctx.usable(role)),
      policy,
      until: 'run',
    });
    settleOnce(ctx.world.runId, 'channel', key, JSON.stringify({ channel }));
    return channel;
  } catch (error) {
    const { name, message } = error instanceof Error ? error : { name: 'HarnessError', message: String(error) };
    settleOnce(ctx.world.runId, 'channel', key, JSON.stringify({ error: name, message }));
    throw error;
  }
}

/** The errors a shared channel's asker may pass on to the checks waiting for it, by name. */
const SHARED_ERRORS = [Disabled, Unsupported, SetupError, TargetError, NotTheApiError];

/** The effective topics policy of a channel: its own, or the realm's for `inherit`. */
async function effectivePolicy(ctx: CheckContext, name: string, reader: Role): Promise<TopicsPolicy> {
  const body = await ctx.as(reader).mustSetup('GET', '/users/me/subscriptions');
  const own = (body.subscriptions ?? []).find((s: any) => s?.name === name)?.topics_policy;
  const effective = own === 'inherit' || own === undefined ? ctx.world.realm.raw.realm_topics_policy : own;
  if (effective === 'allow_empty_topic' || effective === 'disable_empty_topic' || effective === 'empty_topic_only') {
    return effective;
  }
  throw new Unsupported("the target reports neither the channel's topics_policy nor the realm's realm_topics_policy");
}

/**
 * One channel that allows the empty topic and one that disables it, for the topic-rule properties: the run's shared
 * ones (sharedChannel), whose every account may post. The properties send, schedule and move single messages;
 * nothing there acts on a whole topic.
 */
export async function policyChannels(ctx: CheckContext): Promise<PolicyChannel[]> {
  const policies = ['allow_empty_topic', 'disable_empty_topic'] as const;
  const channels: PolicyChannel[] = [];
  for (const policy of policies) channels.push({ ...(await sharedChannel(ctx, { policy })), policy });
  return channels;
}

/**
 * The topic rule's environment for one operation: `noTopicSince` is the level from which its parameter reads
 * "(no topic)" as the empty topic (Versioning: 370 for send and schedule, 372 for typing; null for an edit, whose
 * parameter reads only the display name so).
 */
/** A realm setting read at start: none is read without any account, and a target may leave one out. */
export function realmValue<T>(ctx: CheckContext, value: T | null, name: string): T {
  if (value !== null && value !== '') return value;
  if (Object.keys(ctx.world.accounts).length === 0)
    throw new Disabled(
      `needs an account to read the realm's ${name}: ${ctx.world.disabledRoles.member ?? 'none is configured'}`,
    );
  throw new Unsupported(`the target reports no ${name}`);
}

export function topicEnv(ctx: CheckContext, noTopicSince: number | null = 370): TopicRuleEnv {
  const max = realmValue(ctx, ctx.world.realm.maxTopicLength, 'max_topic_length');
  return {
    displayName: ctx.world.realm.emptyTopicDisplayName,
    featureLevel: ctx.world.featureLevel,
    maxTopicLength: max,
    noTopicSince,
  };
}

export function maxMessageLength(ctx: CheckContext): number {
  return realmValue(ctx, ctx.world.realm.maxMessageLength, 'max_message_length');
}

/**
 * Over-long content: the contract allows a refusal, and real Zulip truncates. Returns why a stored value is
 * neither the whole value (within the limit) nor a truncation of it (over the limit), or undefined.
 */
export function contentProblem(sent: string, stored: unknown, max: number): string | undefined {
  if (typeof stored !== 'string') return `stored content is ${JSON.stringify(stored)?.slice(0, 80)}`;
  const length = [...stored].length;
  if ([...sent].length <= max) return stored === sent ? undefined : `stored content differs (${length} characters)`;
  if (length > max) return `stored ${length} characters, over max_message_length ${max}`;
  const head = [...sent].slice(0, Math.min(32, max)).join('');
  return stored.startsWith(head) ? undefined : 'stored content does not start like the content sent';
}
