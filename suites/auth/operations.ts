/**
 * Every contract operation that needs Basic credentials (all but "8. Fetch an API key"), each with parameters a
 * valid caller could send without harm. With good credentials most would succeed, so a refusal of the probe
 * without them is a refusal for the credentials; the destructive ones aim at objects that do not exist.
 */
import type { CheckContext } from '../../helpers/checks/context.ts';
import type { Method } from '../../helpers/http/client.ts';
import type { Params } from '../../helpers/http/encoding.ts';

export interface Operation {
  n: number;
  method: Method;
  path: (ctx: CheckContext) => string;
  params: (ctx: CheckContext) => Params;
}

const NO_SUCH_ID = 2_000_000_000;
const someUserId = (ctx: CheckContext) => Object.values(ctx.world.accounts)[0]?.userId ?? NO_SUCH_ID;
const content = (ctx: CheckContext) => `${ctx.world.prefix}authentication probe`;
const fixed = (path: string) => () => path;

export const AUTHENTICATED_OPERATIONS: readonly Operation[] = [
  {
    n: 1,
    method: 'POST',
    path: fixed('/messages'),
    params: (ctx) => ({ type: 'direct', to: [someUserId(ctx)], content: content(ctx) }),
  },
  {
    n: 2,
    method: 'POST',
    path: fixed('/scheduled_messages'),
    params: (ctx) => ({
      type: 'direct',
      to: [someUserId(ctx)],
      content: content(ctx),
      scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 30 * 86400,
    }),
  },
  { n: 3, method: 'PATCH', path: fixed(`/messages/${NO_SUCH_ID}`), params: (ctx) => ({ content: content(ctx) }) },
  { n: 4, method: 'POST', path: fixed('/typing'), params: (ctx) => ({ op: 'stop', to: [someUserId(ctx)] }) },
  { n: 5, method: 'GET', path: fixed('/messages/matches_narrow'), params: () => ({ msg_ids: [], narrow: [] }) },
  { n: 6, method: 'GET', path: (ctx) => `/users/${someUserId(ctx)}`, params: () => ({}) },
  { n: 7, method: 'POST', path: fixed('/realm/profile_fields'), params: () => ({ field_type: 99 }) },
  {
    n: 9,
    method: 'POST',
    path: fixed(`/streams/${NO_SUCH_ID}/delete_topic`),
    params: (ctx) => ({ topic_name: `${ctx.world.prefix}no-such-topic` }),
  },
  { n: 10, method: 'POST', path: fixed('/drafts'), params: () => ({ drafts: [] }) },
  { n: 11, method: 'GET', path: fixed('/drafts'), params: () => ({}) },
  {
    n: 12,
    method: 'POST',
    path: fixed('/mark_topic_as_read'),
    params: (ctx) => ({ stream_id: NO_SUCH_ID, topic_name: `${ctx.world.prefix}no-such-topic` }),
  },
  { n: 13, method: 'GET', path: fixed('/streams'), params: () => ({}) },
  { n: 14, method: 'GET', path: fixed('/users/me/subscriptions'), params: () => ({}) },
  { n: 15, method: 'POST', path: fixed(`/users/me/muted_users/${NO_SUCH_ID}`), params: () => ({}) },
  { n: 16, method: 'POST', path: fixed(`/user_groups/${NO_SUCH_ID}/deactivate`), params: () => ({}) },
  {
    n: 17,
    method: 'POST',
    path: fixed('/users/me/apns_device_token'),
    params: () => ({ token: 'c0ffee'.repeat(10), appid: 'org.example.cf' }),
  },
  {
    n: 18,
    method: 'DELETE',
    path: fixed('/users/me/apns_device_token'),
    params: () => ({ token: 'c0ffee'.repeat(10) }),
  },
  { n: 19, method: 'POST', path: fixed('/mobile_push/test_notification'), params: () => ({}) },
  {
    n: 20,
    method: 'DELETE',
    path: fixed('/events'),
    params: (ctx) => ({ queue_id: `${ctx.world.prefix}no-such-queue` }),
  },
  { n: 21, method: 'POST', path: fixed('/messages/render'), params: () => ({ content: '**probe**' }) },
];
