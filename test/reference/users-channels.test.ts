// Users and the channel setup operations.
import { describe, expect, it } from 'vitest';
import { SEED_USERS } from '../../fixtures/realm.ts';
import type { Role } from '../../helpers/roles.ts';
import { ACCOUNTS, lookup, useServer } from './support.ts';

const { call } = useServer();

describe('users', () => {
  it('GET /users lists every seeded account and the notification bot, with the user object fields', async () => {
    const { members } = (await call('GET', '/users', { as: 'admin' })).body;
    expect(members.map((m: { delivery_email: string }) => m.delivery_email)).toEqual([
      ...SEED_USERS.map((u) => u.email),
      'notification-bot@zulip.com',
    ]);
    const ids = members.map((m: { user_id: number }) => m.user_id);
    expect(ids).not.toContain(1);
    const bot = members.find((m: { email: string }) => m.email === ACCOUNTS.bot.email);
    const owner = members.find((m: { delivery_email: string }) => m.delivery_email === ACCOUNTS.owner.email);
    expect(bot).toMatchObject({ is_bot: true, bot_type: 1, bot_owner_id: owner.user_id, role: 400 });
    expect(owner).toMatchObject({ is_owner: true, is_admin: true, role: 100, bot_type: null });
    expect(owner).not.toHaveProperty('bot_owner_id');
  });

  it('gives humans the API email user<ID>@<domain> (visibility: administrators only) and bots their real one', async () => {
    const { members } = (await call('GET', '/users', { as: 'member' })).body;
    for (const m of members as { user_id: number; email: string; delivery_email: string | null; is_bot: boolean }[]) {
      if (m.is_bot) expect(m.email).toMatch(/@zulip\.com$/);
      else expect(m.email).toBe(`user${m.user_id}@zulip.invalid`);
    }
    const own = (await call('GET', '/users/me', { as: 'member' })).body;
    expect(own).toMatchObject({ delivery_email: ACCOUNTS.member.email, email: `user${own.user_id}@zulip.invalid` });
    const seenByMember = members.filter((m: { delivery_email: string | null }) => m.delivery_email !== null);
    expect(seenByMember.map((m: { user_id: number }) => m.user_id).sort()).toEqual(
      [
        own.user_id,
        ...members.filter((m: { is_bot: boolean }) => m.is_bot).map((m: { user_id: number }) => m.user_id),
      ].sort(),
    );
  });

  it('GET /users/me returns the caller’s fields at top level', async () => {
    const res = await call('GET', '/users/me', { as: 'guest' });
    expect(res.body).toMatchObject({
      result: 'success',
      delivery_email: ACCOUNTS.guest.email,
      email: `user${res.body.user_id}@zulip.invalid`,
      full_name: ACCOUNTS.guest.fullName,
      role: 600,
      is_guest: true,
      is_admin: false,
      is_owner: false,
      is_bot: false,
      user_id: expect.any(Number),
    });
  });

  it('GET /users/{user_id} returns one user object; unknown ids are BAD_REQUEST', async () => {
    const { userId } = await lookup(call);
    const res = await call('GET', `/users/${userId('admin')}`, { query: { include_custom_profile_fields: true } });
    // As the member: the administrator's real address is hidden (administrators only), so no gravatar is computable.
    expect(res.body.user).toEqual({
      user_id: userId('admin'),
      delivery_email: null,
      email: `user${userId('admin')}@zulip.invalid`,
      full_name: 'Iago',
      date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      is_active: true,
      is_owner: false,
      is_admin: true,
      is_guest: false,
      is_bot: false,
      bot_type: null,
      role: 200,
      timezone: 'Europe/Rome',
      avatar_url: expect.stringContaining('gravatar'),
      avatar_version: 1,
      is_imported_stub: false,
      profile_data: {},
    });
    const missing = await call('GET', '/users/123456');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });
  });
});

describe('channels', () => {
  const subscribe = (as: Role, form: Record<string, unknown>) => call('POST', '/users/me/subscriptions', { as, form });

  it('creates unknown channels, subscribes principals, and reports already-subscribed ones', async () => {
    const { userId } = await lookup(call);
    const hamlet = String(userId('member'));
    const othello = String(userId('member2'));
    const res = await subscribe('member', {
      subscriptions: [{ name: 'cf-new', description: 'A new one' }, { name: 'denmark' }],
      principals: [Number(hamlet), `user${othello}@zulip.invalid`],
    });
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      subscribed: { [hamlet]: ['cf-new'], [othello]: ['cf-new', 'Denmark'] },
      already_subscribed: { [hamlet]: ['Denmark'] },
    });
    // Principals name users by API email: a login address its owner's visibility hides names no one.
    const hidden = await subscribe('member', {
      subscriptions: [{ name: 'cf-new' }],
      principals: [ACCOUNTS.member2.email],
    });
    expect(hidden.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    const id = (await call('GET', '/get_stream_id', { query: { stream: 'CF-NEW' } })).body.stream_id;
    const subs = (await call('GET', '/users/me/subscriptions', { query: { include_subscribers: true } })).body;
    expect(subs.subscriptions.find((s: { stream_id: number }) => s.stream_id === id)).toMatchObject({
      name: 'cf-new',
      description: 'A new one',
      invite_only: false,
      is_web_public: false,
      is_archived: false,
      topics_policy: 'inherit',
      history_public_to_subscribers: true,
      subscribers: [Number(hamlet), Number(othello)].sort((a, b) => a - b),
    });
  });

  it('creates private channels with options, and hides them from non-subscribers', async () => {
    const res = await subscribe('member', {
      subscriptions: [{ name: 'cf-secret' }],
      invite_only: true,
      topics_policy: 'disable_empty_topic',
    });
    expect(res.body.result).toBe('success');
    const mine = (await call('GET', '/users/me/subscriptions')).body.subscriptions;
    expect(mine.find((s: { name: string }) => s.name === 'cf-secret')).toMatchObject({
      invite_only: true,
      topics_policy: 'disable_empty_topic',
      history_public_to_subscribers: false,
    });
    expect((await call('GET', '/get_stream_id', { as: 'member2', query: { stream: 'cf-secret' } })).body.code).toBe(
      'BAD_REQUEST',
    );
    expect((await subscribe('member2', { subscriptions: [{ name: 'cf-secret' }] })).body.code).toBe('BAD_REQUEST');
  });

  it('refuses bad names, guests creating channels, and bad option values', async () => {
    const bad = [
      { subscriptions: [{ name: '' }] },
      { subscriptions: [{ name: '   ' }] },
      { subscriptions: [{ name: 'x'.repeat(61) }] },
      { subscriptions: [{ name: 'a\u0000b' }] },
      { subscriptions: [{ name: 5 }] },
      { subscriptions: ['just-a-name'] },
      { subscriptions: [{ name: 'cf-x' }], topics_policy: 'sometimes' },
      { subscriptions: [{ name: 'cf-x' }], principals: [987654] },
      { subscriptions: [{ name: 'cf-x' }], is_default_stream: true },
    ];
    for (const form of bad)
      expect((await subscribe('member', form)).body.code, JSON.stringify(form)).toBe('BAD_REQUEST');
    expect((await subscribe('guest', { subscriptions: [{ name: 'cf-guest' }] })).body.code).toBe('BAD_REQUEST');
    expect((await subscribe('member', { subscriptions: [{ name: 'x'.repeat(60) }] })).body.result).toBe('success');
    expect((await call('GET', '/get_stream_id', { query: { stream: 'cf-x' } })).body.code).toBe('BAD_REQUEST');
  });

  it('unsubscribes, reporting removed and not_removed', async () => {
    await subscribe('member', { subscriptions: [{ name: 'cf-leave' }] });
    const res = await call('DELETE', '/users/me/subscriptions', { query: { subscriptions: ['cf-leave', 'Venice'] } });
    expect(res.body).toEqual({ result: 'success', msg: '', removed: ['cf-leave'], not_removed: ['Venice'] });
    const unknown = await call('DELETE', '/users/me/subscriptions', { query: { subscriptions: ['cf-nope'] } });
    expect(unknown.body.code).toBe('BAD_REQUEST');
    const others = await call('DELETE', '/users/me/subscriptions', {
      query: { subscriptions: ['Verona'], principals: [ACCOUNTS.member2.email] },
    });
    expect(others.body.code).toBe('BAD_REQUEST');
  });

  it('archives channels for administrators only; archived channels cannot be joined', async () => {
    await subscribe('member', { subscriptions: [{ name: 'cf-archive-me' }] });
    const id = (await call('GET', '/get_stream_id', { query: { stream: 'cf-archive-me' } })).body.stream_id;
    expect((await call('DELETE', `/streams/${id}`)).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Must be an organization administrator',
    });
    expect((await call('DELETE', `/streams/${id}`, { as: 'admin' })).body.result).toBe('success');
    expect((await call('DELETE', `/streams/${id}`, { as: 'admin' })).body.code).toBe('BAD_REQUEST');
    expect((await call('DELETE', '/streams/424242', { as: 'admin' })).body.code).toBe('BAD_REQUEST');
    const subs = (await call('GET', '/users/me/subscriptions')).body.subscriptions;
    expect(subs.find((s: { stream_id: number }) => s.stream_id === id)).toMatchObject({ is_archived: true });
    expect((await subscribe('member2', { subscriptions: [{ name: 'cf-archive-me' }] })).body.code).toBe('BAD_REQUEST');
  });
});
