/**
 * POST /messages, GET and DELETE /messages/{message_id}, POST /messages/render, GET /messages/matches_narrow.
 */
import type { Context, Fields, Route } from '../core/context.ts';
import { ApiError, badRequest, invalidParam, missingParam } from '../core/errors.ts';
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
} from '../core/messages.ts';
import { isAdmin, type Message } from '../core/model.ts';
import { isMuted } from '../core/mute.ts';
import { matches, matchFields, parseNarrow } from '../core/narrow.ts';
import { channelTopic } from '../core/topics.ts';
import type { Faults } from '../faults.ts';

/** Zulip's visibility policy value "followed": new topics are followed by their starter (Zulip's default). */
const FOLLOWED = 3;

function readBySender(ctx: Context): boolean | undefined {
  // Fault `messages-read-by-sender-rejected`.
  if (ctx.faults.has('messages-read-by-sender-rejected') && ctx.params.has('read_by_sender')) {
    throw invalidParam('read_by_sender', 'Unknown parameter read_by_sender');
  }
  return ctx.params.optBool('read_by_sender');
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

function sendMessage(ctx: Context): Fields {
  const { params, store, user, faults } = ctx;
  const type = messageType(params, faults);
  const to = params.str('to');
  const rawContent = params.str('content');
  const rawTopic = params.optStr('topic') ?? params.optStr('subject');
  const queueId = params.optStr('queue_id');
  const localId = params.optStr('local_id');
  // Fault `messages-queue-id-alone-accepted`.
  if ((queueId === undefined) !== (localId === undefined) && !faults.has('messages-queue-id-alone-accepted')) {
    throw missingParam(queueId === undefined ? 'queue_id' : 'local_id');
  }
  const read = readBySender(ctx) ?? false;
  const content = messageContent(rawContent, faults);

  let message: Message;
  let newTopic = false;
  if (type === 'stream') {
    const channel = unknownIdAsBadRequest(() => channelOf(to, ctx), faults);
    // Fault `send-missing-topic-accepted`: no topic reads as the empty topic.
    if (rawTopic === undefined && !faults.has('send-missing-topic-accepted')) throw missingParam('topic');
    const topic = channelTopic(rawTopic ?? '', channel, store, faults);
    const lower = topic.toLowerCase();
    newTopic =
      topic !== '' &&
      ![...store.messages.values()].some((m) => m.channelId === channel.id && m.topic.toLowerCase() === lower);
    message = { ...common(ctx, content, read), type, channelId: channel.id, topic, recipients: [] };
  } else {
    // Fault `messages-direct-topic-rejected`: a topic on a direct message is refused instead of ignored.
    if (rawTopic !== undefined && faults.has('messages-direct-topic-rejected')) {
      throw badRequest('Direct messages have no topic');
    }
    const emails = !faults.has('messages-email-recipients-rejected');
    const others = directRecipients(to, ctx, { emails });
    const recipients = [user.id, ...others.map((u) => u.id)].sort((a, b) => a - b);
    message = { ...common(ctx, content, read), type, channelId: null, topic: '', recipients };
  }
  store.messages.set(message.id, message);
  const audience = audienceOf(store, message);
  // A muted sender's new messages arrive read for the muter. Fault `mute-messages-arrive-unread`.
  if (!faults.has('mute-messages-arrive-unread')) {
    for (const id of audience) if (id !== user.id && isMuted(store, id, user.id)) message.readBy.add(id);
  }

  const dict = messageDict(store, message);
  store.events.pushPerQueue(audience, 'message', (queue) => {
    const echo = queue.userId === user.id && queue.id === queueId && !faults.has('messages-local-message-id-missing');
    return {
      type: 'message',
      message: dict,
      flags: flagsOf(message, queue.userId),
      ...(echo ? { local_message_id: localId } : {}),
    };
  });
  // Fault `messages-id-as-string`.
  const id = faults.has('messages-id-as-string') ? String(message.id) : message.id;
  // Fault `messages-visibility-policy-on-direct`.
  if (faults.has('messages-visibility-policy-on-direct') && type === 'private') {
    return { id, automatic_new_visibility_policy: FOLLOWED };
  }
  if (!newTopic) return { id };
  store.events.push([user.id], {
    type: 'user_topic',
    stream_id: message.channelId,
    topic_name: message.topic,
    last_updated: message.timestamp,
    visibility_policy: FOLLOWED,
  });
  return { id, automatic_new_visibility_policy: FOLLOWED };
}

function common(ctx: Context, content: string, readBySender: boolean) {
  return {
    id: ctx.store.nextId('message'),
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
  if (message.senderId !== user.id && !isAdmin(user))
    throw badRequest("You don't have permission to delete this message");
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

function render({ params, faults }: Context): Fields {
  // Fault `render-missing-content-accepted`.
  const content = faults.has('render-missing-content-accepted')
    ? (params.optStr('content') ?? '')
    : params.str('content');
  // Real Zulip renders empty and over-long content without complaint; so does this server.
  return {
    rendered: renderMarkdown(content, {
      rawInline: faults.has('render-raw-markdown'),
      noEscape: faults.has('render-html-unescaped'),
      flatBlocks: faults.has('render-blocks-as-paragraphs'),
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
  const terms = parseNarrow(narrow);
  const messages: Record<string, unknown> = {};
  for (const id of ids as number[]) {
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
