/**
 * Edits the content alone of the `pick`th live message, as its sender (contract: 3. Edit a message "updates content,
 * topic or channel": a content edit changes neither topic nor channel). Whether the edit is allowed depends on realm
 * settings and a time limit other checks change meanwhile, so either answer is followed; either way every message of
 * its topic must stay where it is, moved-in ones included.
 */
import { edit } from '../../../messages/edit.ts';
import { contentOf } from '../../../messages/messages.ts';
import { expectPlaces, judging } from '../judging.ts';
import { inSendOrder, messagesIn, samePlace, type TopicCommand, type TopicModel, type TopicReal } from '../model.ts';

export class EditContentCommand implements TopicCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<TopicModel>) => model.places.size > 0;
  run = (model: TopicModel, real: TopicReal) =>
    judging(model, real, 'content', async () => {
      // The sequence's own messages: an old one brought in (see TimeLimit) shares its first topic with those not
      // brought yet, where a departing edit would file it back out of the model's sight.
      const old = real.timeLimit && { channel: 1, topic: real.timeLimit.oldTopic };
      const own = (id: number) => !old || !samePlace(model.history.get(id)![0]!, old);
      const ids = inSendOrder(model, [...model.places.keys()].filter(own));
      if (!ids.length) return 'unjudged';
      const target = ids[this.pick % ids.length]!;
      const step = `${this} (message ${target}, as its sender)`;
      await edit(real.ctx, real.sender, target, { content: contentOf(real.ctx, 'explore, edited') });
      await expectPlaces(model, real, messagesIn(model, model.places.get(target)!), step);
    });
  toString = () => `edit the content of message #${this.pick}`;
}
