/** Legacy APNs device tokens (deprecated operations 17–19): unique tokens, add and remove with cleanup. */
import { createHash } from 'node:crypto';
import type { CheckContext } from '../../helpers/checks/context.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Params } from '../../helpers/http/encoding.ts';
import { mustSucceed } from '../../helpers/http/setup-failure.ts';
import type { Role } from '../../helpers/roles.ts';

/** The app the suite registers tokens for (an app ID of the usual reverse-domain form). */
export const APP_ID = 'org.example.teamchat-conformance';

/** A fresh 64-digit hexadecimal token, like an APNs device token, derived from a run-unique name. */
export function deviceToken(ctx: CheckContext): string {
  return createHash('sha256').update(ctx.unique('apns')).digest('hex');
}

/**
 * The account whose devices a check registers: any human alike (the operations act on the caller's own devices and
 * the contract ties them to no role). One for the whole check: a token is known to its own account only.
 */
export const deviceOwner = (ctx: CheckContext): Role => ctx.someone('human');

/** POST /users/me/apns_device_token as `owner`; a token the server may have registered is removed at the end. */
export async function addToken(ctx: CheckContext, owner: Role, params: Params): Promise<ApiResponse> {
  const send = () => ctx.as(owner).post('/users/me/apns_device_token', params);
  if (typeof params.token !== 'string') return send();
  return ctx.creating(owner, 'push-token', params.token, 'APNs device token', send);
}

/** Adds a token for setup (a check of what is done with a registered token): SetupError unless it succeeds. */
export async function mustAddToken(ctx: CheckContext, owner: Role, token: string): Promise<void> {
  mustSucceed(await addToken(ctx, owner, { token, appid: APP_ID }), 'adding an APNs device token');
}

/** DELETE /users/me/apns_device_token as `owner`; a success means the cleanup is done. */
export async function removeToken(ctx: CheckContext, owner: Role, token: string): Promise<ApiResponse> {
  const res = await ctx.as(owner).delete('/users/me/apns_device_token', { token });
  if (res.body?.result === 'success') ctx.untrack(owner, 'push-token', token);
  return res;
}
