/** POST and DELETE /users/me/muted_users/{muted_user_id}. */
import type { Context, Fields, Route } from '../core/context.ts';
import { mute, unmute } from '../core/mute.ts';

function muteUser({ path, store, user, faults }: Context): Fields {
  mute(store, user, path.muted_user_id!, faults);
  return {};
}

function unmuteUser({ path, store, user }: Context): Fields {
  unmute(store, user, path.muted_user_id!);
  return {};
}

export const muteRoutes: readonly Route[] = [
  { method: 'POST', path: '/users/me/muted_users/{muted_user_id}', handler: muteUser },
  { method: 'DELETE', path: '/users/me/muted_users/{muted_user_id}', handler: unmuteUser },
];
