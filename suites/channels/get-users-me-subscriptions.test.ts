// GET /users/me/subscriptions — contract: "14. Get subscribed channels", "Subscription object", Limits (subscribers).
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectSuccess, fail, isIntList } from '../../helpers/checks/matchers.ts';
import type { ApiResponse } from '../../helpers/http/client.ts';
import type { Role } from '../../helpers/roles.ts';
import { ownChannel } from '../messages/messages.ts';
import { subscriptionProblems } from './channel-fields.ts';

const { group, check } = checksIn(import.meta.url);

/** The member's subscription to channel `id`, as listed with `include_subscribers` (left out when undefined). */
async function subscription(ctx: CheckContext, id: number, includeSubscribers?: string) {
  const res = await ctx.member.get('/users/me/subscriptions', { include_subscribers: includeSubscribers });
  const { subscriptions } = expectSuccess(
    res,
    `GET /users/me/subscriptions (include_subscribers=${includeSubscribers})`,
  );
  const sub = Array.isArray(subscriptions) ? subscriptions.find((s: any) => s?.stream_id === id) : undefined;
  if (!sub) fail(res, `wanted the member's subscription to channel ${id} listed`);
  return { res, sub };
}

function expectAll(res: ApiResponse, list: unknown, want: number[], what: string): void {
  if (!isIntList(list)) fail(res, `wanted ${what} as a list of user ids, got ${JSON.stringify(list)}`);
  const missing = want.filter((id) => !list.includes(id));
  if (missing.length) fail(res, `wanted ${what} to include users ${missing.join(', ')}; got ${JSON.stringify(list)}`);
}

group('GET /users/me/subscriptions', () => {
  check(
    'SUBS-001',
    'MUST return every listed field of the subscription object with its type, in_home_view the inverse of is_muted, and neither email_address nor role',
    { section: 'Subscription object', since: 407, exercisesOperation: true },
    async (ctx) => {
      for (const { id, name } of ctx.channels()) {
        const { res, sub } = await subscription(ctx, id);
        const found = subscriptionProblems(sub, ctx.world.featureLevel);
        if (found.length) fail(res, `wanted a well-formed subscription object for ${name}: ${found.join('; ')}`);
      }
    },
  );

  check(
    'SUBS-002',
    'MUST return subscribers only when include_subscribers is true, and then every subscriber of a small channel',
    { section: 'Subscription object; 14. Get subscribed channels', since: 79 },
    async (ctx) => {
      const others: Role[] = ['member2'];
      const own = await ownChannel(ctx, { others });
      const members = ['member', ...others].map((r) => ctx.account(r as Role).userId);
      for (const value of [undefined, 'false']) {
        const { res, sub } = await subscription(ctx, own.id, value);
        if ('subscribers' in sub || 'partial_subscribers' in sub)
          fail(res, `wanted no subscriber list without include_subscribers=true (sent ${value ?? 'nothing'})`);
      }
      const { res, sub } = await subscription(ctx, own.id, 'true');
      expectAll(res, sub.subscribers, members, 'subscribers of a two-member channel');
    },
  );

  check(
    'SUBS-003',
    'MUST with include_subscribers partial, include every bot subscriber',
    { section: 'Subscription object; 14. Get subscribed channels; Limits', since: 412 },
    async (ctx) => {
      const own = await ownChannel(ctx, { others: ['bot', 'member2'] });
      const bot = ctx.account('bot').userId;
      const { res, sub } = await subscription(ctx, own.id, 'partial');
      // Either list is read here (SUBS-005 requires the whole list of a channel this small).
      const list = sub.subscribers ?? sub.partial_subscribers;
      if (list === undefined) fail(res, 'wanted subscribers or partial_subscribers with include_subscribers=partial');
      expectAll(res, list, [bot], 'the partial subscriber list');
      // Under 250 subscribers the whole list is always returned (contract: 14 and Limits).
      if (sub.subscribers !== undefined)
        expectAll(res, sub.subscribers, [ctx.account('member').userId, bot], 'subscribers');
    },
  );

  check(
    'SUBS-005',
    'MUST with include_subscribers partial, return the whole subscribers list for a channel of fewer than 250',
    { section: '14. Get subscribed channels; Limits', since: 412 },
    async (ctx) => {
      // A channel of a few subscribers (the member and, when configured, the bot and the second member): far below
      // the 250 under which partial still returns everyone.
      const others = (['bot', 'member2'] as const).filter(
        (role) => ctx.world.accounts[role] && !ctx.world.accounts[role].refused,
      );
      const own = await ownChannel(ctx, { others: [...others] });
      const { res, sub } = await subscription(ctx, own.id, 'partial');
      const size = others.length + 1;
      if (sub.subscribers === undefined)
        fail(
          res,
          `wanted subscribers, the whole list, for a channel of ${size}; got ${JSON.stringify(Object.keys(sub))}`,
        );
      const everyone = ['member' as const, ...others].map((role) => ctx.account(role).userId);
      expectAll(res, sub.subscribers, everyone, 'subscribers');
    },
  );

  check(
    'SUBS-004',
    'MUST list the channels the caller is subscribed to, and no channel it is not subscribed to',
    { section: '14. Get subscribed channels' },
    async (ctx) => {
      // A public channel of the run's that only the second member joins: visible to the member, not subscribed.
      const other = ctx.unique('not-mine');
      await ctx.member2.mustSetup('POST', '/users/me/subscriptions', { subscriptions: [{ name: other }] });
      const { stream_id: otherId } = await ctx.member2.mustSetup('GET', '/get_stream_id', { stream: other });
      ctx.track('member2', 'channel', Number(otherId), other);
      const res = await ctx.member.get('/users/me/subscriptions');
      const { subscriptions } = expectSuccess(res, 'GET /users/me/subscriptions');
      const listed = new Set(Array.isArray(subscriptions) ? subscriptions.map((s: any) => s?.stream_id) : []);
      for (const { id, name } of ctx.channels())
        if (!listed.has(id)) fail(res, `wanted the member's subscription to ${name} (${id}) listed`);
      if (listed.has(Number(otherId)))
        fail(res, `wanted no entry for ${other} (${otherId}): the member is not subscribed`);
    },
  );
});
