/**
 * Legacy push devices (deprecated operations 17–19): POST/DELETE /users/me/apns_device_token and
 * POST /mobile_push/test_notification. No push notification service is configured, so a test notification to a
 * registered device is answered with the contract's "unknown to the bouncer" code.
 */
import type { Context, Fields, Route } from '../core/context.ts';
import { ApiError, badRequest, type ErrorExtra, invalidParam } from '../core/errors.ts';
import type { PushToken } from '../core/model.ts';
import type { Params } from '../core/params.ts';
import type { Faults } from '../faults.ts';

/** Zulip's bound; the contract leaves it "not shown". */
const MAX_TOKEN_LENGTH = 4096;

function readToken(params: Params, faults: Faults): string {
  const token = params.str('token');
  // Faults `push-empty-token-accepted` and `push-any-length-accepted`.
  if (token === '' && !faults.has('push-empty-token-accepted')) throw badRequest('Empty or invalid length token');
  if (token.length > MAX_TOKEN_LENGTH && !faults.has('push-any-length-accepted')) {
    throw badRequest('Empty or invalid length token');
  }
  if (!/^[0-9a-fA-F]*$/.test(token)) throw badRequest('Invalid APNS token');
  return token;
}

const tokensOf = ({ store, user }: Context): PushToken[] => store.pushTokens.get(user.id) ?? [];

/** Tokens ever removed, per store: what fault `sequence-push-readd-forgotten` remembers. */
const removed = new WeakMap<Context['store'], Set<string>>();
function removedTokens(store: Context['store']): Set<string> {
  if (!removed.has(store)) removed.set(store, new Set());
  return removed.get(store)!;
}

function addToken(ctx: Context): Fields {
  const { params, store, user, faults } = ctx;
  const token = readToken(params, faults);
  // Fault `push-appid-optional`.
  const appid = faults.has('push-appid-optional') ? (params.optStr('appid') ?? 'unknown') : params.str('appid');
  if (!/^[.a-zA-Z0-9-]+$/.test(appid)) throw invalidParam('appid', 'Invalid app ID');
  // Fault `push-add-not-stored`: success, but the token is not kept.
  if (faults.has('push-add-not-stored')) return {};
  // Fault `sequence-push-readd-forgotten`: a token removed before is not kept again.
  if (faults.has('sequence-push-readd-forgotten') && removedTokens(store).has(token.toLowerCase())) return {};
  const others = tokensOf(ctx).filter((t) => t.token.toLowerCase() !== token.toLowerCase());
  // Fault `sequence-push-add-again-toggles`: a token registered already goes.
  if (faults.has('sequence-push-add-again-toggles') && others.length < tokensOf(ctx).length) {
    store.pushTokens.set(user.id, others);
    return {};
  }
  store.pushTokens.set(user.id, [...others, { token, appid }]);
  return {};
}

function removeToken(ctx: Context): Fields {
  const { params, store, user, faults } = ctx;
  // Fault `push-remove-empty-token-accepted`: an empty token removes nothing, and succeeds.
  if (faults.has('push-remove-empty-token-accepted') && params.str('token') === '') return {};
  const token = readToken(params, faults);
  const tokens = tokensOf(ctx);
  const kept = tokens.filter((t) => t.token.toLowerCase() !== token.toLowerCase());
  if (kept.length === tokens.length) {
    // Fault `push-remove-unknown-succeeds`.
    if (faults.has('push-remove-unknown-succeeds')) return {};
    throw badRequest('Token does not exist');
  }
  // Fault `push-remove-keeps-token`: success, but the token stays registered.
  if (faults.has('push-remove-keeps-token')) return {};
  store.pushTokens.set(user.id, kept);
  removedTokens(store).add(token.toLowerCase());
  return {};
}

const unknownToBouncer = () =>
  new ApiError(400, 'INVALID_REMOTE_PUSH_DEVICE_TOKEN', 'Device not recognized by the push bouncer');

function testNotification(ctx: Context): Fields {
  const { params, faults } = ctx;
  const token = params.optStr('token');
  const tokens = tokensOf(ctx);
  if (token === undefined) {
    if (tokens.length > 0) throw unknownToBouncer();
    return {};
  }
  const known = tokens.some((t) => t.token.toLowerCase() === token.toLowerCase());
  // Fault `push-test-registered-token-unknown`: registered tokens are not recognized.
  if (!known || faults.has('push-test-registered-token-unknown')) {
    // Fault `push-test-unknown-token-succeeds`.
    if (!known && faults.has('push-test-unknown-token-succeeds')) return {};
    // Fault `answer-push-test-error-msg-null`: the envelope's msg overridden (RESP-PUSH-TEST-001).
    const msgNull = faults.has('answer-push-test-error-msg-null') ? { msg: null } : {};
    throw new ApiError(400, 'INVALID_PUSH_DEVICE_TOKEN', 'Device not recognized', msgNull as ErrorExtra);
  }
  throw unknownToBouncer();
}

export const pushRoutes: readonly Route[] = [
  { method: 'POST', path: '/users/me/apns_device_token', handler: addToken },
  { method: 'DELETE', path: '/users/me/apns_device_token', handler: removeToken },
  { method: 'POST', path: '/mobile_push/test_notification', handler: testNotification },
];
