/**
 * What GET /streams must say about the run's own channels (contract: "13. Get all channels", its table of nine
 * filters and their defaults): for a caller and a set of filters, each channel must appear, must not appear, or
 * may do either. The result is read as a union of the sources the caller asked for, limited to channels the caller
 * has metadata access to. Readings the contract leaves open are "either":
 * - `include_default`: older servers add the default channels as a source, current Zulip only marks `is_default`
 *   on channels other filters chose (TARGET.md);
 * - guests and the public (or web-public) channels they are not subscribed to: the contract states no guest rule
 *   ("include_public: public channels"; "include_all: all channels the user has metadata access to"), so a guest
 *   may be shown them as a member would be (another server's reading) or not at all (Zulip's); never a private
 *   channel it is not in;
 * - an archived channel chosen only by the caller's subscription (servers differ on keeping subscriptions of
 *   archived channels);
 * - `include_owner_subscribed` and an owner's channel the bot may not see itself: Zulip lists it ("channels its
 *   owner is subscribed to"), a server may also keep the source within the bot's metadata access;
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

/** Both readings agree, or the contract leaves the answer open. */
const either = (a: Verdict, b: Verdict): Verdict => (a === b ? a : 'either');

export function verdict(caller: Caller, ch: WorldChannel, sent: Filters): Verdict {
  const f = { ...DEFAULTS, ...sent };
  const subscribed = ch.subscribers.includes(caller.role);
  // "include_owner_subscribed: for a bot user, channels its owner is subscribed to". Zulip lists them whether or
  // not the bot itself may see them; a server may also keep every source within the caller's metadata access (as
  // this model reads the others): an owner's channel the bot may not see is either, one it may see is listed.
  if (f.include_owner_subscribed && caller.role === 'bot' && caller.botOwner !== null) {
    if (ch.subscribers.includes(caller.botOwner)) {
      if (ch.archived && f.exclude_archived) return 'no';
      const own = sourced(caller, ch, f, subscribed, false);
      const visible = metadataAccess(caller, ch, subscribed, false);
      // Whether a subscription to an archived channel is kept is open, as for the caller's own.
      return visible && !ch.archived ? 'yes' : either('yes', own);
    }
  }
  // A guest and a public channel: the contract states no guest rule, so the guest may be shown it as a member
  // would be (include_public selects it), or as Zulip does (only through its own subscription; web-public open).
  if (isGuest(caller) && !ch.private) {
    const asMember = sourced(caller, ch, f, subscribed, true);
    const asZulip = subscribed ? sourced(caller, ch, f, subscribed, false) : hiddenFromGuest(ch, asMember);
    return either(asMember, asZulip);
  }
  return sourced(caller, ch, f, subscribed, false);
}

/**
 * Zulip's reading for a guest and a public channel it is not in: hidden; a web-public one is left open where a
 * requested source could select it (whether a guest may see those is not stated either).
 */
const hiddenFromGuest = (ch: WorldChannel, asMember: Verdict): Verdict =>
  ch.webPublic && asMember !== 'no' ? 'either' : 'no';

/** Whether the caller may see the channel at all (a guest, if `guestAsMember`, as a member would). */
function metadataAccess(caller: Caller, ch: WorldChannel, subscribed: boolean, guestAsMember: boolean): boolean {
  if (caller.admin || subscribed) return true;
  if (isGuest(caller) && !guestAsMember) return false;
  return !ch.private;
}

/** The verdict from the sources the caller asked for, within its metadata access. */
function sourced(
  caller: Caller,
  ch: WorldChannel,
  f: Record<Filter, boolean>,
  subscribed: boolean,
  guestAsMember: boolean,
): Verdict {
  if (!metadataAccess(caller, ch, subscribed, guestAsMember)) return 'no';
  if (ch.archived && f.exclude_archived) return 'no';
  const guest = isGuest(caller) && !guestAsMember;
  const sure: boolean[] = [
    f.include_public && !ch.private && !guest,
    f.include_web_public && ch.webPublic,
    f.include_all,
    f.include_all_active && caller.admin,
    f.include_can_access_content && ((subscribed && !ch.archived) || (!ch.private && !isGuest(caller))),
    f.include_subscribed && subscribed && !ch.archived,
  ];
  const maybe: boolean[] = [
    f.include_default && ch.isDefault,
    f.include_subscribed && subscribed && ch.archived,
    f.include_all_active && !caller.admin,
    // Servers that give content access through a channel's permission groups (its creator administers it).
    f.include_can_access_content && ch.private && caller.admin,
    // A guest that may see a public channel may or may not read it.
    f.include_can_access_content && !ch.private && isGuest(caller),
    f.include_owner_subscribed && caller.role === 'bot' && caller.botOwner === null,
    f.include_can_access_content && subscribed && ch.archived,
  ];
  if (sure.some(Boolean)) return 'yes';
  if (maybe.some(Boolean)) return 'either';
  return 'no';
}
