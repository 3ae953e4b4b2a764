// POST /streams/{stream_id}/delete_topic — contract: "9. Delete a topic", its row of States and transitions, the
// stream update event, Errors (UNAUTHORIZED_PRINCIPAL). Only topics this run created, in channels it created, are
// ever deleted.
import { checksIn } from '../../helpers/checks/check.ts';
import { alikeCases } from '../../helpers/checks/distinct.ts';
import { registerQueue, waitForEvents } from '../../helpers/checks/events.ts';
import { expectError, fail } from '../../helpers/checks/matchers.ts';
import { Disabled, SetupError } from '../../helpers/errors.ts';
import type { Role } from '../../helpers/roles.ts';
import { ownChannel, readMessage, realmValue, sharedChannel, sharedChannelPair } from '../messages/messages.ts';
import {
  carriesFirstMessageId,
  deleteTopic,
  deleteUntilComplete,
  listedChannel,
  mustChannelObject,
  remaining,
  topicOf,
} from './topics.ts';

const { group, check } = checksIn(import.meta.url);

/** The topics' messages are set-up, sent and read back by an assistant that deletes nothing here. */
const NOT_DELETERS = { besides: ['admin', 'owner'] } as const;

group('POST /streams/{stream_id}/delete_topic', () => {
  check(
    'TOPIC-DELETE-001',
    'MUST refuse a topic deletion by a moderator, member or bot with UNAUTHORIZED_PRINCIPAL and delete nothing',
    { section: '9. Delete a topic; Errors' },
    async (ctx) => {
      // The topic's messages are set-up: sent (and read back) by an assistant.
      const sender = ctx.someone('assistant', NOT_DELETERS);
      const own = await sharedChannel(ctx);
      const ids = await topicOf(ctx, own.id, ctx.unique('topic'), 2, sender);
      const refused = (['moderator', 'member', 'bot'] as Role[]).filter((r) => ctx.world.accounts[r]);
      if (refused.length === 0)
        throw new Disabled(
          'needs a moderator, member or bot account: MODERATOR_EMAIL, MEMBER_EMAIL or BOT_EMAIL with its key',
        );
      for (const role of refused) {
        const res = await deleteTopic(ctx, role, own.id, ids.topic);
        expectError(res, 'UNAUTHORIZED_PRINCIPAL', `delete_topic as the ${role}`);
        const left = await remaining(ctx, ids.messages, sender);
        if (left.length !== ids.messages.length)
          fail(res, `wanted no message deleted by the ${role}'s refused request`);
      }
    },
  );

  check(
    'TOPIC-DELETE-002',
    'MUST let an administrator delete a topic, answering complete true only once no message of the topic remains, and leave other topics alone',
    { section: '9. Delete a topic; States and transitions', since: 211, exercisesOperation: true },
    async (ctx) => {
      // Who wrote the topic does not matter to an administrator's delete.
      const sender = ctx.someone('assistant', NOT_DELETERS);
      const own = await sharedChannel(ctx);
      const kept = await topicOf(ctx, own.id, ctx.unique('topic'), 1, sender);
      // Both organization administrator roles may delete; the owner only when this configuration has one.
      const deleters = (['admin', 'owner'] as const).filter((r) => ctx.world.accounts[r]);
      // Without either there is nothing to judge: disabled, naming the administrator's variables.
      if (deleters.length === 0) ctx.account('admin');
      for (const role of alikeCases(ctx, deleters, (r) => `the ${r}`)) {
        // More messages than a small batch, so that a batching server has to answer complete: false at least once.
        const doomed = await topicOf(ctx, own.id, ctx.unique('topic'), 7, sender);
        const { res, rounds } = await deleteUntilComplete(ctx, own.id, doomed.topic, role);
        ctx.note(`delete_topic as the ${role} took ${rounds} request(s) for ${doomed.messages.length} messages`);
        const left = await remaining(ctx, doomed.messages, sender);
        if (left.length)
          fail(res, `wanted no message of the topic left once complete is true; left: ${left.join(', ')}`);
        if ((await remaining(ctx, kept.messages, sender)).length !== 1)
          fail(res, 'wanted the other topic of the channel kept');
      }
    },
  );

  check(
    'TOPIC-DELETE-003',
    'MUST read the empty-topic display name as the empty topic when deleting a topic',
    { section: '9. Delete a topic', since: 334 },
    async (ctx) => {
      const display = realmValue(ctx, ctx.world.realm.emptyTopicDisplayName, 'realm_empty_topic_display_name');
      const sender = ctx.someone('assistant', NOT_DELETERS);
      const own = await ownChannel(ctx, { policy: 'allow_empty_topic', others: [sender] });
      const empty = await topicOf(ctx, own.id, '', 2, sender);
      const { res } = await deleteUntilComplete(ctx, own.id, display);
      const left = await remaining(ctx, empty.messages, sender);
      if (left.length)
        fail(res, `wanted the display name "${display}" to delete the empty topic; left: ${left.join(', ')}`);
    },
  );

  check(
    'TOPIC-DELETE-004',
    "MUST send a stream update event with the new first_message_id when a topic deletion removes the channel's oldest message",
    { section: 'Events; 9. Delete a topic', since: 256 },
    async (ctx) => {
      const sender = ctx.someone('assistant', NOT_DELETERS);
      const own = await ownChannel(ctx, { others: [sender] });
      const ours = await topicOf(ctx, own.id, ctx.unique('old'), 1, sender);
      await topicOf(ctx, own.id, ctx.unique('new'), 1, sender);
      // A new channel need not be empty: Zulip posts a notice of its creation (topic "channel events") first. The
      // topic deleted is whichever holds the channel's oldest message; it is in the run's own channel either way.
      const first = (await mustChannelObject(ctx, own.id, sender)).first_message_id;
      if (!Number.isInteger(first))
        throw new SetupError(`the channel's first_message_id (CHAN-OBJ-002's) is ${JSON.stringify(first)}`);
      const oldestTopic = first === ours.messages[0] ? ours.topic : (await readMessage(ctx, sender, first)).topic;
      if (first !== ours.messages[0])
        ctx.note(`the new channel's oldest message ${first} is in topic "${oldestTopic}"`);
      const queue = await registerQueue(ctx, 'member', { event_types: ['stream'] });
      const { res } = await deleteUntilComplete(ctx, own.id, oldestTopic);
      const want = (await listedChannel(ctx, own.id, sender)).channel.first_message_id;
      if (want === first) fail(res, `wanted first_message_id to change from ${first} once its topic was deleted`);
      // The channel keeps the other topic's message: the new first_message_id names it, an id no other channel's
      // event can carry (a null, which another check emptying its own channel announces too, would not tell).
      if (!Number.isInteger(want))
        fail(res, `wanted first_message_id to name the remaining message once its topic was deleted; read ${want}`);
      const carries = (e: any) => carriesFirstMessageId(e, want);
      const events = await waitForEvents(ctx, queue, carries);
      if (!events.some(carries)) {
        fail(
          undefined,
          `wanted a stream update event carrying first_message_id ${want} in channel ${own.name}; got ${JSON.stringify(events).slice(0, 400)}`,
        );
      }
    },
  );

  check(
    'TOPIC-DELETE-005',
    'MUST delete only the topic of the channel named in the path, never a same-named topic of another channel',
    { section: '9. Delete a topic', since: 211 },
    async (ctx) => {
      // Two channels (the run's shared ones) with a topic of the same name, the check's own: deleting it in one leaves
      // the other's.
      const sender = ctx.someone('assistant', NOT_DELETERS);
      const [one, other] = await sharedChannelPair(ctx);
      const name = ctx.unique('topic');
      const doomed = await topicOf(ctx, one.id, name, 2, sender);
      const namesake = await topicOf(ctx, other.id, name, 2, sender);
      const { res } = await deleteUntilComplete(ctx, one.id, name);
      const left = await remaining(ctx, namesake.messages, sender);
      if (left.length !== namesake.messages.length)
        fail(
          res,
          `wanted the same-named topic of another channel kept; left ${left.length} of its ${namesake.messages.length}`,
        );
      if ((await remaining(ctx, doomed.messages, sender)).length)
        fail(res, 'wanted no message of the deleted topic left once complete is true');
    },
  );

  check(
    'TOPIC-DELETE-006',
    "MUST delete a topic's messages newest first: after a request that answers complete false, its oldest are left",
    { section: '9. Delete a topic; States and transitions', since: 211 },
    async (ctx) => {
      // Each time the server stops short (complete false), what is left must be the topic's oldest messages (in the
      // order they were sent; ids are not assumed to grow). Four messages: more than a small batch, and few requests.
      const sender = ctx.someone('assistant', NOT_DELETERS);
      const own = await sharedChannel(ctx);
      const { topic, messages } = await topicOf(ctx, own.id, ctx.unique('topic'), 4, sender);
      let partial = 0;
      await deleteUntilComplete(ctx, own.id, topic, 'admin', async (res) => {
        partial++;
        const left = new Set(await remaining(ctx, messages, sender));
        const oldest = messages.slice(0, left.size);
        if (!oldest.every((id) => left.has(id)))
          fail(
            res,
            `wanted the oldest ${left.size} messages left after a partial deletion (newest first); sent ${messages.join(', ')}, left ${[...left].join(', ')}`,
          );
      });
      if (partial === 0) ctx.note('the server deleted the whole topic in one request: no batch order to observe');
    },
  );
});
