/** GET /users, GET /users/me, GET /users/{user_id}. */
import type { Context, Fields, Route } from '../core/context.ts';
import { badRequest } from '../core/errors.ts';
import type { Params } from '../core/params.ts';
import { type UserObjectOptions, userObject } from '../core/users.ts';

const options = (params: Params): UserObjectOptions => ({
  clientGravatar: params.bool('client_gravatar', true),
  includeCustomProfileFields: params.bool('include_custom_profile_fields', false),
});

function listUsers({ params, store }: Context): Fields {
  const opts = options(params);
  return { members: [...store.users.values()].map((u) => userObject(u, opts)) };
}

function me({ params, user }: Context): Fields {
  const { clientGravatar } = options(params);
  return userObject(user, { clientGravatar, includeCustomProfileFields: true });
}

function getUser({ params, store, path }: Context): Fields {
  const opts = options(params);
  const user = store.userById(path.user_id!);
  if (!user) throw badRequest('No such user');
  return { user: userObject(user, opts) };
}

export const userRoutes: readonly Route[] = [
  { method: 'GET', path: '/users', handler: listUsers },
  { method: 'GET', path: '/users/me', handler: me },
  { method: 'GET', path: '/users/{user_id}', handler: getUser },
];
