/**
 * GET /streams: which channels a caller gets for the nine boolean filters (contract: "13. Get all channels").
 * The result is the union of the sources the caller asked for, limited to channels the caller may see.
 * `include_default` is read the way current Zulip reads it: it only marks `is_default` on the channels the other
 * filters chose (older Zulip added the default channels as a source, variant `include-default-adds-channels`; the
 * contract's line allows both).
 */
import type { Faults } from '../faults.ts';
import { canAccessChannelContent, canSeeChannel } from './channels.ts';
import { type Channel, isAdmin, isGuest, type User } from './model.ts';
import type { Store } from './store.ts';

export interface ListingFilters {
  readonly includePublic: boolean;
  readonly includeWebPublic: boolean;
  readonly includeSubscribed: boolean;
  readonly excludeArchived: boolean;
  readonly includeAll: boolean;
  readonly includeDefault: boolean;
  readonly includeOwnerSubscribed: boolean;
  readonly includeCanAccessContent: boolean;
  readonly includeAllActive: boolean;
}

function selected(store: Store, user: User, channel: Channel, f: ListingFilters, faults: Faults): boolean {
  // Fault `channels-include-all-for-members`: include_all shows every channel to anyone.
  if ((f.includeAll || f.includeAllActive) && faults.has('channels-include-all-for-members')) return true;
  if (!canSeeChannel(store, user, channel)) return false;
  // Variant `include-default-adds-channels`: older Zulip's reading, the default channels as a source of their own.
  // Fault `channels-include-default-adds-all`: beside it, every channel the caller may see comes as if default.
  const addsDefaults = f.includeDefault && store.variants.has('include-default-adds-channels');
  if (f.includeDefault && faults.has('channels-include-default-adds-all')) return true;
  if (addsDefaults && channel.isDefault) return true;
  // Fault `channels-include-public-ignored`: public channels are listed whatever include_public says.
  const includePublic = f.includePublic || faults.has('channels-include-public-ignored');
  if (f.includeAll || f.includeAllActive) return true;
  if (f.includeSubscribed && store.isSubscribed(channel.id, user.id)) return true;
  // Variant `guests-see-public-channels`.
  const guestsSeePublic = store.variants.has('guests-see-public-channels');
  if (includePublic && !channel.inviteOnly && (!isGuest(user) || guestsSeePublic)) return true;
  if (f.includeWebPublic && channel.isWebPublic) return true;
  // Fault `channels-can-access-content-ignored`.
  const canAccessContent = f.includeCanAccessContent && !faults.has('channels-can-access-content-ignored');
  if (canAccessContent && canAccessChannelContent(store, user, channel)) return true;
  const ownerId = user.bot?.ownerId;
  // Fault `channels-owner-subscribed-ignored`.
  const ownerSubscribed = f.includeOwnerSubscribed && !faults.has('channels-owner-subscribed-ignored');
  if (ownerSubscribed && ownerId != null && store.isSubscribed(channel.id, ownerId)) return true;
  return false;
}

export function listChannels(store: Store, user: User, f: ListingFilters, faults: Faults): Channel[] {
  // Fault `channels-archived-listed-by-default`.
  const excludeArchived = f.excludeArchived && !faults.has('channels-archived-listed-by-default');
  return (
    [...store.channels.values()]
      .filter((c) => !(excludeArchived && c.isArchived))
      // Fault `channels-archived-never-listed`: exclude_archived=false is ignored.
      .filter((c) => !(c.isArchived && faults.has('channels-archived-never-listed')))
      .filter((c) => selected(store, user, c, f, faults))
      .sort((a, b) => a.name.localeCompare(b.name))
  );
}

/** `include_all_active` is for administrators only. */
export const mayListAllActive = (user: User): boolean => isAdmin(user);
