// GET /streams — contract: "Channel object" (first_message_id). Only the run's own channel is judged; the field
// checks over every kind of channel are in get-streams.test.ts, beside the run's channel world.
import { checksIn } from '../../helpers/checks/check.ts';
import { fail } from '../../helpers/checks/matchers.ts';
import { contentOf, mustSend, ownChannel } from '../messages/messages.ts';
import { listedChannel as channelObject } from './topics.ts';

const { group, check } = checksIn(import.meta.url);

group('GET /streams: the channel object', () => {
  check(
    'CHAN-OBJ-002',
    "MUST report first_message_id as the id of the channel's oldest message, and null only for a channel without history",
    { section: 'Channel object' },
    async (ctx) => {
      // first_message_id is the channel's, whoever subscribed asks and sends.
      const caller = ctx.someone('anyone');
      const own = await ownChannel(ctx, { others: [caller] });
      const before = (await channelObject(ctx, own.id, caller)).channel.first_message_id;
      // A server may post a notice of its own into a new channel: then first_message_id already names it.
      if (before !== null) ctx.note(`a new channel already has history: first_message_id ${before}`);
      const first = await mustSend(ctx, caller, {
        type: 'stream',
        to: own.id,
        topic: ctx.unique('topic'),
        content: contentOf(ctx, 'first'),
      });
      await mustSend(ctx, caller, { type: 'stream', to: own.id, topic: ctx.unique('topic'), content: 'second' });
      const { res, channel } = await channelObject(ctx, own.id, caller);
      const want = before ?? first;
      if (channel.first_message_id !== want) {
        fail(
          res,
          `wanted first_message_id ${want} (the oldest message), got ${JSON.stringify(channel.first_message_id)}`,
        );
      }
    },
  );
});
