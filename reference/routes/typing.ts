/**
 * POST /typing. Direct typing goes to the recipients' queues (the sender's included, as in Zulip); channel typing
 * goes to the other subscribers' queues that declared the `stream_typing_notifications` capability.
 */
import { canAccessChannelContent } from '../core/channels.ts';
import type { Context, Fields, Route } from '../core/context.ts';
import { badRequest, invalidParam } from '../core/errors.ts';
import { directRecipients } from '../core/messages.ts';
import { effectivePolicy, readTopic } from '../core/topics.ts';
import { apiEmail } from '../core/users.ts';

const TYPES = new Set(['direct', 'stream', 'channel']);

function typing(ctx: Context): Fields {
  const { params, store, user, faults } = ctx;
  // Fault `typing-type-required`: no default type.
  const type = faults.has('typing-type-required') ? params.str('type') : (params.optStr('type') ?? 'direct');
  // Fault `typing-private-accepted`: the pre-215 name still works.
  // Fault `typing-channel-alias-refused`: "channel" (the alias of "stream" from level 248) is not a type.
  const refused = type === 'channel' && faults.has('typing-channel-alias-refused');
  if (refused || (!TYPES.has(type) && !(type === 'private' && faults.has('typing-private-accepted')))) {
    throw invalidParam('type', 'Invalid type');
  }
  // Fault `typing-missing-op-accepted`: no op means start.
  const op = faults.has('typing-missing-op-accepted') ? (params.optStr('op') ?? 'start') : params.str('op');
  if (op !== 'start' && op !== 'stop') throw invalidParam('op', 'Invalid op');
  const sender = { user_id: user.id, email: apiEmail(user) };
  // Fault `typing-stop-never-sent`: stop succeeds but tells no one.
  const silent = op === 'stop' && faults.has('typing-stop-never-sent');

  if (type === 'direct' || type === 'private') {
    const to = params.str('to');
    const others = directRecipients(to, ctx, { emails: false });
    const ids = [user.id, ...others.map((u) => u.id)];
    const recipients = ids.map((id) => ({ user_id: id, email: apiEmail(store.userById(id)!) }));
    if (!silent) store.events.push(ids, { type: 'typing', op, message_type: 'direct', sender, recipients });
    return {};
  }
  // Fault `typing-stream-id-optional`: a channel typing notification without stream_id is dropped quietly.
  if (!params.has('stream_id') && faults.has('typing-stream-id-optional')) return {};
  if (!params.has('stream_id')) throw badRequest('Missing stream_id');
  const streamId = params.int('stream_id');
  const rawTopic = params.str('topic');
  const channel = store.channelById(streamId);
  if (!channel || channel.isArchived || !canAccessChannelContent(store, user, channel)) {
    throw badRequest('Invalid channel ID');
  }
  // Fault `typing-topic-not-normalized`: the topic goes out as given.
  const topic = faults.has('typing-topic-not-normalized') ? rawTopic : readTopic(rawTopic, store, faults);
  // Variant `realm-older-defaults`: the empty topic is refused where the channel's policy disables it.
  if (
    store.variants.has('realm-older-defaults') &&
    topic === '' &&
    effectivePolicy(channel, store) === 'disable_empty_topic'
  )
    throw badRequest('Sending messages to the general chat is not allowed in this channel.');
  const others = store.subscribersOf(channel.id).filter((id) => id !== user.id);
  if (silent || faults.has('typing-channel-no-event')) return {};
  store.events.pushPerQueue(others, 'typing', (queue) =>
    queue.clientCapabilities.stream_typing_notifications === true
      ? { type: 'typing', op, message_type: 'stream', sender, stream_id: channel.id, topic }
      : null,
  );
  return {};
}

export const typingRoutes: readonly Route[] = [{ method: 'POST', path: '/typing', handler: typing }];
