/** Channel access rules and the channel / subscription objects of the API. */
import type { Faults } from '../faults.ts';
import { type Channel, isAdmin, isGuest, type User } from './model.ts';
import { inGroupSetting } from './realm.ts';
import type { Store } from './store.ts';

/**
 * Content access (Zulip's): subscribed; or a public channel for non-guests; or a web-public channel for guests; or,
 * for a private channel, membership of its `can_add_subscribers_group` or `can_subscribe_group`. Being an
 * administrator gives none: administrators see a private channel's metadata, not its messages.
 */
export function canAccessChannelContent(store: Store, user: User, channel: Channel): boolean {
  if (store.isSubscribed(channel.id, user.id)) return true;
  // Variant `admins-access-all-content`.
  if (isAdmin(user) && store.variants.has('admins-access-all-content')) return true;
  if (isGuest(user)) return channel.isWebPublic;
  if (!channel.inviteOnly) return true;
  return CONTENT_ACCESS_GROUPS.some((key) => {
    const setting = channel.groups[key];
    return setting !== undefined && inGroupSetting(user, setting);
  });
}

const CONTENT_ACCESS_GROUPS = ['can_add_subscribers_group', 'can_subscribe_group'] as const;

/** Metadata access: content access, or an administrator looking at a private channel. */
export function canSeeChannel(store: Store, user: User, channel: Channel): boolean {
  if (canAccessChannelContent(store, user, channel) || (isAdmin(user) && channel.inviteOnly)) return true;
  // Variant `guests-see-public-channels`: a guest has metadata access to public channels (not their content).
  return isGuest(user) && !channel.inviteOnly && store.variants.has('guests-see-public-channels');
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The id of the channel's oldest message (the first sent, whatever its id), or null when it has none. */
export function firstMessageId(store: Store, channelId: number): number | null {
  let first: { id: number; seq: number } | null = null;
  for (const m of store.messages.values())
    if (m.channelId === channelId && (first === null || m.seq < first.seq)) first = m;
  return first?.id ?? null;
}

export function channelObject(store: Store, channel: Channel, faults: Faults): Record<string, unknown> {
  const object: Record<string, unknown> = {
    stream_id: channel.id,
    name: channel.name,
    // Fault `channels-archived-flag-false`.
    is_archived: channel.isArchived && !faults.has('channels-archived-flag-false'),
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
    // Fault `channels-first-message-id-null`.
    first_message_id: faults.has('channels-first-message-id-null') ? null : firstMessageId(store, channel.id),
    folder_id: null,
    is_recently_active: false,
    ...structuredClone(channel.groups),
  };
  // Fault `channels-rendered-description-missing`.
  if (faults.has('channels-rendered-description-missing')) delete object.rendered_description;
  // Fault `channels-creatorless-admin-null`: a channel created by no one names a null administrator.
  if (channel.creatorId === null && faults.has('channels-creatorless-admin-null'))
    object.can_administer_channel_group = { direct_members: [null], direct_subgroups: [] };
  return object;
}

/** `include_subscribers`: `false` (none), `true` (every subscriber), `partial` (bots and recently active users). */
export type SubscriberListing = 'false' | 'true' | 'partial';

/** Below this many subscribers the whole list is returned even for `partial` (contract: Limits). */
const PARTIAL_THRESHOLD = 250;

function subscriberFields(store: Store, channel: Channel, listing: SubscriberListing, faults: Faults) {
  // Fault `channels-subs-subscribers-unasked`.
  const effective = listing === 'false' && faults.has('channels-subs-subscribers-unasked') ? 'true' : listing;
  if (effective === 'false') return {};
  let ids = store.subscribersOf(channel.id).sort((a, b) => a - b);
  // Fault `channels-subs-partial-drops-bots`.
  if (effective === 'partial' && faults.has('channels-subs-partial-drops-bots')) {
    ids = ids.filter((id) => !store.userById(id)?.bot);
  }
  // Fault `channels-subs-partial-small`: even a small channel gets partial_subscribers.
  const small = ids.length < PARTIAL_THRESHOLD && !faults.has('channels-subs-partial-small');
  // Variant `partial-subscribers-full`: a large channel's whole list all the same ("may replace"); the fault above
  // departs beside it too (its converse), a small channel's list made partial.
  const wholeLists = store.variants.has('partial-subscribers-full') && !faults.has('channels-subs-partial-small');
  const partial = effective === 'partial' && !wholeLists;
  if (partial && (!small || faults.has('channels-subs-partial-drops-bots'))) {
    // Every account that joined or wrote lately counts as recently active; by default, every account does.
    // Variant `partial-subscribers-subset`: only bots and those, a strict subset where others are idle.
    if (store.variants.has('partial-subscribers-subset'))
      return { partial_subscribers: ids.filter((id) => recentlyActive(store, id)) };
    return { partial_subscribers: ids };
  }
  return { subscribers: ids };
}

const FOURTEEN_DAYS_MS = 14 * 86_400_000;

/** A bot, or a user who joined or sent a message in the last 14 days (the contract's partial-subscriber promise). */
function recentlyActive(store: Store, userId: number): boolean {
  const user = store.userById(userId);
  if (!user || user.bot) return true;
  const since = store.clock() - FOURTEEN_DAYS_MS;
  if (user.dateJoined >= since) return true;
  for (const m of store.messages.values()) if (m.senderId === userId && m.timestamp * 1000 >= since) return true;
  return false;
}

/** This server keeps no per-user channel muting: every subscription reads as not muted. */
const MUTED = false;

const COLORS = ['#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5'];

export function subscriptionObject(
  store: Store,
  channel: Channel,
  listing: SubscriberListing,
  faults: Faults,
): Record<string, unknown> {
  return {
    ...channelObject(store, channel, faults),
    ...subscriberFields(store, channel, listing, faults),
    desktop_notifications: null,
    email_notifications: null,
    wildcard_mentions_notify: null,
    push_notifications: null,
    audible_notifications: null,
    pin_to_top: false,
    is_muted: MUTED,
    // Fault `channels-subs-in-home-view-equals-muted`: the deprecated field copies is_muted instead of inverting it.
    in_home_view: faults.has('channels-subs-in-home-view-equals-muted') ? MUTED : !MUTED,
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
