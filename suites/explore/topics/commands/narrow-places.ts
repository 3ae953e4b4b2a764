/**
 * Checks the narrows of every place the moved messages are or were in, each place once over all of them: a narrow of
 * a place matches exactly those of them there now, none that has left it (the end's narrow step: one request a
 * place, where NarrowCommand takes one a message and place).
 */
import { expectSuccess, fail } from '../../../../helpers/checks/matchers.ts';
import { channelTerm, topicTerm } from '../../../messages/narrows.ts';
import { judging, lookerOf } from '../judging.ts';
import { inSendOrder, type Place, samePlace, type TopicCommand, type TopicModel, type TopicReal } from '../model.ts';

export class NarrowPlacesCommand implements TopicCommand {
  check = () => true;
  run = (model: TopicModel, real: TopicReal) => judging(model, real, 'narrow', () => this.narrow(model, real));
  private async narrow(model: TopicModel, real: TopicReal): Promise<'unjudged' | undefined> {
    if (!('forms' in real.narrows)) return 'unjudged';
    const { forms } = real.narrows;
    const moved = inSendOrder(model, model.places.keys()).filter((id) => (model.history.get(id)?.length ?? 0) > 1);
    if (!moved.length) return 'unjudged';
    const places: Place[] = [];
    for (const id of moved)
      for (const p of model.history.get(id)!) if (!places.some((q) => samePlace(p, q))) places.push(p);
    // How a narrow's operand names the empty topic is not shown: its places are not judged here.
    for (const where of places.filter((p) => p.topic !== '')) {
      const ids = moved.filter((id) => model.history.get(id)!.some((p) => samePlace(p, where)));
      const channel = { id: real.channelIds[where.channel]!, name: real.channelNames[where.channel]! };
      const narrow = [channelTerm(forms, channel), topicTerm(forms, where.topic)];
      const res = await real.ctx.as(lookerOf(real, ids[0]!)).get('/messages/matches_narrow', { msg_ids: ids, narrow });
      const { messages } = expectSuccess(res, `${this}`);
      const matched = messages !== null && typeof messages === 'object' ? messages : {};
      for (const id of ids) {
        const there = samePlace(model.places.get(id)!, where);
        if (String(id) in matched !== there)
          fail(
            res,
            `after the steps before it: a narrow of topic ${JSON.stringify(where.topic)} of channel ${channel.id} should ${there ? '' : 'not '}match message ${id}, ${there ? 'which is there now' : 'which has left it'}`,
          );
      }
    }
    return undefined;
  }
  toString = () => 'check the narrows of every place the moved messages are or were in';
}
