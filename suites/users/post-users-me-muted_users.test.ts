// POST /users/me/muted_users/{id} — contract: "15. Mute a user", the muting rows of States and transitions, Errors.
// The caller is a peer member (the member when none is configured): the model-based checks (mute-sequences.model.ts) act as
// the other people, so the two files never share a mute list when they run side by side.
import { checksIn } from '../../helpers/checks/check.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { registerQueue } from '../../helpers/checks/events.ts';
import { expectError, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import { Unsupported } from '../../helpers/errors.ts';
import { readFlags } from '../messages/messages.ts';
import {
  arrivalFlags,
  humanToMute,
  listMuted,
  mustMute,
  muteUser,
  NO_SUCH_USER_ID,
  sendDirect,
  unmutedTarget,
} from './muted.ts';

const { group, check } = checksIn(import.meta.url);

const callerOf = (ctx: CheckContext) => ctx.someone('peer member');

group('POST /users/me/muted_users/{muted_user_id}', () => {
  sharesState('mutes');

  check(
    'MUTE-001',
    'MUST refuse muting oneself with BAD_REQUEST',
    { section: '15. Mute a user; Errors' },
    async (ctx) => {
      const caller = callerOf(ctx);
      const res = await muteUser(ctx, caller, ctx.account(caller).userId);
      expectError(res, 'BAD_REQUEST', 'muting oneself');
    },
  );

  check(
    'MUTE-002',
    'MUST refuse muting a user ID that does not exist with BAD_REQUEST',
    { section: '15. Mute a user; Errors' },
    async (ctx) => {
      const caller = callerOf(ctx);
      expectError(await muteUser(ctx, caller, NO_SUCH_USER_ID), 'BAD_REQUEST', 'muting a user that does not exist');
    },
  );

  check(
    'MUTE-003',
    'MUST refuse muting an already muted user with BAD_REQUEST and leave the mute unchanged',
    { section: 'States and transitions; 15. Mute a user' },
    async (ctx) => {
      const caller = callerOf(ctx);
      const target = await unmutedTarget(ctx, caller);
      await mustMute(ctx, caller, target);
      const before = (await listMuted(ctx, caller)).muted.filter((m) => m.id === target);
      const again = await muteUser(ctx, caller, target);
      expectError(again, 'BAD_REQUEST', 'muting the same user again');
      const { res, muted } = await listMuted(ctx, caller);
      const after = muted.filter((m) => m.id === target);
      if (JSON.stringify(after) !== JSON.stringify(before))
        fail(res, `wanted the mute unchanged: ${JSON.stringify(before)} before, ${JSON.stringify(after)} after`);
    },
  );

  check(
    'MUTE-004',
    'MUST let a user mute a bot',
    { section: '15. Mute a user', since: 188, exercisesOperation: true },
    async (ctx) => {
      const caller = callerOf(ctx);
      // The configured bot unless the caller muted it already (a leftover): then any other bot of the realm.
      const bot = await unmutedTarget(ctx, caller, { bot: true });
      expectSuccess(await muteUser(ctx, caller, bot), `muting bot ${bot}`);
    },
  );

  check(
    'MUTE-007',
    "MUST mark a muted user's new messages as read for the muter as they arrive",
    { section: 'States and transitions' },
    async (ctx) => {
      const caller = callerOf(ctx);
      // The caller mutes another human account, which then writes to it: the message must arrive already read.
      const senderRole = await humanToMute(ctx, caller);
      const sender = ctx.account(senderRole);
      const queue = await registerQueue(ctx, caller, { event_types: ['message'] });
      await mustMute(ctx, caller, sender.userId);
      const flags = await arrivalFlags(ctx, queue, senderRole);
      if (flags === undefined)
        throw new Unsupported("the target's message events carry no flags: the read state cannot be observed");
      if (!flags.includes('read'))
        fail(
          undefined,
          `wanted the muted ${senderRole}'s new message to arrive read for the ${caller}; its flags were ${JSON.stringify(flags)}`,
        );
    },
  );

  check(
    'MUTE-008',
    "MUST mark as read for the muter every message the muted user had already sent it, and no other user's",
    { section: 'States and transitions' },
    async (ctx) => {
      const caller = callerOf(ctx);
      // Another human account writes to the caller, who then mutes it: the message sent before must now be read. A
      // third account's message, unread before the mute, must stay unread: the mute concerns the muted user alone.
      const senderRole = await humanToMute(ctx, caller);
      const bystander = (['owner', 'moderator', 'admin', 'guest', 'bot'] as const).find(
        (r) => r !== caller && r !== senderRole && ctx.world.accounts[r] && !ctx.world.accounts[r]?.refused,
      );
      const id = await sendDirect(ctx, senderRole, caller);
      const other = bystander && (await sendDirect(ctx, bystander, caller));
      const otherBefore = other ? await readFlags(ctx, caller, other) : undefined;
      expectSuccess(await muteUser(ctx, caller, ctx.account(senderRole).userId), `muting the ${senderRole}`);
      const flags = await readFlags(ctx, caller, id);
      if (flags === undefined)
        throw new Unsupported("the target's message read-back carries no flags: the read state cannot be observed");
      if (!flags.includes('read'))
        fail(
          undefined,
          `wanted the ${senderRole}'s message ${id}, sent before the mute, read for the ${caller} once muted; its flags are ${JSON.stringify(flags)}`,
        );
      if (!other || !otherBefore || otherBefore.includes('read')) {
        ctx.note('no unread message of a third account to watch: only the muted user’s messages were judged');
        return;
      }
      const otherAfter = await readFlags(ctx, caller, other);
      if (otherAfter?.includes('read'))
        fail(undefined, `the mute of the ${senderRole} also marked the ${bystander}'s message ${other} read`);
    },
  );
});
