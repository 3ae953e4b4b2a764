/**
 * Sending, reading back and cleaning up messages, and channels of a check's own (contract: operations 1 and 2;
 * setup operations of TARGET.md: POST /users/me/subscriptions, GET /get_stream_id, GET and DELETE /messages/{id}).
 */
import type { TopicRuleEnv, TopicsPolicy } from '../../helpers/arbitraries/topic-rule.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { isInt } from '../../helpers/checks/matchers.ts';
import { Disabled, Unsupported } from '../../helpers/errors.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Params } from '../../helpers/http/encoding.ts';
import type { Role } from '../../helpers/roles.ts';

export interface OwnChannel {
  id: number;
  name: string;
}

/** A channel of the check's own whose effective topics policy (its own, or the realm's for `inherit`) is known. */
export interface PolicyChannel extends OwnChannel {
  policy: TopicsPolicy;
}

/** Content that names the run, so that a leftover is recognisable. */
export const contentOf = (ctx: CheckContext, what: string) => `${ctx.world.prefix}${what}`;

/** POST /messages as the behaviour under test; a message it creates is tracked for deletion. */
export async function send(ctx: CheckContext, role: Role, params: Params): Promise<ApiResponse> {
  const res = await ctx.as(role).post('/messages', params);
  const id = res.body?.id;
  if (res.body?.result === 'success' && /^\d+$/.test(String(id))) {
    ctx.track(role, 'message', Number(id), `message ${id}`);
  }
  return res;
}

/** POST /messages for setup: the new message's id. */
export async function mustSend(ctx: CheckContext, role: Role, params: Params): Promise<number> {
  const body = await ctx.as(role).must('POST', '/messages', params);
  ctx.track(role, 'message', Number(body.id), `message ${body.id}`);
  return Number(body.id);
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
  const creator = ctx.someone('assistant', { besides: ['guest', 'bot'] });
  const subscribers = [...new Set<Role>(['member', ...others])];
  await ctx.as(creator).mustSetup('POST', '/users/me/subscriptions', {
    subscriptions: [{ name, description: 'Created by teamchat-conformance; archived when the check ends.' }],
    // The creator (the member when no other is configured) is subscribed only when asked for.
    principals: subscribers.map((r) => ctx.account(r).userId),
    topics_policy: policy === undefined ? undefined : JSON.stringify(policy),
  });
  const { stream_id } = await ctx.as(creator).mustSetup('GET', '/get_stream_id', { stream: name });
  ctx.track(creator, 'channel', stream_id, name);
  if (policy !== undefined) {
    const reported = await effectivePolicy(ctx, name);
    if (reported !== policy)
      throw new Unsupported(`a channel created with topics_policy ${policy} reports ${reported}`);
  }
  return { id: Number(stream_id), name };
}

/** The effective topics policy of a channel: its own, or the realm's for `inherit`. */
async function effectivePolicy(ctx: CheckContext, name: string): Promise<TopicsPolicy> {
  const body = await ctx.member.mustSetup('GET', '/users/me/subscriptions');
  const own = (body.subscriptions ?? []).find((s: any) => s?.name === name)?.topics_policy;
  const effective = own === 'inherit' || own === undefined ? ctx.world.realm.raw.realm_topics_policy : own;
  if (effective === 'allow_empty_topic' || effective === 'disable_empty_topic' || effective === 'empty_topic_only') {
    return effective;
  }
  throw new Unsupported("the target reports neither the channel's topics_policy nor the realm's realm_topics_policy");
}

/**
 * One channel that allows the empty topic and one that disables it, for the topic-rule properties; `others` are
 * subscribed too (the accounts a check spreads its sends over).
 */
export async function policyChannels(ctx: CheckContext, others: Role[] = []): Promise<PolicyChannel[]> {
  const policies = ['allow_empty_topic', 'disable_empty_topic'] as const;
  const channels: PolicyChannel[] = [];
  for (const policy of policies) channels.push({ ...(await ownChannel(ctx, { policy, others })), policy });
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
