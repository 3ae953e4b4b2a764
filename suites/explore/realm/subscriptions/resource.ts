/**
 * Subscriptions as a resource of the realm's model: its steps, and the frame that reads back after each step, as
 * the user, GET /users/me/subscriptions (operation 14: exactly the sequence's channels it is subscribed to) and GET
 * /streams with its defaults (operation 13: include_public and include_subscribed; a private channel of the
 * sequence's listed only while the user is subscribed), judged on the sequence's own channels only.
 */
import { administratorOf } from '../../../../helpers/checks/actors.ts';
import type { CheckContext } from '../../../../helpers/checks/context.ts';
import { expectSuccess, fail } from '../../../../helpers/checks/matchers.ts';
import type { Role } from '../../../../helpers/roles.ts';
import { callerOf, judgeListing, listStreams } from '../../../channels/listing.ts';
import type { WorldChannel } from '../../../channels/world.ts';
import { ONEROUS, type Resource } from '../resource.ts';
import { Add } from './add.ts';
import { sequenceChannels } from './channels.ts';
import { Join } from './join.ts';
import { Leave } from './leave.ts';
import { isSubscribed, type SubsModel, type SubsReal } from './model.ts';
import { Remove } from './remove.ts';

export function subscriptionsResource(ctx: CheckContext): Resource<SubsModel, SubsReal> {
  return {
    name: 'subscriptions',
    steps: [new Join(), new Leave(), new Add(), new Remove()],
    start: async () => {
      // Not an administrator: they have metadata access to every private channel.
      const user = ctx.someone('person', { besides: [...ONEROUS, 'admin'] });
      const admin = administratorOf(ctx);
      const channels = await sequenceChannels(ctx, { admin, user });
      return {
        model: { channels, subscribed: channels.filter((c) => c.private).map((c) => c.id), unsubscribed: [] },
        real: { ctx, user, caller: await callerOf(ctx, user), userId: ctx.account(user).userId, admin },
      };
    },
    frame: judgeSubscriptions,
    // The channels are archived when the check ends (sequenceChannels tracks them): nothing to undo here.
    end: async () => {},
  };
}

async function judgeSubscriptions(model: SubsModel, real: SubsReal): Promise<void> {
  const res = await real.ctx.as(real.user).get('/users/me/subscriptions');
  const { subscriptions } = expectSuccess(res, "the user's GET /users/me/subscriptions");
  if (!Array.isArray(subscriptions)) fail(res, 'wanted subscriptions, a list');
  const listed = new Set(subscriptions.map((s: any) => s?.stream_id));
  for (const { id, name } of model.channels) {
    if (isSubscribed(model, id) && !listed.has(id))
      fail(res, `wanted the user's subscription to ${name} (${id}) listed: it is subscribed`);
    if (!isSubscribed(model, id) && listed.has(id))
      fail(
        res,
        `wanted no subscription to ${name} (${id}) listed: the user ${model.unsubscribed.includes(id) ? 'was unsubscribed from it' : 'never was subscribed'}`,
      );
  }
  // The listing model of GET /streams (suites/channels/listing-model.ts), with the defaults: no filters sent.
  judgeListing(await listStreams(real.ctx, real.user, {}), real.caller, worldOf(model, real.user), {});
}

/** The sequence's channels as the listing model sees them. */
const worldOf = (model: SubsModel, user: Role): WorldChannel[] =>
  model.channels.map((c) => {
    const subscribed = isSubscribed(model, c.id);
    return {
      kind: `${c.private ? 'private' : 'public'}-${subscribed ? 'subscribed' : 'unsubscribed'}`,
      id: c.id,
      name: c.name,
      private: c.private,
      webPublic: false,
      archived: false,
      isDefault: false,
      subscribers: subscribed ? [user] : [],
    };
  });
