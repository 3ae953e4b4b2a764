/**
 * GET /streams (contract 13), POST /streams/{stream_id}/delete_topic (9), POST /mark_topic_as_read (12).
 */
import { listChannels, mayListAllActive } from '../core/channel-listing.ts';
import { canSeeChannel, channelObject, firstMessageId } from '../core/channels.ts';
import type { Context, Fields, Route } from '../core/context.ts';
import { ApiError, badRequest } from '../core/errors.ts';
import { audienceOf, markRead } from '../core/messages.ts';
import { type Channel, isAdmin, type Message } from '../core/model.ts';
import { EDIT_READING, readTopic } from '../core/topics.ts';
import { wasUnsubscribed } from './channels.ts';

function listStreams({ params, store, user, faults }: Context): Fields {
  const filters = {
    includePublic: params.bool('include_public', true),
    includeWebPublic: params.bool('include_web_public', false),
    includeSubscribed: params.bool('include_subscribed', true),
    excludeArchived: params.bool('exclude_archived', true),
    includeAll: params.bool('include_all', false),
    includeDefault: params.bool('include_default', false),
    includeOwnerSubscribed: params.bool('include_owner_subscribed', false),
    includeCanAccessContent: params.bool('include_can_access_content', false),
    includeAllActive: params.bool('include_all_active', false),
  };
  if (filters.includeAllActive && !mayListAllActive(user) && !faults.has('channels-include-all-for-members')) {
    throw badRequest('User not authorized for this query');
  }
  const listed = listChannels(store, user, filters, faults);
  // Fault `sequence-subs-left-private-listed`: a private channel the caller was once unsubscribed from still counts
  // as subscribed.
  if (faults.has('sequence-subs-left-private-listed') && filters.includeSubscribed)
    listed.push(
      ...[...store.channels.values()].filter(
        (c) =>
          c.inviteOnly &&
          !(filters.excludeArchived && c.isArchived) &&
          !listed.includes(c) &&
          wasUnsubscribed(store, c.id, user.id),
      ),
    );
  const streams = listed.map((c) => ({
    ...channelObject(store, c, faults),
    ...(filters.includeDefault ? { is_default: c.isDefault } : {}),
  }));
  return { streams };
}

function visibleChannel({ store, user }: Context, id: number): Channel {
  const channel = store.channelById(id);
  if (!channel || !canSeeChannel(store, user, channel)) throw badRequest('Invalid channel ID');
  return channel;
}

/** The topic a parameter names (the empty-topic display name read as ""; `(no topic)` as written, as in Zulip). */
function topicParam({ params, store, faults }: Context): string {
  const raw = params.str('topic_name');
  // Fault `channels-topic-delete-display-name-literal`: the display name is taken as a topic of its own.
  if (faults.has('channels-topic-delete-display-name-literal')) return raw.trim();
  return readTopic(raw, store, faults, EDIT_READING);
}

function deleteTopic(ctx: Context): Fields {
  const { store, faults, path } = ctx;
  const channel = visibleChannel(ctx, path.stream_id!);
  checkMayDeleteTopics(ctx);
  const topic = topicParam(ctx).toLowerCase();
  const firstBefore = firstMessageId(store, channel.id);
  const doomed = messagesToDelete(ctx, channel, topic);
  const oldest = doomed.find((m) => m.id === firstBefore);
  // One batch per request: `complete` tells the client whether to ask again.
  const batch = doomed.slice(0, store.deleteTopicBatchSize);
  for (const message of batch) {
    const audience = audienceOf(store, message);
    store.messages.delete(message.id);
    store.events.push(audience, {
      type: 'delete_message',
      message_id: message.id,
      message_type: 'stream',
      stream_id: channel.id,
      topic: message.topic,
    });
  }
  // Fault `sequence-oldest-event-misses-moved-in`: an oldest message moved into the topic goes unannounced.
  const movedIn = oldest?.firstTopic !== undefined && oldest.firstTopic.toLowerCase() !== oldest.topic.toLowerCase();
  if (!(movedIn && faults.has('sequence-oldest-event-misses-moved-in')))
    announceFirstMessageId(ctx, channel, firstBefore);
  // Fault `channels-topic-delete-complete-early`: complete is true after the first batch.
  const complete = doomed.length <= batch.length || faults.has('channels-topic-delete-complete-early');
  return { complete };
}

/** Deleting a topic is for administrators only (`UNAUTHORIZED_PRINCIPAL`). */
function checkMayDeleteTopics({ user, faults }: Context): void {
  // Fault `channels-topic-delete-by-member`: any member may delete a topic.
  if (isAdmin(user) || faults.has('channels-topic-delete-by-member')) return;
  // Fault `channels-topic-delete-wrong-code`.
  const code = faults.has('channels-topic-delete-wrong-code') ? 'BAD_REQUEST' : 'UNAUTHORIZED_PRINCIPAL';
  throw new ApiError(400, code, 'Must be an organization administrator');
}

/** The topic's messages in the channel (matched case-insensitively), newest first. */
function messagesToDelete({ store, faults }: Context, channel: Channel, topic: string): Message[] {
  // Fault `channels-topic-delete-every-channel`: the topic is looked up in every channel.
  const anyChannel = faults.has('channels-topic-delete-every-channel');
  // Fault `sequence-delete-topic-by-first-topic`: the messages sent to the topic go, wherever they were moved since.
  const topicOf = (m: Message) =>
    faults.has('sequence-delete-topic-by-first-topic') ? (m.firstTopic ?? m.topic) : m.topic;
  // Fault `sequence-delete-topic-misses-moved-in`: the messages moved into the topic since it got them stay.
  const movedIn = (m: Message) =>
    faults.has('sequence-delete-topic-misses-moved-in') &&
    m.firstTopic !== undefined &&
    m.firstTopic.toLowerCase() !== topic;
  const doomed = [...store.messages.values()]
    .filter((m) => (anyChannel || m.channelId === channel.id) && topicOf(m).toLowerCase() === topic && !movedIn(m))
    .sort((a, b) => b.seq - a.seq);
  // Fault `channels-topic-delete-oldest-first`.
  if (faults.has('channels-topic-delete-oldest-first')) doomed.reverse();
  return doomed;
}

/** When the channel's oldest message went, a `stream` `update` event with its new `first_message_id`. */
function announceFirstMessageId({ store, faults }: Context, channel: Channel, firstBefore: number | null): void {
  const firstAfter = firstMessageId(store, channel.id);
  // Fault `channels-topic-delete-no-first-message-event`.
  if (firstAfter === firstBefore || faults.has('channels-topic-delete-no-first-message-event')) return;
  const watchers = [...store.users.values()].filter((u) => canSeeChannel(store, u, channel)).map((u) => u.id);
  store.events.push(watchers, {
    type: 'stream',
    op: 'update',
    property: 'first_message_id',
    value: firstAfter,
    stream_id: channel.id,
    name: channel.name,
  });
}

function markTopicAsRead(ctx: Context): Fields {
  const { params, store, faults } = ctx;
  // Fault `channels-topic-read-missing-topic-accepted`.
  if (faults.has('channels-topic-read-missing-topic-accepted') && !params.has('topic_name')) {
    params.int('stream_id');
    return {};
  }
  const channel = visibleChannel(ctx, params.int('stream_id'));
  // Fault `channels-topic-read-display-name-refused`: the display name is taken literally, so "" is not found.
  const raw = params.str('topic_name');
  const topic = (faults.has('channels-topic-read-display-name-refused') ? raw.trim() : topicParam(ctx)).toLowerCase();
  // Like Zulip, a named topic without messages is an error (the empty topic is not looked up).
  const inTopic = (m: Message) => m.channelId === channel.id && m.topic.toLowerCase() === topic;
  if (topic !== '' && ![...store.messages.values()].some(inTopic)) throw badRequest(`No such topic '${raw}'`);
  // Fault `channels-topic-read-not-marked`: success, and nothing is marked read. Fault
  // `channels-topic-read-whole-channel`: every message of the channel is marked read.
  const wholeChannel = faults.has('channels-topic-read-whole-channel');
  // Fault `channels-topic-read-empty-topic-unmarked`: the empty topic (by its display name or "") marks nothing.
  if (topic === '' && faults.has('channels-topic-read-empty-topic-unmarked')) return {};
  // Fault `sequence-mark-read-by-first-topic`: the messages sent to the topic are marked, wherever they were moved
  // since, and not those moved into it.
  const marked = faults.has('sequence-mark-read-by-first-topic')
    ? (m: Message) =>
        (m.firstChannelId ?? m.channelId) === channel.id && (m.firstTopic ?? m.topic).toLowerCase() === topic
    : inTopic;
  if (!faults.has('channels-topic-read-not-marked'))
    markRead(store, ctx.user, (m) => marked(m) || (wholeChannel && m.channelId === channel.id));
  return {};
}

export const streamRoutes: readonly Route[] = [
  { method: 'GET', path: '/streams', handler: listStreams },
  { method: 'POST', path: '/streams/{stream_id}/delete_topic', handler: deleteTopic },
  { method: 'POST', path: '/mark_topic_as_read', handler: markTopicAsRead },
];
