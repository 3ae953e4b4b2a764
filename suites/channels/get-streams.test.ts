// GET /streams — contract: "13. Get all channels" (the nine filters and their defaults). Every check reasons only
// about the channels this run built (world.ts): the realm may hold any others.
import fc from 'fast-check';
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectError, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import { deriveSeed } from '../../helpers/checks/seeds.ts';
import { Disabled } from '../../helpers/errors.ts';
import type { Role } from '../../helpers/roles.ts';
import { channelProblems } from './channel-fields.ts';
import { callerOf, callerRoles, judgeListing, listedIds, listStreams } from './listing.ts';
import { type Caller, FILTERS, type Filters, verdict } from './listing-model.ts';
import { channelWorld, type WorldChannel } from './world.ts';

const { group, check } = checksIn(import.meta.url);

/** Each filter left out (its default applies), or sent true or false. */
const filtersArb: fc.Arbitrary<Filters> = fc
  .tuple(...FILTERS.map(() => fc.option(fc.boolean(), { nil: undefined })))
  .map((values) => {
    const filters: Filters = {};
    FILTERS.forEach((name, i) => {
      if (values[i] !== undefined) filters[name] = values[i];
    });
    return filters;
  });

/**
 * The role × single-filter cases: all of them on the full and nightly profiles. On the quick one (a pull request's
 * check, within one window of a per-user rate limit) each filter set once, by a role for which it changes what the
 * model expects to be listed (the bot for include_owner_subscribed, say), drawn from the seed among them; then the
 * unfiltered listing of each role no case has met: every filter and every role, in ten or so listings, not seventy.
 */
function aloneCases(
  ctx: CheckContext,
  callers: ReadonlyMap<Role, Caller>,
  channels: readonly WorldChannel[],
  alone: readonly Filters[],
): [Role, Filters][] {
  const roles = [...callers.keys()];
  if (ctx.world.profile !== 'quick') return roles.flatMap((role) => alone.map((f): [Role, Filters] => [role, f]));
  const none = alone[0]!;
  const seed = deriveSeed(ctx.world.seed, 'CHAN-LIST-001');
  const cases = alone.map((filters, i): [Role, Filters] => {
    const telling = roles.filter((role) =>
      channels.some((ch) => verdict(callers.get(role)!, ch, filters) !== verdict(callers.get(role)!, ch, none)),
    );
    const among = telling.length ? telling : roles;
    return [among[(seed + i) % among.length]!, filters];
  });
  const met = new Set(cases.map(([role]) => role));
  return [...cases, ...roles.filter((role) => !met.has(role)).map((role): [Role, Filters] => [role, none])];
}

group('GET /streams', () => {
  check(
    'CHAN-LIST-001',
    'MUST list, for every combination of the nine filters, each channel a requested source selects and no channel that none selects, never one the caller has no metadata access to',
    { section: '13. Get all channels', since: 356 },
    async (ctx) => {
      const { channels, missing } = await channelWorld(ctx);
      // A kind the target would not create (a web-public channel where spectator access is off) is left out.
      for (const [kind, why] of Object.entries(missing)) ctx.note(`no ${kind} channel in the run's world: ${why}`);
      const roles = callerRoles(ctx);
      // Each filter alone (the eight others sent false), and none at all, for every role; then combinations.
      const alone: Filters[] = [null, ...FILTERS].map((on) => Object.fromEntries(FILTERS.map((f) => [f, f === on])));
      const callers = new Map<Role, Caller>();
      for (const role of roles) callers.set(role, await callerOf(ctx, role));
      for (const [role, filters] of aloneCases(ctx, callers, channels, alone)) {
        const caller = callers.get(role)!;
        const res = await listStreams(ctx, role, filters);
        if (filters.include_all_active && !caller.admin && res.body?.result === 'error') continue;
        judgeListing(res, caller, channels, filters);
      }
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...roles), filtersArb, async (role, filters) => {
          const caller = await callerOf(ctx, role);
          const res = await listStreams(ctx, role, filters);
          // include_all_active is for administrators only: a refusal for anyone else is a correct answer.
          if (filters.include_all_active && !caller.admin && res.body?.result === 'error') return;
          judgeListing(res, caller, channels, filters);
        }),
        ctx.property(),
      );
    },
  );

  check(
    'CHAN-LIST-002',
    'MUST without filters, list the public and subscribed channels the caller may see and leave archived ones out',
    { section: '13. Get all channels' },
    async (ctx) => {
      const { channels } = await channelWorld(ctx);
      for (const role of callerRoles(ctx)) {
        judgeListing(await listStreams(ctx, role, {}), await callerOf(ctx, role), channels, {});
      }
    },
  );

  check(
    'CHAN-LIST-003',
    'MUST with include_all, list private channels an administrator is not subscribed to, and never show them to a moderator, member, guest or bot',
    { section: '13. Get all channels', since: 356 },
    async (ctx) => {
      const { channels, missing } = await channelWorld(ctx);
      const hidden = channels.find((c) => c.kind === 'private-unsubscribed');
      if (!hidden) throw new Disabled(`no private channel without the callers: ${missing['private-unsubscribed']}`);
      const seen: Record<string, boolean> = {};
      for (const role of callerRoles(ctx)) {
        const caller = await callerOf(ctx, role);
        if (hidden.subscribers.includes(role)) continue;
        const res = await listStreams(ctx, role, { include_all: true });
        seen[role] = listedIds(res, `GET /streams?include_all=true as the ${role}`).has(hidden.id);
        judgeListing(res, caller, channels, { include_all: true });
      }
      // The same for the deprecated alias, which non-administrators may also be refused outright.
      for (const role of ['admin', 'member'] as Role[]) {
        if (!callerRoles(ctx).includes(role)) continue;
        const caller = await callerOf(ctx, role);
        const res = await listStreams(ctx, role, { include_all_active: true });
        if (!caller.admin && res.body?.result === 'error') {
          expectError(res, undefined, 'include_all_active as a non-administrator');
          continue;
        }
        judgeListing(res, caller, channels, { include_all_active: true });
      }
      ctx.note(`include_all shows the private channel to: ${JSON.stringify(seen)}`);
    },
  );

  check(
    'CHAN-OBJ-001',
    'MUST return every listed field of the channel object with its type and allowed values',
    { section: 'Channel object; Group-setting value', since: 407, exercisesOperation: true },
    async (ctx) => {
      const { channels } = await channelWorld(ctx);
      const res = await listStreams(ctx, 'admin', { include_all: true, exclude_archived: false });
      const { streams } = expectSuccess(
        res,
        'GET /streams?include_all=true&exclude_archived=false as the administrator',
      );
      for (const ch of channels) {
        const object = Array.isArray(streams) ? streams.find((s: any) => s?.stream_id === ch.id) : undefined;
        if (!object) fail(res, `wanted the ${ch.kind} channel ${ch.name} listed for the administrator`);
        const found = channelProblems(object, ctx.world.featureLevel);
        // The kind the run created it as must show in the flags that name it.
        const flags = { name: ch.name, invite_only: ch.private, is_web_public: ch.webPublic, is_archived: ch.archived };
        for (const [field, want] of Object.entries(flags)) {
          if (object[field] !== want) found.push(`${field} is ${JSON.stringify(object[field])}, wanted ${want}`);
        }
        if (found.length)
          fail(res, `wanted a well-formed channel object for the ${ch.kind} channel: ${found.join('; ')}`);
      }
      // Every other channel listed too (the realm's own, created by no one or long ago): the shape is the same.
      const ours = new Set(channels.map((ch) => ch.id));
      for (const object of streams as any[]) {
        if (ours.has(object?.stream_id)) continue;
        const found = channelProblems(object, ctx.world.featureLevel);
        if (found.length)
          fail(res, `wanted a well-formed channel object for ${JSON.stringify(object?.name)}: ${found.join('; ')}`);
      }
    },
  );
});
