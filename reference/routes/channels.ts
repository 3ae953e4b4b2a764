/**
 * Channel setup operations: subscribe (creating unknown channels), unsubscribe, list subscriptions,
 * look up a channel ID by name, archive a channel.
 */
import {
  canAccessChannelContent,
  canSeeChannel,
  channelNameProblem,
  type SubscriberListing,
  subscriptionObject,
} from '../core/channels.ts';
import type { Context, Fields, Route } from '../core/context.ts';
import { badRequest, invalidParam } from '../core/errors.ts';
import { type Channel, isAdmin, TOPICS_POLICIES, type TopicsPolicy, type User } from '../core/model.ts';
import { postCreationNotice } from '../core/notices.ts';
import { isJsonObject, type Params } from '../core/params.ts';
import { inGroupSetting, LIMITS } from '../core/realm.ts';
import type { Store } from '../core/store.ts';
import { principalsOf } from './principals.ts';

interface ChannelSpec {
  readonly name: string;
  readonly description: string;
}

function channelSpecs(params: Params): ChannelSpec[] {
  const specs = new Map<string, ChannelSpec>();
  for (const item of params.jsonList('subscriptions')) {
    if (!isJsonObject(item) || typeof item.name !== 'string') {
      throw invalidParam('subscriptions', 'subscriptions[] must be objects with a string name');
    }
    const name = item.name.trim();
    const problem = channelNameProblem(name, LIMITS.maxChannelNameLength);
    if (problem) throw badRequest(problem);
    const description = item.description ?? '';
    if (typeof description !== 'string') throw invalidParam('subscriptions', 'description must be a string');
    if ([...description].length > LIMITS.maxChannelDescriptionLength) {
      throw badRequest(`Channel description too long (limit: ${LIMITS.maxChannelDescriptionLength} characters).`);
    }
    if (!specs.has(name.toLowerCase())) specs.set(name.toLowerCase(), { name, description });
  }
  return [...specs.values()];
}

interface CreationOptions {
  readonly inviteOnly: boolean;
  readonly isWebPublic: boolean;
  readonly historyPublicToSubscribers: boolean | undefined;
  readonly isDefault: boolean;
  readonly topicsPolicy: TopicsPolicy;
}

function creationOptions(params: Params): CreationOptions {
  // Zulip parses the value as JSON (`"allow_empty_topic"`); the bare name is accepted too.
  const rawPolicy = params.optStr('topics_policy') ?? 'inherit';
  const topicsPolicy = /^\s*"/.test(rawPolicy) ? jsonString(rawPolicy) : rawPolicy;
  if (!(TOPICS_POLICIES as readonly string[]).includes(topicsPolicy)) {
    throw invalidParam('topics_policy', 'Invalid topics_policy');
  }
  for (const name of ['announce', 'authorization_errors_fatal', 'send_new_subscription_messages']) params.optBool(name);
  params.optJson('message_retention_days');
  params.optInt('folder_id');
  return {
    inviteOnly: params.bool('invite_only', false),
    isWebPublic: params.bool('is_web_public', false),
    historyPublicToSubscribers: params.optBool('history_public_to_subscribers'),
    isDefault: params.bool('is_default_stream', false),
    topicsPolicy: topicsPolicy as TopicsPolicy,
  };
}

function jsonString(raw: string): string {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'string') return value;
  } catch {
    // reported as invalid below
  }
  return raw;
}

function checkMayCreate(user: User, store: Store, opts: CreationOptions): void {
  if (opts.inviteOnly && opts.isWebPublic) throw badRequest('A web-public channel cannot be private.');
  if (opts.isDefault && opts.inviteOnly) throw badRequest('A default channel cannot be private.');
  if (opts.isDefault && !isAdmin(user)) throw badRequest('Must be an organization administrator');
  const setting = opts.isWebPublic
    ? 'can_create_web_public_channel_group'
    : opts.inviteOnly
      ? 'can_create_private_channel_group'
      : 'can_create_public_channel_group';
  const group = store.realm.groups[setting];
  if (group === undefined || !inGroupSetting(user, group)) throw badRequest('Insufficient permission');
}

/**
 * What the sequence faults of subscriptions remember, per store: the (channel, user) pairs once unsubscribed (faults
 * `sequence-subs-rejoin-ignored`, `sequence-subs-left-private-listed`), and those another user unsubscribed and the
 * user's listing still holds (fault `sequence-subs-removed-still-listed`).
 */
const memory = new WeakMap<Store, { left: Set<string>; stale: Set<string> }>();
function remembered(store: Store) {
  if (!memory.has(store)) memory.set(store, { left: new Set(), stale: new Set() });
  return memory.get(store)!;
}
const pair = (channelId: number, userId: number) => `${channelId}:${userId}`;

/** Whether the user was once unsubscribed from the channel. */
export const wasUnsubscribed = (store: Store, channelId: number, userId: number): boolean =>
  remembered(store).left.has(pair(channelId, userId));

function subscribe({ params, store, user, faults }: Context): Fields {
  const specs = channelSpecs(params);
  const principals = principalsOf(params, store, user);
  const opts = creationOptions(params);
  const others = principals.some((p) => p.id !== user.id);
  const addGroup = store.realm.groups.can_add_subscribers_group;
  for (const spec of specs) {
    const channel = store.channelByName(spec.name);
    if (!channel) {
      checkMayCreate(user, store, opts);
      continue;
    }
    if (channel.isArchived) throw badRequest(`Channel '${channel.name}' is archived.`);
    if (!canAccessChannelContent(store, user, channel) && !isAdmin(user)) {
      throw badRequest(`Unable to access channel (${spec.name}).`);
    }
    if (others && !isAdmin(user) && (addGroup === undefined || !inGroupSetting(user, addGroup))) {
      throw badRequest('Insufficient permission');
    }
  }

  const subscribed: Record<string, string[]> = {};
  const alreadySubscribed: Record<string, string[]> = {};
  const created: Channel[] = [];
  for (const spec of specs) {
    let channel = store.channelByName(spec.name);
    if (!channel) {
      channel = create(store, user, spec, opts);
      created.push(channel);
    }
    for (const principal of principals) {
      // Fault `sequence-subs-rejoin-ignored`: a user once unsubscribed is answered subscribed, and stays out.
      const ignored =
        faults.has('sequence-subs-rejoin-ignored') &&
        wasUnsubscribed(store, channel.id, principal.id) &&
        !store.isSubscribed(channel.id, principal.id);
      if (!ignored) remembered(store).stale.delete(pair(channel.id, principal.id));
      const into = ignored || store.subscribe(channel.id, principal.id) ? subscribed : alreadySubscribed;
      into[principal.id] = [...(into[principal.id] ?? []), channel.name];
    }
  }
  // As Zulip does, once the subscribers are in: the notice is unread for each of them.
  // Variant `no-channel-notices`: a new channel starts empty.
  if (!store.variants.has('no-channel-notices'))
    for (const channel of created) postCreationNotice(store, channel, user);
  return { subscribed, already_subscribed: alreadySubscribed };
}

function create(store: Store, user: User, spec: ChannelSpec, opts: CreationOptions): Channel {
  return store.createChannel({
    name: spec.name,
    description: spec.description,
    inviteOnly: opts.inviteOnly,
    isWebPublic: opts.isWebPublic,
    historyPublicToSubscribers: opts.inviteOnly ? (opts.historyPublicToSubscribers ?? false) : true,
    isDefault: opts.isDefault,
    topicsPolicy: opts.topicsPolicy,
    creatorId: user.id,
  });
}

function unsubscribe({ params, store, user }: Context): Fields {
  const names = params.jsonList('subscriptions');
  if (!names.every((n) => typeof n === 'string'))
    throw invalidParam('subscriptions', 'subscriptions[] is not a string');
  const principals = principalsOf(params, store, user);
  const channels = (names as string[]).map((name) => {
    const channel = store.channelByName(name.trim());
    if (!channel || !canSeeChannel(store, user, channel)) throw badRequest(`Channel(s) (${name}) do not exist`);
    return channel;
  });
  for (const channel of channels) {
    const group = channel.groups.can_remove_subscribers_group;
    const mayRemoveOthers = isAdmin(user) || (group !== undefined && inGroupSetting(user, group));
    if (principals.some((p) => p.id !== user.id) && !mayRemoveOthers) throw badRequest('Insufficient permission');
  }
  const removed: string[] = [];
  const notRemoved: string[] = [];
  for (const channel of channels) {
    for (const principal of principals) {
      const gone = store.unsubscribe(channel.id, principal.id);
      (gone ? removed : notRemoved).push(channel.name);
      if (!gone) continue;
      remembered(store).left.add(pair(channel.id, principal.id));
      if (principal.id !== user.id) remembered(store).stale.add(pair(channel.id, principal.id));
    }
  }
  return { removed, not_removed: notRemoved };
}

function listSubscriptions({ params, store, user, faults }: Context): Fields {
  const raw = params.optStr('include_subscribers')?.trim() ?? 'false';
  if (!['true', 'false', 'partial', '"partial"'].includes(raw)) {
    throw invalidParam('include_subscribers', 'include_subscribers must be true, false or "partial"');
  }
  const listing = raw.replace(/"/g, '') as SubscriberListing;
  const subscriptions = [...store.channels.values()]
    // Fault `subs-unsubscribed-listed`: every public channel counts as a subscription. Fault
    // `sequence-subs-removed-still-listed`: so does one another user unsubscribed the caller from.
    .filter(
      (c) =>
        store.isSubscribed(c.id, user.id) ||
        (faults.has('subs-unsubscribed-listed') && !c.inviteOnly) ||
        (faults.has('sequence-subs-removed-still-listed') && remembered(store).stale.has(pair(c.id, user.id))),
    )
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((c) => subscriptionObject(store, c, listing, faults));
  return { subscriptions };
}

function getStreamId({ params, store, user }: Context): Fields {
  const name = params.str('stream');
  const channel = store.channelByName(name.trim());
  // Content access, as Zulip asks here: an administrator not subscribed to a private channel is refused.
  if (!channel || !canAccessChannelContent(store, user, channel)) throw badRequest(`Invalid channel name '${name}'`);
  return { stream_id: channel.id };
}

function archiveChannel({ path, store, user }: Context): Fields {
  const channel = store.channelById(path.stream_id!);
  if (!channel || !canSeeChannel(store, user, channel)) throw badRequest('Invalid channel ID');
  if (!isAdmin(user)) throw badRequest('Must be an organization administrator');
  if (channel.isArchived) throw badRequest('Channel is already deactivated');
  channel.isArchived = true;
  channel.isDefault = false;
  return {};
}

export const channelRoutes: readonly Route[] = [
  { method: 'GET', path: '/users/me/subscriptions', handler: listSubscriptions },
  { method: 'POST', path: '/users/me/subscriptions', handler: subscribe },
  { method: 'DELETE', path: '/users/me/subscriptions', handler: unsubscribe },
  { method: 'GET', path: '/get_stream_id', handler: getStreamId },
  { method: 'DELETE', path: '/streams/{stream_id}', handler: archiveChannel },
];
