/**
 * The commands of the topic sequences: each does one operation of the contract on the run's own channel, changes the
 * model as the contract says the operation changes the server, and checks every message the operation touched is
 * where the model says (read back, GET /messages/{id}; deleted ones are gone). Their names are the steps a shrunk
 * failure prints.
 */
import type fc from 'fast-check';
import { ConformanceAssertion, expectSuccess, fail } from '../../../helpers/checks/matchers.ts';
import { deleteTopic } from '../../channels/topics.ts';
import { edit, QUIET, RESOLVED_PREFIX } from '../../messages/edit.ts';
import { contentOf, mustSend } from '../../messages/messages.ts';
import { liveTopics, messagesIn, place, remove, type TopicModel, type TopicReal } from './model.ts';

type Command = fc.AsyncCommand<TopicModel, TopicReal>;
const MODES = ['change_one', 'change_later', 'change_all'] as const;
export type Mode = (typeof MODES)[number];
export { MODES };

/** The transitions the sequences judge, each its own clause (topic-sequences.model.ts). */
export const KINDS = ['move', 'resolve', 'narrow', 'delete'] as const;
export type Kind = (typeof KINDS)[number];

/** A departure seen by a step, and which transition it belongs to. */
export class TransitionFailure extends ConformanceAssertion {
  constructor(
    readonly kind: Kind,
    cause: ConformanceAssertion,
  ) {
    super(cause.message, cause.exchange);
  }
}

/** Runs a step's operation and judgement, counting it, and tagging a departure with the transition it judged. */
async function judging(real: TopicReal, kind: Kind, step: () => Promise<void>): Promise<void> {
  try {
    await step();
    real.judged[kind] += 1;
  } catch (error) {
    if (error instanceof ConformanceAssertion && !(error instanceof TransitionFailure))
      throw new TransitionFailure(kind, error);
    throw error;
  }
}

/** Rounds a delete_topic may take for the few messages of a sequence before the server is judged stuck. */
const MAX_DELETE_ROUNDS = 20;

/** Reads back each message: a live one must be in its model topic of the channel, a deleted one gone. */
export async function expectPlaces(model: TopicModel, real: TopicReal, ids: Iterable<number>, step: string) {
  for (const id of new Set(ids)) {
    const res = await real.ctx.as(real.reader).get(`/messages/${id}`, { allow_empty_topic_name: true });
    if (model.deleted.has(id)) {
      if (res.body?.result !== 'error') fail(res, `after ${step}: wanted message ${id} deleted with its topic`);
      continue;
    }
    const body = expectSuccess(res, `reading back message ${id} after ${step}`);
    const topic = body.message?.topic ?? body.message?.subject;
    const want = model.topics.get(id)!;
    if (
      body.message?.stream_id !== real.channelId ||
      typeof topic !== 'string' ||
      topic.toLowerCase() !== want.toLowerCase()
    )
      fail(res, `after ${step}: wanted message ${id} in topic ${JSON.stringify(want)} of channel ${real.channelId}`);
  }
}

export class SendCommand implements Command {
  constructor(readonly name: number) {}
  check = () => true;
  async run(model: TopicModel, real: TopicReal): Promise<void> {
    const topic = real.names[this.name]!;
    const id = await mustSend(real.ctx, real.reader, {
      type: 'stream',
      to: real.channelId,
      topic,
      content: contentOf(real.ctx, 'explore'),
    });
    place(model, id, topic);
  }
  toString = () => `send to t${this.name}`;
}

/** Moves the `pick`th live message (and what the mode takes with it) to another topic, within the channel. */
export class MoveCommand implements Command {
  constructor(
    readonly pick: number,
    readonly name: number,
    readonly mode: Mode,
  ) {}
  check = (model: Readonly<TopicModel>) => model.topics.size > 0;
  run = (model: TopicModel, real: TopicReal) => judging(real, 'move', () => this.move(model, real));
  private async move(model: TopicModel, real: TopicReal): Promise<void> {
    const ids = [...model.topics.keys()].sort((a, b) => a - b);
    const target = ids[this.pick % ids.length]!;
    const from = model.topics.get(target)!;
    // Another topic of the sequence's than the message's own: a move that moves.
    const others = real.names.filter((n) => n.toLowerCase() !== from.toLowerCase());
    const to = others[this.name % others.length]!;
    const inTopic = messagesIn(model, from);
    const moved =
      this.mode === 'change_one'
        ? [target]
        : this.mode === 'change_later'
          ? inTopic.filter((id) => id >= target)
          : inTopic;
    const step = `${this} (message ${target})`;
    expectSuccess(await edit(real.ctx, real.admin, target, { topic: to, propagate_mode: this.mode, ...QUIET }), step);
    for (const id of moved) place(model, id, to);
    await expectPlaces(model, real, inTopic, step);
  }
  toString = () => `move message #${this.pick} to another topic #${this.name} (${this.mode})`;
}

/**
 * Resolves (or unresolves) the `pick`th live topic: the whole topic renamed with (or without) the prefix, asked of
 * its `at`th message (any message of the topic may be the one renamed with change_all, moved-in ones included).
 */
export class ResolveCommand implements Command {
  constructor(
    readonly pick: number,
    readonly resolve: boolean,
    readonly at = 0,
  ) {}
  private topicOf(model: Readonly<TopicModel>): string | undefined {
    const candidates = liveTopics(model as TopicModel).filter((t) => t.startsWith(RESOLVED_PREFIX) !== this.resolve);
    return candidates.length ? candidates[this.pick % candidates.length] : undefined;
  }
  check = (model: Readonly<TopicModel>) => this.topicOf(model) !== undefined;
  run = (model: TopicModel, real: TopicReal) => judging(real, 'resolve', () => this.rename(model, real));
  private async rename(model: TopicModel, real: TopicReal): Promise<void> {
    const topic = this.topicOf(model)!;
    const inTopic = messagesIn(model, topic);
    const to = this.resolve ? `${RESOLVED_PREFIX}${topic}` : topic.slice(RESOLVED_PREFIX.length);
    const step = `${this} (${JSON.stringify(topic)})`;
    const res = await edit(real.ctx, real.admin, inTopic[this.at % inTopic.length]!, {
      topic: to,
      propagate_mode: 'change_all',
      ...QUIET,
    });
    expectSuccess(res, step);
    for (const id of inTopic) place(model, id, to);
    await expectPlaces(model, real, inTopic, step);
  }
  toString = () => `${this.resolve ? 'resolve' : 'unresolve'} topic #${this.pick} (from its message #${this.at})`;
}

/** Deletes the `pick`th live topic, repeating delete_topic until it reports the deletion complete. */
export class DeleteTopicCommand implements Command {
  constructor(readonly pick: number) {}
  check = (model: Readonly<TopicModel>) => model.topics.size > 0;
  run = (model: TopicModel, real: TopicReal) => judging(real, 'delete', () => this.delete(model, real));
  private async delete(model: TopicModel, real: TopicReal): Promise<void> {
    const topics = liveTopics(model);
    const topic = topics[this.pick % topics.length]!;
    const step = `${this} (${JSON.stringify(topic)})`;
    for (let round = 1; ; round++) {
      const res = await deleteTopic(real.ctx, real.admin, real.channelId, topic);
      // Before feature level 211 an unfinished deletion answered partially_completed instead of complete: false.
      const unfinished = res.body?.result === 'partially_completed' || expectSuccess(res, step).complete === false;
      if (!unfinished) break;
      if (round >= MAX_DELETE_ROUNDS) fail(res, `${step}: still not complete after ${round} requests`);
    }
    const doomed = messagesIn(model, topic);
    for (const id of doomed) remove(model, id);
    // Every message of the sequence: the topic's must be gone, the others (moved away or never in it) must stay.
    await expectPlaces(model, real, [...doomed, ...model.topics.keys()], step);
  }
  toString = () => `delete topic #${this.pick}`;
}

/** A narrow of the `pick`th live message's topic matches it; a narrow of any topic it was in before does not. */
export class NarrowCommand implements Command {
  constructor(readonly pick: number) {}
  check = (model: Readonly<TopicModel>) => model.topics.size > 0;
  run = (model: TopicModel, real: TopicReal) => judging(real, 'narrow', () => this.narrow(model, real));
  private async narrow(model: TopicModel, real: TopicReal): Promise<void> {
    const ids = [...model.topics.keys()].sort((a, b) => a - b);
    const id = ids[this.pick % ids.length]!;
    const now = model.topics.get(id)!;
    const before = (model.history.get(id) ?? []).filter((t) => t.toLowerCase() !== now.toLowerCase());
    for (const [topic, want] of [[now, true] as const, ...before.map((t) => [t, false] as const)]) {
      const narrow = [
        { operator: real.channelOperator, operand: real.channelId },
        { operator: 'topic', operand: topic },
      ];
      const res = await real.ctx.as(real.reader).get('/messages/matches_narrow', { msg_ids: [id], narrow });
      const { messages } = expectSuccess(res, `${this}`);
      const matched = messages !== null && typeof messages === 'object' && String(id) in messages;
      if (matched !== want)
        fail(
          res,
          `after the steps before it: a narrow of topic ${JSON.stringify(topic)} should ${want ? '' : 'not '}match message ${id}, ${want ? 'which is there now' : 'which has left it'}`,
        );
    }
  }
  toString = () => `check a narrow of message #${this.pick}'s topics`;
}

/**
 * The end of every sequence, whatever came before: a narrow check of each message that has moved, then each topic
 * moved whole (change_all, from a message sent to it where there is one) into the spare topic, the spare resolved,
 * then deleted. Whatever state the sequence built — topics holding messages moved in, resolved, split — these see
 * it, and every sequence that gets to its end judges each transition at least once.
 */
export class EpilogueCommand implements Command {
  check = () => true;
  async run(model: TopicModel, real: TopicReal): Promise<void> {
    const ids = [...model.topics.keys()].sort((a, b) => a - b);
    for (const [i, id] of ids.entries())
      if ((model.history.get(id)?.length ?? 0) > 1) await new NarrowCommand(i).run(model, real);
    for (const topic of liveTopics(model)) {
      if (topic.toLowerCase() === real.spare.toLowerCase()) continue;
      const inTopic = messagesIn(model, topic);
      // From a message sent to this topic where there is one: the whole topic, messages moved in too, must follow.
      const target = inTopic.find((id) => model.history.get(id)?.length === 1) ?? inTopic[0]!;
      const step = `the end: topic ${JSON.stringify(topic)} moved whole (change_all, from message ${target}) to the spare topic`;
      await judging(real, 'move', async () => {
        const res = await edit(real.ctx, real.admin, target, {
          topic: real.spare,
          propagate_mode: 'change_all',
          ...QUIET,
        });
        expectSuccess(res, step);
        for (const id of inTopic) place(model, id, real.spare);
        await expectPlaces(model, real, inTopic, step);
      });
    }
    if (model.topics.size === 0) return;
    // The spare holds only messages moved into it: resolving it must take them all, and so must deleting it.
    await new ResolveCommand(0, true).run(model, real);
    await new DeleteTopicCommand(0).run(model, real);
  }
  toString = () =>
    'the end: narrows of moved messages, every topic moved to the spare, the spare resolved, then deleted';
}
