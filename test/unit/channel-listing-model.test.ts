// The GET /streams model the channel-listing checks judge by (suites/channels/listing-model.ts).
import { describe, expect, it } from 'vitest';
import { type Caller, verdict } from '../../suites/channels/listing-model.ts';
import type { WorldChannel } from '../../suites/channels/world.ts';

const channel = (over: Partial<WorldChannel>): WorldChannel => ({
  kind: 'public-unsubscribed',
  id: 1,
  name: 'c',
  private: false,
  webPublic: false,
  archived: false,
  isDefault: false,
  subscribers: [],
  ...over,
});
const member: Caller = { role: 'member', admin: false, botOwner: null };
const admin: Caller = { role: 'admin', admin: true, botOwner: null };
const guest: Caller = { role: 'guest', admin: false, botOwner: null };
const bot: Caller = { role: 'bot', admin: false, botOwner: 'owner' };

describe('listing model', () => {
  it('applies the defaults: public and subscribed, archived left out', () => {
    expect(verdict(member, channel({}), {})).toBe('yes');
    expect(verdict(member, channel({ private: true, subscribers: ['member'] }), {})).toBe('yes');
    expect(verdict(member, channel({ private: true }), {})).toBe('no');
    expect(verdict(member, channel({ archived: true }), {})).toBe('no');
    expect(verdict(member, channel({ archived: true }), { exclude_archived: false })).toBe('yes');
  });

  it('never lists a channel without metadata access, whatever the filters', () => {
    const all = { include_all: true, include_all_active: true, include_default: true, include_web_public: true };
    expect(verdict(member, channel({ private: true, isDefault: true }), all)).toBe('no');
    expect(verdict(guest, channel({ private: true }), all)).toBe('no');
    expect(verdict(guest, channel({ private: true, webPublic: false, isDefault: true }), all)).toBe('no');
    expect(verdict(admin, channel({ private: true }), { include_all: true })).toBe('yes');
  });

  it('lets a guest be shown the public channels it is not in, or not (no guest rule is stated)', () => {
    const off = { include_public: false, include_subscribed: false };
    // Zulip hides them; a server that lets guests list public channels shows them: either.
    expect(verdict(guest, channel({}), {})).toBe('either');
    expect(verdict(guest, channel({}), { ...off, include_all: true })).toBe('either');
    expect(verdict(guest, channel({ webPublic: true }), { ...off, include_web_public: true })).toBe('either');
    // No source asked for selects it: not listed under either reading.
    expect(verdict(guest, channel({}), off)).toBe('no');
    expect(verdict(guest, channel({ webPublic: true }), off)).toBe('no');
    expect(verdict(guest, channel({ archived: true }), {})).toBe('no');
    // Its own channels as for anyone (include_public alone selects them as a member's, or not as Zulip reads it);
    // a private channel it is not in never.
    expect(verdict(guest, channel({ subscribers: ['guest'] }), {})).toBe('yes');
    expect(verdict(guest, channel({ subscribers: ['guest'] }), { include_subscribed: false })).toBe('either');
    expect(verdict(guest, channel({ subscribers: ['guest'] }), off)).toBe('no');
    expect(verdict(guest, channel({ private: true, subscribers: ['guest'] }), {})).toBe('yes');
    expect(verdict(guest, channel({ private: true }), { include_all: true, include_public: true })).toBe('no');
  });

  it('reads include_default either way, and include_all_active for non-administrators either way', () => {
    const off = { include_public: false, include_subscribed: false };
    expect(verdict(member, channel({ isDefault: true }), { ...off, include_default: true })).toBe('either');
    expect(verdict(member, channel({ isDefault: true }), off)).toBe('no');
    expect(verdict(member, channel({}), { ...off, include_all_active: true })).toBe('either');
    expect(verdict(admin, channel({}), { ...off, include_all_active: true })).toBe('yes');
  });

  it("gives a bot its owner's channels only through include_owner_subscribed", () => {
    const owned = channel({ subscribers: ['owner'] });
    const off = { include_public: false, include_subscribed: false };
    expect(verdict(bot, owned, { ...off, include_owner_subscribed: true })).toBe('yes');
    expect(verdict(bot, owned, off)).toBe('no');
    expect(verdict(member, owned, { ...off, include_owner_subscribed: true })).toBe('no');
  });

  it('reads the channels of whichever configured account owns the bot, and is unsure when the owner is unknown', () => {
    const adminOnly = channel({ subscribers: ['admin'] });
    const on = { include_public: false, include_subscribed: false, include_owner_subscribed: true };
    expect(verdict({ ...bot, botOwner: 'admin' }, adminOnly, on)).toBe('yes');
    expect(verdict(bot, adminOnly, on)).toBe('no');
    expect(verdict({ ...bot, botOwner: null }, adminOnly, on)).toBe('either');
  });

  it("lists the owner's channels with include_owner_subscribed, those the bot may not see itself either way", () => {
    const on = { include_public: false, include_subscribed: false, include_owner_subscribed: true };
    const ownerPrivate = channel({ private: true, subscribers: ['admin'] });
    for (const owner of ['admin', 'member', 'guest', 'owner'] as const) {
      const owned = { ...bot, botOwner: owner };
      // Zulip lists an owner's private channel; a server that keeps the source within the bot's access does not.
      expect(verdict(owned, channel({ private: true, subscribers: [owner] }), on), owner).toBe('either');
      expect(verdict(owned, channel({ subscribers: [owner] }), on), owner).toBe('yes');
      expect(verdict(owned, channel({ private: true, subscribers: ['member2'] }), on), owner).toBe('no');
    }
    expect(verdict({ ...bot, botOwner: 'admin' }, ownerPrivate, { ...on, include_owner_subscribed: false })).toBe('no');
    // Archived: left out by default; with exclude_archived=false, whether the subscription is kept is open.
    const archived = channel({ archived: true, private: true, subscribers: ['admin'] });
    expect(verdict({ ...bot, botOwner: 'admin' }, archived, on)).toBe('no');
    expect(verdict({ ...bot, botOwner: 'admin' }, archived, { ...on, exclude_archived: false })).toBe('either');
  });
});
