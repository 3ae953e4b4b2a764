/** POST and GET /scheduled_messages, DELETE /scheduled_messages/{scheduled_message_id}. Nothing is delivered. */

import { canAccessChannelContent } from '../core/channels.ts';
import type { Context, Fields, Route } from '../core/context.ts';
import { ApiError, badRequest, invalidParam, missingParam, notFound } from '../core/errors.ts';
import { renderMarkdown } from '../core/markdown.ts';
import { directRecipients, messageContent, messageType } from '../core/messages.ts';
import type { ScheduledMessage } from '../core/model.ts';
import { channelTopic } from '../core/topics.ts';

function channelId(ctx: Context, to: unknown): number {
  const { store, user, faults } = ctx;
  const id = Array.isArray(to) && to.length === 1 ? to[0] : to;
  // Fault `scheduled-channel-id-rejected`.
  if (!Number.isSafeInteger(id) || faults.has('scheduled-channel-id-rejected')) {
    throw invalidParam('to', 'Channel messages need one channel ID in to');
  }
  const channel = store.channelById(id as number);
  if (!channel || channel.isArchived || !canAccessChannelContent(store, user, channel)) {
    // Fault `scheduled-stream-id-missing`.
    const extra = faults.has('scheduled-stream-id-missing') ? {} : { stream_id: id };
    throw new ApiError(400, 'STREAM_DOES_NOT_EXIST', `Channel with ID '${id}' does not exist`, extra);
  }
  return channel.id;
}

type Address = Pick<ScheduledMessage, 'to' | 'topic'>;

function createScheduled(ctx: Context): Fields {
  const { params, store, user, faults } = ctx;
  const type = messageType(params, faults);
  const to = params.json('to');
  const rawContent = params.str('content');
  const rawTopic = params.optStr('topic');
  const deliveryTimestamp = params.int('scheduled_delivery_timestamp');
  const readBySender = params.optBool('read_by_sender') ?? null;
  // Fault `scheduled-content-limit-ignored`: over-long content is kept whole.
  const content = messageContent(rawContent, store, {
    truncate: !faults.has('scheduled-content-limit-ignored'),
  });
  if (deliveryTimestamp <= store.nowSeconds()) throw badRequest('Scheduled delivery time must be in the future.');
  const address = type === 'stream' ? channelAddress(ctx, to, rawTopic) : directAddress(ctx, to);
  // Fault `scheduled-sent-immediately`: sent now, and the message's id returned as the scheduled message's.
  if (faults.has('scheduled-sent-immediately')) return { scheduled_message_id: sendNow(ctx, type, address, content) };
  const scheduled: ScheduledMessage = {
    id: store.nextId('scheduled'),
    userId: user.id,
    type,
    ...address,
    content,
    deliveryTimestamp,
    readBySender,
  };
  store.scheduledMessages.set(scheduled.id, scheduled);
  return { scheduled_message_id: scheduled.id };
}

/** A channel message: `to` is one channel ID; the topic is required and follows the channel's topic rule. */
function channelAddress(ctx: Context, to: unknown, rawTopic: string | undefined): Address {
  const { store, faults } = ctx;
  const id = channelId(ctx, to);
  // Fault `schedule-missing-topic-accepted`: no topic reads as the empty topic.
  if (rawTopic === undefined && !faults.has('schedule-missing-topic-accepted')) throw missingParam('topic');
  // Fault `scheduled-topic-rule-ignored`: the topic is stored as given.
  const topic = faults.has('scheduled-topic-rule-ignored')
    ? (rawTopic ?? '')
    : channelTopic(rawTopic ?? '', store.channelById(id)!, store, faults);
  return { to: id, topic };
}

/** A direct message: `to` is a list of user IDs (the sender left out unless alone). */
function directAddress(ctx: Context, to: unknown): Address {
  if (!Array.isArray(to)) throw invalidParam('to', 'Direct messages need a list of user IDs in to');
  const others = directRecipients(JSON.stringify(to), ctx, { emails: false });
  return { to: others.length ? others.map((u) => u.id) : [ctx.user.id], topic: '' };
}

/** Fault `scheduled-sent-immediately`: the message is sent at once; answers the sent message's id. */
function sendNow({ store, user }: Context, type: ScheduledMessage['type'], address: Address, content: string): number {
  const id = store.nextId('message');
  const channelMessage = type === 'stream';
  store.messages.set(id, {
    id,
    seq: store.nextMessageSeq(),
    senderId: user.id,
    type,
    channelId: channelMessage ? (address.to as number) : null,
    topic: address.topic,
    recipients: channelMessage ? [] : [user.id, ...(address.to as number[])].sort((a, b) => a - b),
    content,
    timestamp: store.nowSeconds(),
    readBy: new Set([user.id]),
  });
  return id;
}

function listScheduled({ store, user }: Context): Fields {
  const scheduled_messages = [...store.scheduledMessages.values()]
    .filter((s) => s.userId === user.id)
    .sort((a, b) => a.deliveryTimestamp - b.deliveryTimestamp || a.id - b.id)
    .map((s) => ({
      scheduled_message_id: s.id,
      type: s.type,
      to: s.to,
      ...(s.type === 'stream' ? { topic: s.topic } : {}),
      content: s.content,
      rendered_content: renderMarkdown(s.content),
      scheduled_delivery_timestamp: s.deliveryTimestamp,
      failed: false,
    }));
  return { scheduled_messages };
}

function deleteScheduled({ store, user, path }: Context): Fields {
  const scheduled = store.scheduledMessages.get(path.scheduled_message_id!);
  if (!scheduled || scheduled.userId !== user.id) throw notFound('Scheduled message does not exist');
  store.scheduledMessages.delete(scheduled.id);
  return {};
}

export const scheduledRoutes: readonly Route[] = [
  { method: 'POST', path: '/scheduled_messages', handler: createScheduled },
  { method: 'GET', path: '/scheduled_messages', handler: listScheduled },
  { method: 'DELETE', path: '/scheduled_messages/{scheduled_message_id}', handler: deleteScheduled },
];
