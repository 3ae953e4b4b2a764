/**
 * What GET /streams must say about the run's own channels (contract: "13. Get all channels", its table of nine
 * filters and their defaults): for a caller and a set of filters, each channel must appear, must not appear, or
 * may do either. The result is read as a union of the sources the caller asked for, limited to channels the caller
 * has metadata access to. Readings the contract leaves open are "either":
 * - `include_default`: older servers add the default channels as a source, current Zulip only marks `is_default`
 *   on channels other filters chose (TARGET.md);
 * - guests and web-public channels they are not subscribed to (whether a guest may see those is not stated);
 * - an archived channel chosen only by the caller's subscription (servers differ on keeping subscriptions of
 *   archived channels);
 * - `include_all_active` asked by a non-administrator when the server answers instead of refusing.
 */
import type { Role } from '../../helpers/roles.ts';
import type { WorldChannel } from './world.ts';

export const FILTERS = [
  'include_public',
  'include_web_public',
  'include_subscribed',
  'exclude_archived',
  'include_all',
  'include_default',
  'include_owner_subscribed',
  'include_can_access_content',
  'include_all_active',
] as const;
export type Filter = (typeof FILTERS)[number];

/** The values a request sent; a filter left out is undefined and takes its default. */
export type Filters = Partial<Record<Filter, boolean>>;

export const DEFAULTS: Record<Filter, boolean> = {
  include_public: true,
  include_web_public: false,
  include_subscribed: true,
  exclude_archived: true,
  include_all: false,
  include_default: false,
  include_owner_subscribed: false,
  include_can_access_content: false,
  include_all_active: false,
};

export type Verdict = 'yes' | 'no' | 'either';

export interface Caller {
  role: Role;
  /** Organization administrator or owner. */
  admin: boolean;
  /**
   * For the bot: which configured account owns it (whoever created it, TARGET.md), or null when unknown or not one
   * of the configured accounts (its subscriptions are then not known).
   */
  botOwner: Role | null;
}

const isGuest = (c: Caller) => c.role === 'guest';

/** Whether the caller may see the channel at all; null when the contract leaves it open. */
function metadataAccess(caller: Caller, ch: WorldChannel, subscribed: boolean): boolean | null {
  if (caller.admin || subscribed) return true;
  if (isGuest(caller)) return ch.webPublic ? null : false;
  return !ch.private;
}

export function verdict(caller: Caller, ch: WorldChannel, sent: Filters): Verdict {
  const f = { ...DEFAULTS, ...sent };
  const subscribed = ch.subscribers.includes(caller.role);
  const access = metadataAccess(caller, ch, subscribed);
  if (access === false) return 'no';
  // A guest and a web-public channel it is not subscribed to: whether the guest may see it is not stated.
  if (access === null) return ch.archived && f.exclude_archived ? 'no' : 'either';
  if (ch.archived && f.exclude_archived) return 'no';
  const sure: boolean[] = [
    f.include_public && !ch.private && !isGuest(caller),
    f.include_web_public && ch.webPublic,
    f.include_all,
    f.include_all_active && caller.admin,
    f.include_can_access_content && ((subscribed && !ch.archived) || (!ch.private && !isGuest(caller))),
    f.include_owner_subscribed &&
      caller.role === 'bot' &&
      caller.botOwner !== null &&
      ch.subscribers.includes(caller.botOwner),
    f.include_subscribed && subscribed && !ch.archived,
  ];
  const maybe: boolean[] = [
    f.include_default && ch.isDefault,
    f.include_subscribed && subscribed && ch.archived,
    f.include_all_active && !caller.admin,
    // Servers that give content access through a channel's permission groups (its creator administers it).
    f.include_can_access_content && ch.private && caller.admin,
    f.include_owner_subscribed && caller.role === 'bot' && caller.botOwner === null,
    f.include_can_access_content && subscribed && ch.archived,
  ];
  if (sure.some(Boolean)) return 'yes';
  if (maybe.some(Boolean)) return 'either';
  return 'no';
}
