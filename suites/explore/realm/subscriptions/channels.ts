/**
 * The channels of one sequence (set-up, TARGET.md: POST /users/me/subscriptions with principals and invite_only):
 * two public and two private, fresh for each sequence so that none carries a past sequence's state. The
 * administrator creates them, subscribed to all (content access to the private ones, to add the user there); the
 * user starts in the private ones. Archived when the check ends.
 */
import type { CheckContext } from '../../../../helpers/checks/context.ts';
import { SetupError } from '../../../../helpers/errors.ts';
import type { Role } from '../../../../helpers/roles.ts';
import type { SubChannel } from './model.ts';

export async function sequenceChannels(
  ctx: CheckContext,
  { admin, user }: { admin: Role; user: Role },
): Promise<SubChannel[]> {
  const prefix = ctx.unique('subs-seq');
  const names = (priv: boolean) => ['a', 'b'].map((x) => `${prefix}-${priv ? 'private' : 'public'}-${x}`);
  for (const priv of [false, true]) {
    await ctx.as(admin).mustSetup('POST', '/users/me/subscriptions', {
      subscriptions: names(priv).map((name) => ({
        name,
        description: 'A channel of teamchat-conformance (subscription sequences); archived when the check ends.',
      })),
      principals: [admin, ...(priv ? [user] : [])].map((r) => ctx.account(r).userId),
      invite_only: priv,
    });
  }
  // One listing for the four ids (the administrator is subscribed to all: GET /get_stream_id would take four).
  const { subscriptions } = await ctx.as(admin).mustSetup('GET', '/users/me/subscriptions');
  return [false, true].flatMap((priv) =>
    names(priv).map((name) => {
      const id = (Array.isArray(subscriptions) ? subscriptions : []).find((s: any) => s?.name === name)?.stream_id;
      if (!Number.isInteger(id))
        throw new SetupError(`channel ${name}, just created, is not among the creator's subscriptions`);
      ctx.track(admin, 'channel', id, name);
      return { id, name, private: priv };
    }),
  );
}
