/**
 * Faults of subscriptions: `GET /users/me/subscriptions` (SUBS-*), beside channels.ts. Each
 * breaks one clause; its switch sits in the code it breaks (search for its id). reference/faults.ts assembles every
 * area's faults into the one catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const CHANNELS_FAULTS = {
  'channels-subs-in-home-view-equals-muted': {
    clause: 'SUBS-001',
    description: 'in_home_view equals is_muted instead of being its inverse.',
  },
  'channels-subs-subscribers-unasked': {
    clause: 'SUBS-002',
    description: 'GET /users/me/subscriptions returns subscribers without include_subscribers.',
  },
  'channels-subs-partial-drops-bots': {
    clause: 'SUBS-003',
    description: 'include_subscribers=partial returns partial_subscribers without the bot subscribers.',
    alsoBreaks: ['SUBS-005'],
  },
  'channels-subs-partial-small': {
    clause: 'SUBS-005',
    description: 'include_subscribers=partial returns partial_subscribers (everyone) for a channel of any size.',
  },
  'subs-unsubscribed-listed': {
    clause: 'SUBS-004',
    description: 'GET /users/me/subscriptions also lists the public channels the caller is not subscribed to.',
    // The sequences read the user's subscriptions after every step, public channels it left among them.
    alsoBreaks: ['EXPLORE-012'],
  },
  'sequence-subs-rejoin-ignored': {
    clause: 'EXPLORE-012',
    description:
      'Subscribing a user to a channel it was once unsubscribed from answers success (subscribed) but leaves it out.',
  },
  'sequence-subs-removed-still-listed': {
    clause: 'EXPLORE-012',
    description:
      "A channel another user (an administrator) unsubscribed the user from stays among the user's subscriptions.",
  },
} as const satisfies FaultCatalogue;
