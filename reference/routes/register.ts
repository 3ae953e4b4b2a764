/** POST /register, GET /events, DELETE /events. */
import type { Context, Fields, Route } from '../core/context.ts';
import { draftDict, newestFirst } from '../core/drafts.ts';
import { mutedUsersOf } from '../core/mute.ts';
import { FEATURE_LEVEL, LIMITS, ZULIP_VERSION } from '../core/realm.ts';
import type { Store } from '../core/store.ts';

/** Parameters Zulip's register accepts that this server reads but does not act on. */
const ACCEPTED_BOOLS = ['apply_markdown', 'client_gravatar', 'slim_presence', 'all_public_streams'] as const;

function register({ params, store, user, faults }: Context): Fields {
  const eventTypes = params.optStringList('event_types') ?? null;
  const fetchTypes = params.optStringList('fetch_event_types') ?? eventTypes;
  const clientCapabilities = params.optJsonObject('client_capabilities') ?? {};
  for (const name of ACCEPTED_BOOLS) params.optBool(name);
  params.optStr('include_subscribers');
  params.optJsonList('narrow');
  params.optInt('queue_lifespan_secs');
  params.optInt('presence_history_limit_days');

  const wants = (type: string) => fetchTypes === null || fetchTypes.includes(type);
  const queue = store.events.register(user.id, { eventTypes, clientCapabilities });
  return {
    ...queue,
    zulip_feature_level: FEATURE_LEVEL,
    zulip_version: ZULIP_VERSION,
    zulip_merge_base: ZULIP_VERSION,
    // Variant `limits-other-values` (through store.limits).
    max_message_length: store.limits.maxMessageLength,
    max_topic_length: store.limits.maxTopicLength,
    max_stream_name_length: LIMITS.maxChannelNameLength,
    max_stream_description_length: LIMITS.maxChannelDescriptionLength,
    server_typing_started_expiry_period_milliseconds: store.limits.typingStartedExpiryMs,
    server_typing_stopped_wait_period_milliseconds: store.limits.typingStoppedWaitMs,
    server_typing_started_wait_period_milliseconds: store.limits.typingStartedWaitMs,
    ...(wants('realm') ? realmState(store) : {}),
    ...(wants('muted_users') ? { muted_users: mutedUsersOf(store, user.id, faults) } : {}),
    ...(wants('drafts') ? { drafts: userDrafts(store, user.id) } : {}),
    ...(wants('user_settings') ? { user_settings: { email_address_visibility: user.emailAddressVisibility } } : {}),
  };
}

function realmState(store: Store): Fields {
  const { realm } = store;
  return {
    realm_name: realm.name,
    realm_empty_topic_display_name: realm.emptyTopicDisplayName,
    realm_allow_message_editing: realm.allowMessageEditing,
    realm_message_content_edit_limit_seconds: realm.messageContentEditLimitSeconds,
    realm_move_messages_within_stream_limit_seconds: realm.moveMessagesWithinStreamLimitSeconds,
    realm_move_messages_between_streams_limit_seconds: realm.moveMessagesBetweenStreamsLimitSeconds,
    realm_topics_policy: realm.topicsPolicy,
    realm_mandatory_topics: realm.topicsPolicy === 'disable_empty_topic',
    ...Object.fromEntries(Object.entries(realm.groups).map(([key, value]) => [`realm_${key}`, structuredClone(value)])),
  };
}

function userDrafts(store: Store, userId: number): Fields[] {
  return [...store.drafts.values()]
    .filter((d) => d.userId === userId)
    .sort(newestFirst)
    .map(draftDict);
}

async function getEvents({ params, store, user, signal, pollTimeoutMs }: Context): Promise<Fields> {
  const queueId = params.str('queue_id');
  const lastEventId = params.optInt('last_event_id');
  const dontBlock = params.bool('dont_block', false);
  let events = store.events.get(queueId, user.id, lastEventId);
  if (events.length === 0 && !dontBlock) {
    await store.events.wait(queueId, user.id, pollTimeoutMs, signal);
    events = store.events.get(queueId, user.id);
    // A client that went away (or a server shutting down) gets no heartbeat left behind in the queue.
    if (events.length === 0 && !signal.aborted) events = [store.events.heartbeat(queueId, user.id)];
  }
  return { events, queue_id: queueId };
}

function deleteEvents({ params, store, user, faults }: Context): Fields {
  // Fault `queue-delete-missing-param-succeeds`: no queue_id, nothing to do, success.
  if (faults.has('queue-delete-missing-param-succeeds') && !params.has('queue_id')) return {};
  store.events.delete(params.str('queue_id'), user.id);
  return {};
}

export const registerRoutes: readonly Route[] = [
  { method: 'POST', path: '/register', handler: register },
  { method: 'GET', path: '/events', handler: getEvents },
  { method: 'DELETE', path: '/events', handler: deleteEvents },
];
