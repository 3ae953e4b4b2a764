/** Channel access rules and the channel / subscription objects of the API. */
import { type Channel, isAdmin, isGuest, type User } from './model.ts';
import type { Store } from './store.ts';

/** Content access: subscribed; or a public channel for non-guests; or a web-public channel for guests. */
export function canAccessChannelContent(store: Store, user: User, channel: Channel): boolean {
  if (store.isSubscribed(channel.id, user.id)) return true;
  if (isGuest(user)) return channel.isWebPublic;
  return !channel.inviteOnly;
}

/** Metadata access: content access, or an administrator looking at a private channel. */
export function canSeeChannel(store: Store, user: User, channel: Channel): boolean {
  return canAccessChannelContent(store, user, channel) || (isAdmin(user) && channel.inviteOnly);
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function channelObject(channel: Channel): Record<string, unknown> {
  return {
    stream_id: channel.id,
    name: channel.name,
    is_archived: channel.isArchived,
    description: channel.description,
    rendered_description: channel.description === '' ? '' : `<p>${escapeHtml(channel.description)}</p>`,
    date_created: channel.dateCreated,
    creator_id: channel.creatorId,
    invite_only: channel.inviteOnly,
    is_web_public: channel.isWebPublic,
    stream_post_policy: 1,
    is_announcement_only: false,
    message_retention_days: channel.messageRetentionDays,
    history_public_to_subscribers: channel.historyPublicToSubscribers,
    topics_policy: channel.topicsPolicy,
    first_message_id: null,
    folder_id: null,
    is_recently_active: false,
    ...structuredClone(channel.groups),
  };
}

const COLORS = ['#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5'];

export function subscriptionObject(store: Store, channel: Channel, withSubscribers: boolean): Record<string, unknown> {
  return {
    ...channelObject(channel),
    ...(withSubscribers ? { subscribers: store.subscribersOf(channel.id).sort((a, b) => a - b) } : {}),
    desktop_notifications: null,
    email_notifications: null,
    wildcard_mentions_notify: null,
    push_notifications: null,
    audible_notifications: null,
    pin_to_top: false,
    is_muted: false,
    in_home_view: true,
    color: COLORS[channel.id % COLORS.length],
    stream_weekly_traffic: null,
  };
}

/** Problems with a channel name, or undefined when it is acceptable. Length counts code points. */
export function channelNameProblem(name: string, maxLength: number): string | undefined {
  if (name === '') return "Channel name can't be empty.";
  if ([...name].length > maxLength) return `Channel name too long (limit: ${maxLength} characters).`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  const bad = name.search(/[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/);
  if (bad >= 0) return `Invalid character in channel name, at position ${bad + 1}.`;
  return undefined;
}
