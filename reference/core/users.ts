/**
 * The user object of the API, as a given caller sees it: the real email only where the target's email visibility
 * lets the caller see it (a fake API email and `delivery_email` null otherwise), `avatar_url` null only for a
 * gravatar the caller can compute, and `profile_data` for humans when asked.
 */
import { createHash } from 'node:crypto';
import { Faults } from '../faults.ts';
import { Variants } from '../variants.ts';
import { EMAIL_VISIBILITY, isAdmin, ROLE, type User } from './model.ts';

export interface UserObjectOptions {
  /** Default true: `avatar_url` is null for gravatar users whose email the caller can see (all avatars are). */
  readonly clientGravatar: boolean;
  readonly includeCustomProfileFields: boolean;
  /** The caller; absent: a caller who may see every email (internal use). */
  readonly viewer?: User;
  /** The user's custom profile field values by field id, and whether each field renders Markdown. */
  readonly profileData?: ReadonlyMap<number, { value: string; markdown: boolean }>;
  readonly faults?: Faults;
  readonly variants?: Variants;
}

/** Where fake API emails live (Zulip uses `user<ID>@<realm host>`). */
export const FAKE_EMAIL_DOMAIN = 'zulip.invalid';

/**
 * The user's API email, as every viewer sees it in recipients, narrows, message senders and user objects: the real
 * address only for bots and for users whose email visibility is "everyone"; `user<ID>@<domain>` otherwise (Zulip).
 */
export function apiEmail(user: User): string {
  return user.bot || user.emailAddressVisibility === EMAIL_VISIBILITY.everyone
    ? user.email
    : `user${user.id}@${FAKE_EMAIL_DOMAIN}`;
}

/** Whether `viewer` may see the real email of `target` (Zulip's rules; bots' emails are always visible). */
export function canSeeEmail(
  viewer: User | undefined,
  target: User,
  faults: Faults = Faults.none,
  variants: Variants = Variants.none,
): boolean {
  if (!viewer || viewer.id === target.id) return true;
  // Fault `user-bot-delivery-email-hidden`: bots' emails follow the administrators-only rule.
  if (target.bot) return !faults.has('user-bot-delivery-email-hidden') || isAdmin(viewer);
  switch (target.emailAddressVisibility) {
    case EMAIL_VISIBILITY.everyone:
      return true;
    case EMAIL_VISIBILITY.members:
      return viewer.role <= ROLE.member;
    case EMAIL_VISIBILITY.admins:
      // Variant `moderators-see-emails`.
      return variants.has('moderators-see-emails') ? viewer.role <= ROLE.moderator : isAdmin(viewer);
    case EMAIL_VISIBILITY.moderators:
      return viewer.role <= ROLE.moderator;
    default:
      return false;
  }
}

export function userObject(user: User, options: UserObjectOptions): Record<string, unknown> {
  const faults = options.faults ?? Faults.none;
  const variants = options.variants ?? Variants.none;
  // Fault `user-public-delivery-email-null`: another human's email the caller may see reads as hidden, yet the
  // real address is given as `email`.
  const leaksAsHidden = faults.has('user-public-delivery-email-null') && !user.bot && options.viewer?.id !== user.id;
  const visible = canSeeEmail(options.viewer, user, faults, variants) && !leaksAsHidden;
  const avatarHash = createHash('md5').update(user.email.toLowerCase()).digest('hex');
  // Fault `user-avatar-null-when-email-hidden`: null for every gravatar when client_gravatar is true.
  const gravatarComputable = visible || faults.has('user-avatar-null-when-email-hidden');
  const withProfile = options.includeCustomProfileFields && (!user.bot || faults.has('user-profile-data-for-bots'));
  return {
    user_id: user.id,
    // Fault `user-hidden-delivery-email-fake`: a hidden address reads as the fake API address instead of null.
    delivery_email: visible ? user.email : faults.has('user-hidden-delivery-email-fake') ? apiEmail(user) : null,
    // Fault `user-real-email-in-fake-field`: the hidden real email leaks through `email`.
    email: (!visible && faults.has('user-real-email-in-fake-field')) || leaksAsHidden ? user.email : apiEmail(user),
    full_name: user.fullName,
    // Variant `dates-with-offset`; fault `user-date-joined-not-iso`, the HTTP date form beside it.
    date_joined: faults.has('user-date-joined-not-iso')
      ? new Date(user.dateJoined).toUTCString()
      : variants.has('dates-with-offset')
        ? new Date(user.dateJoined).toISOString().replace(/\.(\d{3})Z$/, '.$1123+00:00')
        : new Date(user.dateJoined).toISOString(),
    is_active: user.isActive,
    is_owner: user.role === ROLE.owner,
    // Fault `user-owner-not-admin`.
    is_admin: faults.has('user-owner-not-admin') ? user.role === ROLE.admin : user.role <= ROLE.admin,
    is_guest: user.role === ROLE.guest,
    is_bot: user.bot !== null,
    // Fault `user-bot-type-null`. Fault `user-human-bot-type-absent`: humans get no bot_type key (Zulip).
    ...(user.bot || !faults.has('user-human-bot-type-absent')
      ? { bot_type: faults.has('user-bot-type-null') ? null : (user.bot?.type ?? null) }
      : {}),
    ...(user.bot ? { bot_owner_id: user.bot.ownerId } : {}),
    role: user.role,
    timezone: user.timezone,
    // Variant `avatars-hosted`: the server hosts every avatar, so there is nothing for a client to compute; its
    // converse, fault `user-avatar-null-when-email-hidden`, answers null beside it.
    avatar_url:
      variants.has('avatars-hosted') && !faults.has('user-avatar-null-when-email-hidden')
        ? `/user_avatars/${user.id}.png?version=${user.avatarVersion}`
        : options.clientGravatar && gravatarComputable
          ? null
          : `https://secure.gravatar.com/avatar/${avatarHash}?d=identicon&version=${user.avatarVersion}`,
    // Fault `user-avatar-version-string`.
    avatar_version: faults.has('user-avatar-version-string') ? String(user.avatarVersion) : user.avatarVersion,
    is_imported_stub: false,
    ...(withProfile ? { profile_data: profileDataOf(options, faults) } : {}),
  };
}

function profileDataOf(options: UserObjectOptions, faults: Faults): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [fieldId, { value, markdown }] of options.profileData ?? new Map()) {
    // Fault `user-profile-data-keyed-by-name`: keyed by "field-<id>" instead of the ID.
    const key = faults.has('user-profile-data-keyed-by-name') ? `field-${fieldId}` : String(fieldId);
    data[key] = markdown ? { value, rendered_value: `<p>${escapeHtml(value)}</p>` } : { value };
  }
  return data;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
