/** Deletes a topic, and where it held its channel's oldest message, watches for the event that announces the next. */
import { registerQueue, waitForEvents } from '../../../../helpers/checks/events.ts';
import { expectSuccess, fail } from '../../../../helpers/checks/matchers.ts';
import { SetupError, Unsupported } from '../../../../helpers/errors.ts';
import { carriesFirstMessageId, deleteTopic, mustChannelObject } from '../../../channels/topics.ts';
import { expectPlaces, judging } from '../judging.ts';
import type { TopicCommand, TopicModel, TopicReal } from '../model.ts';
import { describePlace, inSendOrder, livePlaces, messagesIn, named, remove, samePlace } from '../model.ts';

/** Rounds a delete_topic may take for the few messages of a sequence before the server is judged stuck. */
const MAX_DELETE_ROUNDS = 20;

/**
 * Deletes the `pick`th live topic, repeating delete_topic until it reports the deletion complete. Where the topic held
 * its channel's oldest message (moved in or sent to it), the deletion must also send the event that announces the
 * channel's new first message (see watchOldest): a transition of its own.
 */
export class DeleteTopicCommand implements TopicCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<TopicModel>) => model.places.size > 0;
  run = async (model: TopicModel, real: TopicReal) => {
    // The old messages' topic also holds those no sequence has brought yet: a message the model followed into it
    // (after a departure already reported) does not make it the sequence's to delete.
    const places = livePlaces(model);
    const old = real.timeLimit && { channel: 1, topic: real.timeLimit.oldTopic };
    if (old && samePlace(places[this.pick % places.length]!, old)) return;
    let announced: (() => Promise<'unjudged' | undefined>) | undefined;
    await judging(model, real, 'delete', async () => {
      announced = await this.delete(model, real);
    });
    if (announced) await judging(model, real, 'oldest', announced);
  };
  private async delete(model: TopicModel, real: TopicReal) {
    const places = livePlaces(model);
    const where = places[this.pick % places.length]!;
    const step = `${this} (${describePlace(where)})`;
    const channelId = real.channelIds[where.channel]!;
    const doomed = messagesIn(model, where);
    // The channel's oldest message, if the sequence's (only the first channel's is: see clearNotices), is the oldest
    // the model knows in it: a deletion that does not take that one cannot take the oldest.
    const oldestKnown = inSendOrder(
      model,
      [...model.places].filter(([, p]) => p.channel === where.channel).map(([id]) => id),
    )[0];
    const watch =
      oldestKnown !== undefined && doomed.includes(oldestKnown)
        ? await watchOldest(real, channelId, doomed)
        : undefined;
    for (let round = 1; ; round++) {
      const res = await deleteTopic(real.ctx, real.admin(), channelId, named(real, where.topic));
      // Before feature level 211 an unfinished deletion answered partially_completed instead of complete: false.
      const unfinished = res.body?.result === 'partially_completed' || expectSuccess(res, step).complete === false;
      if (!unfinished) break;
      if (round >= MAX_DELETE_ROUNDS) fail(res, `${step}: still not complete after ${round} requests`);
    }
    for (const id of doomed) remove(model, id);
    // Every message of the sequence: the topic's must be gone, the others (moved away or never in it) must stay.
    await expectPlaces(model, real, [...doomed, ...model.places.keys()], step);
    return watch && (() => watch(step));
  }
  toString = () => `delete topic #${this.pick}`;
}

/** How long a shrinking's run waits for a topic deletion's event that did not come in the usual ten seconds before. */
const SHRINK_EVENT_WAIT_MS = 2000;

/**
 * Before a topic deletion: where the topic holds its channel's oldest message (first_message_id as GET /streams lists
 * it), a queue for stream events, and the judgement to make after the deletion — a stream update event carrying the
 * channel's new first_message_id, as listed then (contract: Events; the topic row of States and transitions). Else
 * nothing (nor once the transition has failed already: the wait for an event that does not come costs seconds).
 */
async function watchOldest(real: TopicReal, channelId: number, doomed: readonly number[]) {
  if (real.events.unavailable !== undefined || real.settled.has('oldest')) return undefined;
  const { ctx, sender } = real;
  let queue: Awaited<ReturnType<typeof registerQueue>>;
  let first: unknown;
  try {
    first = (await mustChannelObject(ctx, channelId, sender)).first_message_id;
    if (!doomed.includes(first as number)) return undefined;
    queue = await registerQueue(ctx, sender, { event_types: ['stream'] });
  } catch (error) {
    if (!(error instanceof Unsupported || error instanceof SetupError)) throw error;
    real.events.unavailable = error.message.split('\n')[0]!;
    return undefined;
  }
  return async (step: string): Promise<'unjudged' | undefined> => {
    let want: unknown;
    let events: any[];
    try {
      want = (await mustChannelObject(ctx, channelId, sender)).first_message_id;
      // A listing that still names the deleted message is the channel object's departure (CHAN-OBJ-002), not this.
      if (want === first) return 'unjudged';
      events = await waitForEvents(ctx, queue, (e) => carriesFirstMessageId(e, want), real.events.shortWaitMs);
      await ctx.as(sender).mustSetup('DELETE', '/events', { queue_id: queue.id });
      ctx.untrack(sender, 'queue', queue.id);
    } catch (error) {
      if (!(error instanceof Unsupported || error instanceof SetupError)) throw error;
      real.events.unavailable = error.message.split('\n')[0]!;
      return 'unjudged';
    }
    if (!events.some((e) => carriesFirstMessageId(e, want))) {
      real.events.shortWaitMs = SHRINK_EVENT_WAIT_MS;
      fail(
        undefined,
        `after ${step}: the topic held message ${first}, the channel's oldest (first_message_id); wanted a stream update event carrying the new first_message_id ${JSON.stringify(want)}; got ${JSON.stringify(events).slice(0, 400)}`,
      );
    }
  };
}
