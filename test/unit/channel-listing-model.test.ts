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
    expect(verdict(guest, channel({}), all)).toBe('no');
    expect(verdict(admin, channel({ private: true }), { include_all: true })).toBe('yes');
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
});
