// PATCH /messages/{message_id}: channel moves — contract: 3. Edit a message (stream_id; the between-channels move
// limit), Limits (administrators and moderators exempt from the move limits). EDIT-LIMIT-002 shrinks
// move_messages_between_streams_limit_seconds; the other channel moves of the slice share this file so that they
// never run while it is shrunk. It comes first, so that its wait on the target's clock (the limit and any grace:
// real Zulip's 20 s) overlaps the other files' work: after EDIT-CHANNEL-003 it waited for the turn on the movers
// group, which the topic sequences hold through their own wait, and the two waits ran one after the other.
import { checksIn } from '../../helpers/checks/check.ts';
import { directType } from '../../helpers/checks/feature-levels.ts';
import { expectErrorEnvelope, expectSuccess, fail } from '../../helpers/checks/matchers.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import { edit, movers, placesOf, QUIET, sendMany, setRealm, shortestWorkingLimit, waitUntilTooOld } from './edit.ts';
import { contentOf, mustSend, sharedChannelPair } from './messages.ts';
import { permit } from './permitted.ts';

const { group, check } = checksIn(import.meta.url);

group('PATCH /messages/{message_id}: channels', () => {
  sharesState('realm-edit-settings');

  check(
    'EDIT-LIMIT-002',
    'MUST exempt administrators and moderators from the move time limits',
    { section: '3. Edit a message; Limits', since: 162 },
    async (ctx) => {
      // The moved messages are set-up: the exemption is the mover's, so an assistant without the movers' rights (an
      // ordinary account, subscribed to both channels) sends them and reads them back.
      const sender = ctx.someone('assistant', { besides: ['moderator', 'admin', 'owner'] });
      // The exemption is from the time limit, not a permission: the member (the probe's mover) and the exempt movers
      // must be allowed to move between channels first (a realm made before Zulip 9.0 lets administrators alone).
      await permit(
        ctx,
        'can_move_messages_between_channels_group',
        ['member', 'moderator', 'admin'],
        'move messages between channels',
      );
      const [from, to] = await sharedChannelPair(ctx);
      // The least limit the realm allows (1 s) first; 3 s when the probe's first move cannot happen inside it.
      await shortestWorkingLimit(ctx, [1, 3], async (limit, longest) => {
        await setRealm(ctx, { move_messages_between_streams_limit_seconds: limit });
        const topics = { moderator: ctx.unique('old'), admin: ctx.unique('old') };
        const sent = {
          moderator: await sendMany(ctx, from, topics.moderator, 2, sender),
          admin: await sendMany(ctx, from, topics.admin, 2, sender),
        };
        const waited = await waitUntilTooOld(ctx, from, { limit, to, longest });
        ctx.note(`messages were too old for the member to move between channels after ${waited.toFixed(1)} s`);
        for (const role of ['moderator', 'admin'] as const) {
          const ids = sent[role];
          const res = await edit(ctx, role, ids[0]!, { stream_id: to.id, propagate_mode: 'change_all', ...QUIET });
          expectSuccess(res, `the ${role}'s move of messages older than the move limit`);
          const places = await placesOf(ctx, ids, sender);
          const want = `${to.id} / ${JSON.stringify(topics[role])}`;
          for (const id of ids)
            if (places.get(id) !== want) fail(res, `wanted message ${id} at ${want}; it is at ${places.get(id)}`);
        }
      });
    },
  );

  check(
    'EDIT-CHANNEL-001',
    'MUST refuse stream_id for a direct message',
    { section: '3. Edit a message' },
    async (ctx) => {
      const id = await mustSend(ctx, 'member', {
        type: directType(ctx),
        to: [ctx.account('member2').userId],
        content: contentOf(ctx, 'a direct message'),
      });
      const res = await edit(ctx, 'member', id, { stream_id: ctx.channel().id, ...QUIET });
      expectErrorEnvelope(res, 'stream_id for a direct message');
    },
  );

  check(
    'EDIT-CHANNEL-002',
    'MUST move the messages of a channel move to the destination channel',
    { section: '3. Edit a message' },
    async (ctx) => {
      // The member moves; the topic's messages are set-up, sent and read back by an assistant (who sent them does
      // not matter to a channel move), in the run's shared channels, to which every account is subscribed.
      await permit(ctx, 'can_move_messages_between_channels_group', ['member'], 'move messages between channels');
      const [from, to] = await sharedChannelPair(ctx);
      const sender = ctx.someone('assistant');
      const topic = ctx.unique('moving');
      const ids = await sendMany(ctx, from, topic, 3, sender);
      const res = await edit(ctx, 'member', ids[0]!, { stream_id: to.id, propagate_mode: 'change_all', ...QUIET });
      expectSuccess(res, 'a change_all move of a topic to another channel');
      const places = await placesOf(ctx, ids, sender);
      for (const [i, id] of ids.entries()) {
        const want = `${to.id} / ${JSON.stringify(topic)}`;
        if (places.get(id) !== want) fail(res, `wanted message ${i + 1} of 3 at ${want}; it is at ${places.get(id)}`);
      }
    },
  );

  check(
    'EDIT-CHANNEL-003',
    'MUST refuse a channel move by a caller outside can_move_messages_between_channels_group',
    { section: '3. Edit a message', since: 310 },
    async (ctx) => {
      // The channel checks of this file move as the member, moderator and administrator: only the second member is out.
      await setRealm(ctx, {
        can_move_messages_between_channels_group: movers(ctx, ['owner', 'admin', 'moderator', 'member']),
      });
      const [from, to] = ctx.channels();
      const [id] = await sendMany(ctx, from!, ctx.unique('fenced'), 1);
      const move = { stream_id: to!.id, propagate_mode: 'change_one', ...QUIET };
      const refused = await edit(ctx, 'member2', id!, move);
      expectErrorEnvelope(refused, 'a channel move by a user outside can_move_messages_between_channels_group');
      const places = await placesOf(ctx, [id!]);
      if (!places.get(id!)?.startsWith(`${from!.id} /`))
        fail(refused, `the refused move left the message at ${places.get(id!)}`);
      expectSuccess(await edit(ctx, 'member', id!, move), "the same move by the group's member");
    },
  );
});
