/** Checks narrows of a message's places: the one it is in now matches it, those it has left do not. */
import { expectSuccess, fail } from '../../../../helpers/checks/matchers.ts';
import { channelTerm, topicTerm } from '../../../messages/narrows.ts';
import { judging, lookerOf } from '../judging.ts';
import { inSendOrder, samePlace, type TopicCommand, type TopicModel, type TopicReal } from '../model.ts';

/** A narrow of the `pick`th live message's place matches it; a narrow of any place it was in before does not. */
export class NarrowCommand implements TopicCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<TopicModel>) => model.places.size > 0;
  run = (model: TopicModel, real: TopicReal) => judging(model, real, 'narrow', () => this.narrow(model, real));
  private async narrow(model: TopicModel, real: TopicReal): Promise<'unjudged' | undefined> {
    // A target that takes no narrow of a place: nothing to judge (the clause says why: see TopicReal.narrows).
    if (!('forms' in real.narrows)) return 'unjudged';
    const { forms } = real.narrows;
    const ids = inSendOrder(model, model.places.keys());
    const id = ids[this.pick % ids.length]!;
    const now = model.places.get(id)!;
    const before = (model.history.get(id) ?? []).filter((p) => !samePlace(p, now));
    for (const [where, want] of [[now, true] as const, ...before.map((p) => [p, false] as const)]) {
      // How a narrow's operand names the empty topic is not shown: its places are not judged here.
      if (where.topic === '') continue;
      const channel = { id: real.channelIds[where.channel]!, name: real.channelNames[where.channel]! };
      const narrow = [channelTerm(forms, channel), topicTerm(forms, where.topic)];
      const res = await real.ctx.as(lookerOf(real, id)).get('/messages/matches_narrow', { msg_ids: [id], narrow });
      const { messages } = expectSuccess(res, `${this}`);
      const matched = messages !== null && typeof messages === 'object' && String(id) in messages;
      if (matched !== want)
        fail(
          res,
          `after the steps before it: a narrow of topic ${JSON.stringify(where.topic)} of channel ${real.channelIds[where.channel]} should ${want ? '' : 'not '}match message ${id}, ${want ? 'which is there now' : 'which has left it'}`,
        );
    }
    return undefined;
  }
  toString = () => `check a narrow of message #${this.pick}'s places`;
}
