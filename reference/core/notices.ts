/**
 * The notice Zulip posts in every channel it creates (Zulip 11 and earlier, and later servers with
 * `send_channel_events_messages` on): a Notification Bot message in topic "channel events", the channel's first
 * message, unread for its subscribers. The contract never promises a new channel is empty; the suite must read,
 * not assume, a channel's history, and this notice keeps it honest.
 */
import { flagsOf, messageDict } from './messages.ts';
import type { Channel, Message, User } from './model.ts';
import type { Store } from './store.ts';

export const CHANNEL_EVENTS_TOPIC = 'channel events';

export function postCreationNotice(store: Store, channel: Channel, creator: User): void {
  const kind = channel.isWebPublic ? 'Web-public' : channel.inviteOnly ? 'Private' : 'Public';
  const description =
    channel.description === '' ? '' : ` **Description:**\n\`\`\`\` quote\n${channel.description}\n\`\`\`\``;
  const message: Message = {
    id: store.nextId('message'),
    seq: store.nextMessageSeq(),
    senderId: store.notificationBot.id,
    type: 'stream',
    channelId: channel.id,
    topic: CHANNEL_EVENTS_TOPIC,
    recipients: [],
    content: `**${kind}** channel created by @_**${creator.fullName}|${creator.id}**.${description}`,
    timestamp: store.nowSeconds(),
    sentAtMs: store.clock(),
    readBy: new Set(),
  };
  store.messages.set(message.id, message);
  const dict = messageDict(store, message);
  store.events.pushPerQueue(store.subscribersOf(channel.id), 'message', (queue) => ({
    type: 'message',
    message: dict,
    flags: flagsOf(message, queue.userId),
  }));
}
