/** The probe set-ups of the users' operations (6, 15): see suites/conventions/probe-setups.ts. */
import type { OperationKey } from '../../contract/index.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { takeTurn } from '../../helpers/checks/turns.ts';
import { Disabled } from '../../helpers/errors.ts';
import { ROLES, type Role } from '../../helpers/roles.ts';
import { anyone, type ProbeSetupEntry, probeSetup, usable } from '../conventions/probe-setup-kit.ts';
import { mustUnmute, mutedIds, unmutedTarget } from './muted.ts';

const getUser = probeSetup({
  caller: anyone,
  prepare: async (ctx, { caller }) => ({ on: { userId: ctx.account(caller).userId } }),
  valid: (on) => [{ pathParams: { user_id: on.userId }, params: {} }],
});

/**
 * Whom the mute controls mute: people whose messages no check reads the read state of for the guest or the bot
 * (TOPIC-READ-003 reads theirs, of messages from the assistants), since a mute marks the muted user's messages read.
 */
const MUTED_BY_CONTROLS: readonly Role[] = ['member', 'member2', 'admin'];

/** The mute checks' callers (post-users-me-muted_users.test.ts and mute-sequences.model.ts): their mute lists are theirs. */
const MUTE_CHECKS_CALLERS: readonly Role[] = ['member', 'member2', 'moderator', 'admin', 'owner'];

/** Mutes by the guest or the bot, whose mute lists no mute check keeps (a person where neither is configured). */
function muter(ctx: CheckContext): Role {
  if (['guest', 'bot'].some((r) => usable(ctx, r as Role)))
    return ctx.someone('anyone', { besides: MUTE_CHECKS_CALLERS });
  return ctx.someone('person', { besides: ['admin', 'owner'] });
}

const muteUser = probeSetup({
  caller: muter,
  shares: ['mutes'],
  prepare: async (ctx, { caller }) => {
    if (!ROLES.some((r) => r !== caller && usable(ctx, r)))
      // Muting oneself is refused: with one account configured there is no one to mute.
      throw new Disabled(
        'muting needs a second account to mute: set MEMBER2_EMAIL with MEMBER2_API_KEY (or another role)',
      );
    // Another check muting as the same caller (the authentication checks and BAD-MUTE-001 both may) waits its turn.
    const endTurn = await takeTurn(ctx, `mutes of the ${caller}`);
    let acceptedAny = false;
    // Not someone the caller has muted already: a person, or a run whose unmute was lost, may have left one.
    const muted = await mutedIds(ctx, caller);
    const userId =
      MUTED_BY_CONTROLS.filter((r) => r !== caller && usable(ctx, r))
        .map((r) => ctx.account(r).userId)
        .find((id) => !muted.has(id)) ?? (await unmutedTarget(ctx, caller));
    // Tracked before the control is sent: were its answer lost, the mute may still have been made.
    ctx.track(caller, 'mute', userId, `mute of user ${userId}`);
    return {
      on: { userId },
      // Muting twice is refused ("already muted"): the control's mute is undone at once, and the base is valid again.
      afterControl: () => mustUnmute(ctx, caller, userId),
      // A probe a lenient server reads as the id mutes one of ours, undone.
      accepted: () => {
        acceptedAny = true;
        ctx.track(caller, 'mute', userId, 'mute');
      },
      // The turn ends with the probes (an authentication check goes on to other operations), and the mute's undo
      // with it: nothing is muted (the control's mute was undone), and a later holder's mute is not ours to undo.
      // Unless a probe muted: that mute stays until the check's cleanup undoes it, and so does the turn.
      done: () => {
        if (acceptedAny) return;
        ctx.untrack(caller, 'mute', userId);
        endTurn();
      },
    };
  },
  valid: (on) => [{ pathParams: { muted_user_id: on.userId }, params: {} }],
});

export const userSetups = {
  'GET /users/{user_id}': getUser,
  'POST /users/me/muted_users/{muted_user_id}': muteUser,
} satisfies Partial<Record<OperationKey, ProbeSetupEntry>>;
