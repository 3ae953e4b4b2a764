/**
 * Sending messages: reading `type`, `to`, `content`; resolving recipients; the message dict of the API; who may
 * see a message. Over-long content is truncated like Zulip (topics are rejected instead: reference/README.md).
 */
import type { Faults } from '../faults.ts';
import { canAccessChannelContent } from './channels.ts';
import { ApiError, badRequest, invalidParam } from './errors.ts';
import { escapeHtml, renderMarkdown } from './markdown.ts';
import type { Channel, Message, User } from './model.ts';
import type { Params } from './params.ts';
import type { Store } from './store.ts';
import { apiEmail } from './users.ts';

export const TRUNCATION_MARKER = '\n[message truncated]';

export interface Env {
  readonly store: Store;
  readonly user: User;
  readonly faults: Faults;
}

/** `direct`/`private` → 'private'; `stream`/`channel` → 'stream'. */
export function messageType(params: Params, faults: Faults): 'stream' | 'private' {
  const type = params.str('type');
  if (type === 'direct') return 'private';
  // Fault `messages-private-rejected`.
  if (type === 'private' && !faults.has('messages-private-rejected')) return 'private';
  if (type === 'stream') return 'stream';
  // Fault `messages-channel-alias-rejected`.
  if (type === 'channel' && !faults.has('messages-channel-alias-rejected')) return 'stream';
  // Fault `send-unknown-type-as-channel`.
  if (faults.has('send-unknown-type-as-channel')) return 'stream';
  throw invalidParam('type', 'Invalid message type');
}

/**
 * Content as stored: leading newlines and trailing whitespace removed; over-long content truncated (unless the
 * caller's fault keeps it whole: `truncate: false`).
 */
export function messageContent(raw: string, store: Store, { truncate = true } = {}): string {
  const content = raw.replace(/^\n+/, '').trimEnd();
  if (content === '') throw badRequest('Message must not be empty');
  if (content.includes('\0')) throw badRequest('Message must not contain null bytes');
  return truncate ? withinLimit(content, store) : content;
}

/**
 * Content cut to `max_message_length` code points, ending in the truncation marker, as Zulip cuts it. Variant
 * `refuse-long-content`: refused instead.
 */
export function withinLimit(content: string, store: Store): string {
  const max = store.limits.maxMessageLength;
  const chars = [...content];
  if (chars.length <= max) return content;
  if (store.variants.has('refuse-long-content')) throw badRequest(`Message too long (limit: ${max} characters)`);
  return chars.slice(0, max - TRUNCATION_MARKER.length).join('') + TRUNCATION_MARKER;
}

/**
 * The channel a `to` names: a name, a JSON integer ID, a JSON string, or a one-element JSON list of either.
 * Unknown names and IDs are STREAM_DOES_NOT_EXIST with `stream` or `stream_id`.
 */
export function channelOf(to: string, { store, user, faults }: Env): Channel {
  let value: unknown = to;
  try {
    value = JSON.parse(to);
  } catch {
    // a plain channel name
  }
  if (Array.isArray(value) && value.length === 1) value = value[0];
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    // Fault `messages-channel-id-to-rejected`.
    if (faults.has('messages-channel-id-to-rejected')) throw badRequest('Invalid channel name');
    const channel = store.channelById(value);
    if (!channel || channel.isArchived || !canAccessChannelContent(store, user, channel)) {
      // Variant `unknown-channel-id-as-stream`: the ID named in `stream`, as given; fault
      // `send-unknown-channel-id-unnamed`: named in neither, with the variant on too (its converse).
      const extra = faults.has('send-unknown-channel-id-unnamed')
        ? {}
        : store.variants.has('unknown-channel-id-as-stream')
          ? { stream: String(value) }
          : { stream_id: value };
      throw new ApiError(400, 'STREAM_DOES_NOT_EXIST', `Channel with ID '${value}' does not exist`, extra);
    }
    return channel;
  }
  const name = typeof value === 'string' ? value : to;
  const channel = store.channelByName(name.trim());
  if (!channel || channel.isArchived || !canAccessChannelContent(store, user, channel)) {
    // Fault `messages-stream-field-missing`.
    const extra = faults.has('messages-stream-field-missing') ? {} : { stream: name };
    throw new ApiError(400, 'STREAM_DOES_NOT_EXIST', `Channel '${escapeHtml(name)}' does not exist`, extra);
  }
  return channel;
}

/**
 * The users a direct `to` names: a JSON list of user IDs or of emails, or a comma-separated string of emails.
 * The sender is left out unless alone; the result never includes the sender.
 */
export function directRecipients(to: string, { store, user, faults }: Env, { emails = true } = {}): User[] {
  let list: unknown;
  try {
    list = JSON.parse(to);
  } catch {
    list = to
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  if (typeof list === 'number' || typeof list === 'string') list = [list];
  if (!Array.isArray(list) || list.length === 0) throw badRequest('Message must have recipients');
  const users = new Map<number, User>();
  const allIds = list.every((v) => Number.isSafeInteger(v));
  const allEmails = list.every((v) => typeof v === 'string');
  if (!allIds && !(allEmails && emails)) throw invalidParam('to', 'Invalid recipients: use user IDs or emails');
  for (const item of list) {
    const found = typeof item === 'string' ? store.userByApiEmail(item) : store.userById(item as number);
    if (!found?.isActive) {
      // Fault `messages-invalid-email-accepted`: unknown emails are dropped while others remain.
      if (typeof item === 'string' && faults.has('messages-invalid-email-accepted')) continue;
      // Fault `scheduled-invalid-user-accepted`: unknown user IDs are dropped.
      if (typeof item === 'number' && faults.has('scheduled-invalid-user-accepted')) continue;
      throw badRequest(typeof item === 'string' ? `Invalid email '${item}'` : `Invalid user ID ${item}`);
    }
    users.set(found.id, found);
  }
  if (users.size === 0) throw badRequest('Message must have recipients');
  // Fault `messages-self-only-rejected`: the sender alone is no recipient.
  if (users.size === 1 && users.has(user.id) && faults.has('messages-self-only-rejected')) {
    throw badRequest('Message must have recipients other than yourself');
  }
  // Fault `messages-sender-kept-in-recipients`: the sender named beside others stays in the list, so the
  // conversation lists the sender twice (it is added again as the sender).
  if (!faults.has('messages-sender-kept-in-recipients')) users.delete(user.id);
  return [...users.values()];
}

/** Whether `user` may read `message`. */
export function canSeeMessage(store: Store, user: User, message: Message): boolean {
  if (message.type === 'private') return message.recipients.includes(user.id);
  const channel = store.channelById(message.channelId!);
  return channel !== undefined && canAccessChannelContent(store, user, channel);
}

/** Users whose queues get the message event: direct recipients, or the channel's subscribers. */
export function audienceOf(store: Store, message: Message): number[] {
  return message.type === 'private' ? [...message.recipients] : store.subscribersOf(message.channelId!);
}

/** The message's flags for one user (only "read" is kept here). */
export function flagsOf(message: Message, userId: number): string[] {
  return message.readBy.has(userId) ? ['read'] : [];
}

/** Marks for `user` every message it may read that `which` selects (muting, marking a topic read). */
export function markRead(store: Store, user: User, which: (m: Message) => boolean): void {
  for (const m of store.messages.values()) if (which(m) && canSeeMessage(store, user, m)) m.readBy.add(user.id);
}

const userRef = (u: User | undefined) => ({ id: u?.id, email: u && apiEmail(u), full_name: u?.fullName });

export function messageDict(
  store: Store,
  message: Message,
  { applyMarkdown = true, allowEmptyTopicName = true } = {},
): Record<string, unknown> {
  const sender = store.userById(message.senderId);
  const channel = message.channelId === null ? undefined : store.channelById(message.channelId);
  const topic =
    message.topic === '' && message.type === 'stream' && !allowEmptyTopicName
      ? store.realm.emptyTopicDisplayName
      : message.topic;
  return {
    id: message.id,
    sender_id: message.senderId,
    sender_email: sender && apiEmail(sender),
    sender_full_name: sender?.fullName,
    type: message.type,
    ...(channel ? { stream_id: channel.id, display_recipient: channel.name } : {}),
    ...(message.type === 'private'
      ? { display_recipient: message.recipients.map((id) => userRef(store.userById(id))) }
      : {}),
    subject: topic,
    content: applyMarkdown ? renderMarkdown(message.content) : message.content,
    content_type: applyMarkdown ? 'text/html' : 'text/x-markdown',
    timestamp: message.timestamp,
    reactions: [],
    topic_links: [],
    submessages: [],
  };
}
