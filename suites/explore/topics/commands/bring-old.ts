/** Brings a message past the move time limit into a topic of the sequence's (the administrator moving it). */
import { expectSuccess } from '../../../../helpers/checks/matchers.ts';
import { edit, QUIET } from '../../../messages/edit.ts';
import { expectPlaces, judging } from '../judging.ts';
import { named, type Place, place, type TopicCommand, type TopicModel, type TopicReal } from '../model.ts';

/**
 * Brings the next of the exploration's old messages (sent before the time-limit probe: see TimeLimit) into topic
 * #name of channel #channel, as the administrator (whom no move limit holds): a topic then holds a message past the
 * limit that was not sent to it. Unjudged where none is left (or no limit is set).
 */
export class BringOldCommand implements TopicCommand {
  constructor(
    readonly name: number,
    readonly channel = 0,
  ) {}
  check = () => true;
  run = (model: TopicModel, real: TopicReal) => judging(model, real, 'move', () => this.bring(model, real));
  private async bring(model: TopicModel, real: TopicReal): Promise<'unjudged' | undefined> {
    const old = real.timeLimit?.old.shift();
    if (!old) return 'unjudged';
    const from: Place = { channel: 1, topic: real.timeLimit!.oldTopic };
    model.sent.set(old.id, old.sent);
    place(model, old.id, from);
    const to = { channel: this.channel, topic: real.names[this.name % real.names.length]! };
    const admin = real.admin();
    const step = `${this} (message ${old.id}, as the ${admin})`;
    const res = await edit(real.ctx, admin, old.id, {
      topic: named(real, to.topic),
      ...(to.channel !== from.channel ? { stream_id: real.channelIds[to.channel] } : {}),
      propagate_mode: 'change_one',
      ...QUIET,
    });
    expectSuccess(res, step);
    place(model, old.id, to);
    await expectPlaces(model, real, [old.id], step);
  }
  toString = () =>
    `bring a message past the time limit into t${this.name}${this.channel ? ' of channel #1' : ''} (change_one, by the administrator)`;
}
