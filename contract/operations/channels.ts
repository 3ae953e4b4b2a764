/** Channels and topics: contract Endpoints 9, 12, 13 and 14. */
import { defineOperation, optionalParam, pathParam, required } from '../operation.ts';
import { Channel, Subscription } from '../resources.ts';
import { always, bool, type Dating, int, list, str } from '../shapes.ts';

/** 9. Delete a topic: POST /streams/{stream_id}/delete_topic */
export const deleteTopic = defineOperation({
  n: 9,
  clauses: 'TOPIC-DELETE',
  title: 'Delete a topic',
  method: 'POST',
  path: '/streams/{stream_id}/delete_topic',
  auth: 'basic',
  callers: 'administrators',
  params: [
    pathParam('stream_id', int()),
    required('topic_name', str(), { note: 'the empty-topic display name reads as ""' }),
  ],
  success: {
    complete: always(bool(), { since: 211, sinceFrom: 'zulip', note: 'false: timed out part way; repeat' }),
  },
  errors: [{ code: 'UNAUTHORIZED_PRINCIPAL', when: 'the caller is not an organization administrator' }],
  // The contract records the older answer to a timeout; Zulip's changelog dates the change at level 211.
  legacyResults: [{ result: 'partially_completed', before: 211 }],
});

/** 12. Mark messages in a topic as read: POST /mark_topic_as_read (deprecated) */
export const markTopicAsRead = defineOperation({
  n: 12,
  clauses: 'TOPIC-READ',
  title: 'Mark messages in a topic as read',
  method: 'POST',
  path: '/mark_topic_as_read',
  auth: 'basic',
  deprecated: true,
  params: [
    required('stream_id', int()),
    required('topic_name', str(), { note: 'the empty-topic display name reads as ""' }),
  ],
  success: {},
  errors: [],
  note: 'to be removed; clients should update flags by narrow instead',
});

const filter = (name: string, defaultValue: boolean, note: string, more: { deprecated?: boolean } & Dating = {}) =>
  optionalParam(name, bool(), { default: defaultValue, note, ...more });
const zulip = (since: number) => ({ since, sinceFrom: 'zulip' }) as const;

/** 13. Get all channels: GET /streams */
export const getChannels = defineOperation({
  n: 13,
  clauses: 'CHAN-LIST',
  title: 'Get all channels',
  method: 'GET',
  path: '/streams',
  auth: 'basic',
  params: [
    filter('include_public', true, 'public channels'),
    filter('include_web_public', false, 'web-public channels'),
    filter('include_subscribed', true, "the caller's channels"),
    filter('exclude_archived', true, 'leave archived channels out', zulip(315)),
    filter('include_all', false, 'every channel with metadata access (all, for administrators)', zulip(356)),
    filter('include_default', false, "the realm's default channels"),
    filter('include_owner_subscribed', false, "for a bot, its owner's channels"),
    filter('include_can_access_content', false, 'channels with content access', zulip(356)),
    {
      ...filter('include_all_active', false, 'old name of include_all', { deprecated: true }),
      callers: 'administrators',
    },
  ],
  success: { streams: always(list(Channel)) },
  errors: [],
});

/** 14. Get subscribed channels: GET /users/me/subscriptions */
export const getSubscriptions = defineOperation({
  n: 14,
  clauses: 'SUBS',
  title: 'Get subscribed channels',
  method: 'GET',
  path: '/users/me/subscriptions',
  auth: 'basic',
  params: [
    optionalParam('include_subscribers', str({ enum: ['true', 'false', 'partial'] }), {
      default: 'false',
      valueSince: { partial: 412 },
      note: 'subscribers always come for channels of fewer than 250',
    }),
  ],
  success: { subscriptions: always(list(Subscription)) },
  errors: [],
});

export const channelOperations = [deleteTopic, markTopicAsRead, getChannels, getSubscriptions] as const;
