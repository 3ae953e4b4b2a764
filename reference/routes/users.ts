/** GET /users, GET /users/me, GET /users/{user_id}, PATCH /settings (email visibility). */
import type { Context, Fields, Route } from '../core/context.ts';
import { badRequest, invalidParam } from '../core/errors.ts';
import { EMAIL_VISIBILITY, type EmailVisibility, type User } from '../core/model.ts';
import { profileDataOf } from '../core/profile-fields.ts';
import { userObject } from '../core/users.ts';

function objectFor(ctx: Context, target: User, includeCustomProfileFields: boolean): Fields {
  const { params, store, user, faults } = ctx;
  return userObject(target, {
    clientGravatar: params.bool('client_gravatar', true),
    includeCustomProfileFields,
    viewer: user,
    profileData: profileDataOf(store, target.id),
    faults,
    variants: store.variants,
  });
}

function listUsers(ctx: Context): Fields {
  const include = ctx.params.bool('include_custom_profile_fields', false);
  return { members: [...ctx.store.users.values()].map((u) => objectFor(ctx, u, include)) };
}

function me(ctx: Context): Fields {
  return objectFor(ctx, ctx.user, true);
}

function getUser(ctx: Context): Fields {
  const include = ctx.params.bool('include_custom_profile_fields', false);
  const target = ctx.store.userById(ctx.path.user_id!);
  if (!target) {
    // Fault `user-unknown-id-returns-caller`.
    if (ctx.faults.has('user-unknown-id-returns-caller')) return { user: objectFor(ctx, ctx.user, include) };
    throw badRequest('No such user');
  }
  return { user: objectFor(ctx, target, include) };
}

/** The caller's own settings; only `email_address_visibility` is kept (others are accepted and ignored). */
function updateSettings({ params, user }: Context): Fields {
  const visibility = params.optInt('email_address_visibility');
  if (visibility !== undefined) {
    if (!(Object.values(EMAIL_VISIBILITY) as number[]).includes(visibility)) {
      throw invalidParam('email_address_visibility', 'Invalid email_address_visibility');
    }
    user.emailAddressVisibility = visibility as EmailVisibility;
  }
  return {};
}

export const userRoutes: readonly Route[] = [
  { method: 'GET', path: '/users', handler: listUsers },
  { method: 'GET', path: '/users/me', handler: me },
  { method: 'GET', path: '/users/{user_id}', handler: getUser },
  { method: 'PATCH', path: '/settings', handler: updateSettings },
];
