/** The end of every sequence: whatever state the steps built, each transition is judged on it. */
import { expectSuccess } from '../../../../helpers/checks/matchers.ts';
import { edit, QUIET } from '../../../messages/edit.ts';
import { expectPlaces, judging } from '../judging.ts';
import type { Place, TopicCommand, TopicModel, TopicReal } from '../model.ts';
import { describePlace, livePlaces, messagesIn, place, samePlace } from '../model.ts';
import { DeleteTopicCommand } from './delete-topic.ts';
import { EditContentCommand } from './edit-content.ts';
import { MarkReadCommand } from './mark-read.ts';
import { MoveCommand } from './move.ts';
import { NarrowPlacesCommand } from './narrow-places.ts';
import { ResolveCommand } from './resolve.ts';
import { SendCommand } from './send.ts';

/**
 * The end of every sequence, whatever came before: a narrow check of each message that has moved, then each topic
 * moved whole (change_all, from a message sent to it where there is one) into the spare topic of the first channel,
 * the spare resolved, then deleted. Whatever state the sequence built — topics holding messages moved in, resolved,
 * split across channels — these see it, and every sequence that gets to its end judges each transition at least
 * once.
 */
export class EpilogueCommand implements TopicCommand {
  check = () => true;
  async run(model: TopicModel, real: TopicReal): Promise<void> {
    await new NarrowPlacesCommand().run(model, real);
    // A sequence whose topics were all deleted leaves the end nothing to move, resolve and delete: a message in each
    // of its topics then, so that every sequence judges those.
    if (model.places.size === 0) for (const name of real.names.keys()) await new SendCommand(name).run(model, real);
    const spare: Place = { channel: 0, topic: real.spare };
    for (const from of livePlaces(model)) {
      if (samePlace(from, spare)) continue;
      const inTopic = messagesIn(model, from);
      if (!inTopic.length) continue; // emptied since by a departure the model followed
      // From a message sent to this topic where there is one: the whole topic, messages moved in too, must follow.
      const target = inTopic.find((id) => model.history.get(id)?.length === 1) ?? inTopic[0]!;
      const step = `the end: topic ${describePlace(from)} moved whole (change_all, from message ${target}) to the spare topic`;
      await judging(model, real, 'move', async () => {
        const res = await edit(real.ctx, real.admin(), target, {
          topic: real.spare,
          ...(from.channel !== spare.channel ? { stream_id: real.channelIds[spare.channel] } : {}),
          propagate_mode: 'change_all',
          ...QUIET,
        });
        expectSuccess(res, step);
        for (const id of inTopic) place(model, id, spare);
        await expectPlaces(model, real, inTopic, step);
      });
    }
    // The spare holds only messages moved into it: marking it read must take them all, so must resolving it, and
    // so must deleting it.
    await new MarkReadCommand(0).run(model, real);
    await new ResolveCommand(0, true).run(model, real);
    // The resolved spare moved whole to the other channel by naming the channel alone (it must arrive resolved), a
    // message of it edited in content alone there (it must stay), and the spare moved back alike, to be deleted
    // where its deletion removes the first channel's oldest message (EXPLORE-007).
    const toOther = new MoveCommand(0, 0, 'change_all', true, 0, true);
    await toOther.run(model, real);
    await new EditContentCommand(0).run(model, real);
    await toOther.run(model, real);
    await new DeleteTopicCommand(0).run(model, real);
  }
  toString = () =>
    'the end: narrows of moved messages, every topic moved to the spare, the spare marked read, resolved, moved to the other channel keeping its topic, a message of it edited in content, moved back, then deleted';
}
