/** Sends a message to a topic of the sequence's (the empty topic in each spelling a send may use). */
import { contentOf, mustSend } from '../../../messages/messages.ts';
import { EMPTY_NAME, nextSend, place, type TopicCommand, type TopicModel, type TopicReal } from '../model.ts';

/** The spellings of the empty topic a send reads as "" (contract: Conventions, topic rule; Send a message). */
const SPELLINGS = ['""', 'the display name', '"(no topic)"'] as const;

/** Sends a message to topic #name of channel #channel; to the empty topic (#EMPTY_NAME) in spelling #spelling. */
export class SendCommand implements TopicCommand {
  constructor(
    readonly name: number,
    readonly channel = 0,
    readonly spelling = 0,
  ) {}
  check = () => true;
  async run(model: TopicModel, real: TopicReal): Promise<void> {
    const topic = real.names[this.name]!;
    const spelled = topic === '' ? ['', real.emptyTopic!, '(no topic)'][this.spelling % SPELLINGS.length]! : topic;
    const start = Date.now();
    const id = await mustSend(real.ctx, real.sender, {
      type: 'stream',
      to: real.channelIds[this.channel]!,
      topic: spelled,
      content: contentOf(real.ctx, 'explore'),
    });
    model.sent.set(id, { start, end: Date.now(), n: nextSend() });
    place(model, id, { channel: this.channel, topic });
  }
  toString = () =>
    `send to t${this.name}${this.channel ? ' of channel #1' : ''}${this.name === EMPTY_NAME ? ` (the empty topic where the channels take it, as ${SPELLINGS[this.spelling % SPELLINGS.length]})` : ''}`;
}
