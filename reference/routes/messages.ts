/**
 * POST /messages, GET and DELETE /messages/{message_id}, POST /messages/render, GET /messages/matches_narrow.
 */
import type { Context, Fields, Route } from '../core/context.ts';
import { ApiError, badRequest, invalidParam, missingParam } from '../core/errors.ts';
import type { Queue } from '../core/events.ts';
import { renderMarkdown } from '../core/markdown.ts';
import {
  audienceOf,
  canSeeMessage,
  channelOf,
  directRecipients,
  flagsOf,
  messageContent,
  messageDict,
  messageType,
  withinLimit,
} from '../core/messages.ts';
import { isAdmin, type Message } from '../core/model.ts';
import { isMuted } from '../core/mute.ts';
import { judgedIds, matches, matchFields, parseNarrow } from '../core/narrow.ts';
import { inGroupSetting } from '../core/realm.ts';
import { channelTopic } from '../core/topics.ts';
import type { Faults } from '../faults.ts';

/** Zulip's visibility policy value "followed": new topics are followed by their starter (Zulip's default). */
const FOLLOWED = 3;

/** Where a message goes: a channel and topic, or its direct recipients (the sender among them). */
type Address = Pick<Message, 'type' | 'channelId' | 'topic' | 'recipients'>;

function sendMessage(ctx: Context): Fields {
  const { params, store, faults } = ctx;
  const type = messageType(params, faults);
  const to = params.str('to');
  const rawContent = params.str('content');
  const rawTopic = params.optStr('topic') ?? params.optStr('subject');
  const echo = readLocalEcho(ctx);
  const read = readBySender(ctx) ?? false;
  // Fault `messages-content-limit-ignored`: over-long content is kept whole.
  const content = messageContent(rawContent, ctx.store, {
    truncate: !faults.has('messages-content-limit-ignored'),
  });
  const address = type === 'stream' ? channelAddress(ctx, to, rawTopic) : directAddress(ctx, to, rawTopic);
  // Variant `no-auto-follow`: the sender's settings follow no topic on their own.
  const newTopic = startsTopic(ctx, address) && !ctx.store.variants.has('no-auto-follow');
  const message: Message = {
    ...common(ctx, content, read),
    ...address,
    firstTopic: address.topic,
    firstChannelId: address.channelId,
    ...(address.type === 'stream' && address.topic === '' ? { emptySpelling: (rawTopic ?? '').trim() } : {}),
  };
  store.messages.set(message.id, message);
  const audience = audienceOf(store, message);
  markReadForMuters(ctx, message, audience);
  const dict = messageDict(store, message);
  store.events.pushPerQueue(audience, 'message', (queue) => ({
    type: 'message',
    message: dict,
    flags: flagsOf(message, queue.userId),
    ...(echoesLocalId(ctx, queue, echo) ? { local_message_id: echo.localId } : {}),
  }));
  if (newTopic) followTopic(ctx, message);
  return { id: messageId(ctx, message), ...automaticVisibility(ctx, message, newTopic) };
}

/** `queue_id` and `local_id` go together. */
function readLocalEcho({ params, faults }: Context): { queueId: string | undefined; localId: string | undefined } {
  const queueId = params.optStr('queue_id');
  const localId = params.optStr('local_id');
  // Fault `messages-queue-id-alone-accepted`.
  if ((queueId === undefined) !== (localId === undefined) && !faults.has('messages-queue-id-alone-accepted')) {
    throw missingParam(queueId === undefined ? 'queue_id' : 'local_id');
  }
  return { queueId, localId };
}

/** `read_by_sender`: an optional boolean, the sender's initial read state. */
function readBySender(ctx: Context): boolean | undefined {
  // Fault `messages-read-by-sender-rejected`.
  if (ctx.faults.has('messages-read-by-sender-rejected') && ctx.params.has('read_by_sender')) {
    throw invalidParam('read_by_sender', 'Unknown parameter read_by_sender');
  }
  const asked = ctx.params.optBool('read_by_sender');
  // Fault `messages-read-by-sender-ignored`: read, whatever was asked (as a web client's default would be).
  return ctx.faults.has('messages-read-by-sender-ignored') ? true : asked;
}

/** A channel message: `to` names the channel (unknown: `STREAM_DOES_NOT_EXIST`); the topic is required. */
function channelAddress(ctx: Context, to: string, rawTopic: string | undefined): Address {
  const { store, faults } = ctx;
  const channel = unknownIdAsBadRequest(() => channelOf(to, ctx), faults);
  // Fault `send-missing-topic-accepted`: no topic reads as the empty topic.
  if (rawTopic === undefined && !faults.has('send-missing-topic-accepted')) throw missingParam('topic');
  const topic = channelTopic(rawTopic ?? '', channel, store, faults);
  return { type: 'stream', channelId: channel.id, topic, recipients: [] };
}

/** Fault `send-unknown-channel-id-bad-request`: an unknown channel ID is a plain BAD_REQUEST. */
function unknownIdAsBadRequest<T>(find: () => T, faults: Faults): T {
  try {
    return find();
  } catch (error) {
    if (error instanceof ApiError && 'stream_id' in error.extra && faults.has('send-unknown-channel-id-bad-request'))
      throw badRequest('Invalid channel ID');
    throw error;
  }
}

/** A direct message: `to` lists user IDs or emails; a topic is ignored. */
function directAddress(ctx: Context, to: string, rawTopic: string | undefined): Address {
  const { user, faults } = ctx;
  // Fault `messages-direct-topic-rejected`: a topic on a direct message is refused instead of ignored.
  if (rawTopic !== undefined && faults.has('messages-direct-topic-rejected')) {
    throw badRequest('Direct messages have no topic');
  }
  // Fault `messages-email-recipients-rejected`.
  const emails = !faults.has('messages-email-recipients-rejected');
  const others = directRecipients(to, ctx, { emails });
  const recipients = [user.id, ...others.map((u) => u.id)].sort((a, b) => a - b);
  return { type: 'private', channelId: null, topic: '', recipients };
}

/** Whether the message starts a (named) topic: no message of its channel has that topic yet. */
function startsTopic({ store }: Context, address: Address): boolean {
  if (address.type !== 'stream' || address.topic === '') return false;
  const lower = address.topic.toLowerCase();
  return ![...store.messages.values()].some(
    (m) => m.channelId === address.channelId && m.topic.toLowerCase() === lower,
  );
}

/** A muted sender's new messages arrive read for the muter. */
function markReadForMuters({ store, user, faults }: Context, message: Message, audience: Iterable<number>): void {
  // Fault `mute-messages-arrive-unread`.
  if (faults.has('mute-messages-arrive-unread')) return;
  for (const id of audience) if (id !== user.id && isMuted(store, id, user.id)) message.readBy.add(id);
}

/** The message event carries `local_message_id` on the sender's queue named by `queue_id`, and there only. */
function echoesLocalId({ user, faults, store }: Context, queue: Queue, echo: { queueId: string | undefined }): boolean {
  // Fault `sequence-queue-local-id-to-newest`: the echo goes to the sender's newest queue, whichever was named.
  const named =
    faults.has('sequence-queue-local-id-to-newest') && echo.queueId !== undefined
      ? store.events.newestOf(user.id)?.id
      : echo.queueId;
  // Fault `messages-local-message-id-missing`.
  return queue.userId === user.id && queue.id === named && !faults.has('messages-local-message-id-missing');
}

/** Starting a new topic follows it (Zulip's default settings): a `user_topic` event to the sender. */
function followTopic({ store, user }: Context, message: Message): void {
  store.events.push([user.id], {
    type: 'user_topic',
    stream_id: message.channelId,
    topic_name: message.topic,
    last_updated: message.timestamp,
    visibility_policy: FOLLOWED,
  });
}

/** The new message's id, an integer. */
function messageId({ faults }: Context, message: Message): number | string {
  // Fault `messages-id-as-string`.
  return faults.has('messages-id-as-string') ? String(message.id) : message.id;
}

/** `automatic_new_visibility_policy`: present when the message started a topic the sender now follows. */
function automaticVisibility({ faults }: Context, message: Message, newTopic: boolean): Fields {
  // Fault `messages-visibility-policy-on-direct`.
  const onDirect = message.type === 'private' && faults.has('messages-visibility-policy-on-direct');
  return newTopic || onDirect ? { automatic_new_visibility_policy: FOLLOWED } : {};
}

function common(ctx: Context, content: string, readBySender: boolean) {
  return {
    id: ctx.store.nextId('message'),
    seq: ctx.store.nextMessageSeq(),
    senderId: ctx.user.id,
    content,
    timestamp: ctx.store.nowSeconds(),
    sentAtMs: ctx.store.clock(),
    readBy: new Set(readBySender ? [ctx.user.id] : []),
  };
}

export function visibleMessage({ store, user, path }: Context): Message {
  const message = store.messages.get(path.message_id!);
  if (!message || !canSeeMessage(store, user, message)) throw badRequest('Invalid message(s)');
  return message;
}

function getMessage(ctx: Context): Fields {
  const message = visibleMessage(ctx);
  const applyMarkdown = ctx.params.bool('apply_markdown', true);
  const allowEmptyTopicName = ctx.params.bool('allow_empty_topic_name', false);
  return {
    raw_content: message.content,
    message: {
      ...messageDict(ctx.store, message, { applyMarkdown, allowEmptyTopicName }),
      flags: flagsOf(message, ctx.user.id),
    },
  };
}

function deleteMessage(ctx: Context): Fields {
  const { store, user } = ctx;
  const message = visibleMessage(ctx);
  // The realm's groups decide (Zulip's can_delete_any/own_message_group); variant `realm-older-defaults` narrows
  // the own-message one to administrators.
  const groups = store.realm.groups;
  const mayDelete =
    inGroupSetting(user, groups.can_delete_any_message_group ?? 0) ||
    (message.senderId === user.id && inGroupSetting(user, groups.can_delete_own_message_group ?? 0)) ||
    isAdmin(user);
  if (!mayDelete) throw badRequest("You don't have permission to delete this message");
  const audience = audienceOf(store, message);
  store.messages.delete(message.id);
  store.events.push(audience, {
    type: 'delete_message',
    message_id: message.id,
    message_type: message.type,
    ...(message.type === 'stream' ? { stream_id: message.channelId, topic: message.topic } : {}),
  });
  return {};
}

function render({ params, store, faults }: Context): Fields {
  // Fault `render-missing-content-accepted`.
  const raw = faults.has('render-missing-content-accepted') ? (params.optStr('content') ?? '') : params.str('content');
  // Empty content is rendered, as real Zulip does. Over-long content is cut to the limit like a message's; real
  // Zulip renders it whole (fault `render-content-limit-ignored`, on in the Zulip flavour).
  const content = faults.has('render-content-limit-ignored') ? raw : withinLimit(raw, store);
  return {
    rendered: renderMarkdown(content, {
      rawInline: faults.has('render-raw-markdown'),
      noEscape: faults.has('render-html-unescaped'),
      flatBlocks: faults.has('render-blocks-as-paragraphs'),
      numericReferences: store.variants.has('render-numeric-references'),
      inlineHtml: store.variants.has('render-inline-html'),
    }),
  };
}

function matchesNarrow({ params, store, user, faults }: Context): Fields {
  const ids = params.jsonList('msg_ids');
  if (!ids.every((id) => Number.isSafeInteger(id))) throw invalidParam('msg_ids', 'msg_ids[] is not an integer');
  // Fault `narrow-missing-narrow-accepted`: no narrow is the empty narrow.
  const narrow = faults.has('narrow-missing-narrow-accepted')
    ? (params.optJsonList('narrow') ?? [])
    : params.jsonList('narrow');
  const terms = parseNarrow(narrow, store.variants, faults);
  const messages: Record<string, unknown> = {};
  for (const id of judgedIds(store, ids as number[], faults)) {
    const message = store.messages.get(id);
    if (!message || !canSeeMessage(store, user, message)) continue;
    // Fault `narrow-non-matching-returned`.
    if (!faults.has('narrow-non-matching-returned') && !matches(store, message, terms, faults)) continue;
    messages[id] = matchFields(message, terms, faults);
  }
  return { messages };
}

export const messageRoutes: readonly Route[] = [
  { method: 'POST', path: '/messages', handler: sendMessage },
  { method: 'GET', path: '/messages/{message_id}', handler: getMessage },
  { method: 'DELETE', path: '/messages/{message_id}', handler: deleteMessage },
  { method: 'POST', path: '/messages/render', handler: render },
  { method: 'GET', path: '/messages/matches_narrow', handler: matchesNarrow },
];
