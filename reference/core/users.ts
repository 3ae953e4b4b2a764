/** The user object of the API. Every caller may see real email addresses (for now). */
import { createHash } from 'node:crypto';
import { ROLE, type User } from './model.ts';

export interface UserObjectOptions {
  /** Default true: `avatar_url` is null, since every avatar is a gravatar and every email is visible. */
  readonly clientGravatar: boolean;
  readonly includeCustomProfileFields: boolean;
}

export function userObject(user: User, options: UserObjectOptions): Record<string, unknown> {
  const avatarHash = createHash('md5').update(user.email.toLowerCase()).digest('hex');
  return {
    user_id: user.id,
    delivery_email: user.email,
    email: user.email,
    full_name: user.fullName,
    date_joined: new Date(user.dateJoined).toISOString(),
    is_active: user.isActive,
    is_owner: user.role === ROLE.owner,
    is_admin: user.role <= ROLE.admin,
    is_guest: user.role === ROLE.guest,
    is_bot: user.bot !== null,
    bot_type: user.bot?.type ?? null,
    ...(user.bot ? { bot_owner_id: user.bot.ownerId } : {}),
    role: user.role,
    timezone: user.timezone,
    avatar_url: options.clientGravatar
      ? null
      : `https://secure.gravatar.com/avatar/${avatarHash}?d=identicon&version=${user.avatarVersion}`,
    avatar_version: user.avatarVersion,
    is_imported_stub: false,
    ...(options.includeCustomProfileFields && !user.bot ? { profile_data: {} } : {}),
  };
}
