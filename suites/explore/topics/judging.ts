/**
 * How the steps of the topic sequences are judged: the transitions (each its own clause), the departure that fails
 * one (TransitionFailure), what a departure already reported leads to (the model follows the server, or the sequence
 * ends: OffModel), and the read-back every judgement makes (expectPlaces).
 */
import { lightestOf } from '../../../helpers/checks/actors.ts';
import { ConformanceAssertion, expectSuccess, fail } from '../../../helpers/checks/matchers.ts';
import { place, remove, sameTopic, type TopicModel, type TopicReal } from './model.ts';
import { confirmedByNarrows } from './narrowed-places.ts';

/** The transitions the sequences judge, each its own clause (topic-sequences.model.ts). */
export const KINDS = ['move', 'resolve', 'narrow', 'delete', 'read', 'limit', 'oldest', 'content'] as const;
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

/** The sequence ends here: the server departed in a transition already reported, in a way the model cannot follow. */
export class OffModel extends Error {}

/** How often a sequence's model may follow the server past a departure already reported before the sequence ends. */
const MAX_FOLLOWS = 6;

/**
 * Runs a step's operation and judgement, counting it (unless it could not judge), and tagging a departure with the transition it judged. A
 * departure of a transition whose clause has failed already (`real.settled`) is not reported again: a narrow changes
 * nothing, so the model still holds; after another, the model follows the server (a few times a sequence: each costs
 * a read of every message) and the sequence goes on judging the other transitions; else it ends (OffModel).
 */
export async function judging(
  model: TopicModel,
  real: TopicReal,
  kind: Kind,
  step: () => Promise<unknown>, // 'unjudged' where it could not judge
): Promise<void> {
  try {
    if ((await step()) !== 'unjudged') real.judged[kind] += 1;
  } catch (error) {
    if (!(error instanceof ConformanceAssertion) || error instanceof TransitionFailure) throw error;
    if (!real.settled.has(kind)) throw new TransitionFailure(kind, error);
    if (kind === 'narrow' || kind === 'read') return; // neither moves a message: the model still holds
    if ((model.followed ?? 0) < MAX_FOLLOWS && (await follow(model, real))) return;
    model.offModel = `${kind}: ${error.message.split('\n')[0]}`;
    throw new OffModel(model.offModel);
  }
}

/** Who reads `id` back (or matches it): the looker least spent now (see TopicReal.lookers); among equals, by the id. */
export const lookerOf = (real: TopicReal, id: number) => lightestOf(real.ctx, real.lookers, id);

/**
 * GET /messages/{id} as a looker: the answer, and where it puts the message (the index of its channel among the
 * sequence's, -1 for another; its topic as read back).
 */
async function readBack(real: TopicReal, id: number) {
  const res = await real.ctx.as(lookerOf(real, id)).get(`/messages/${id}`, { allow_empty_topic_name: true });
  const message = res.body?.message;
  return {
    res,
    channel: real.channelIds.indexOf(message?.stream_id),
    topic: (message?.topic ?? message?.subject) as unknown,
  };
}

/**
 * Reads back each message: a live one must be in its model place, a deleted one gone. Live messages that the narrow
 * of their place confirms there, several at once, need no read of their own (narrowed-places.ts).
 */
export async function expectPlaces(model: TopicModel, real: TopicReal, ids: Iterable<number>, step: string) {
  const all = [...new Set(ids)];
  const confirmed = await confirmedByNarrows(
    model,
    real,
    all.filter((id) => !model.deleted.has(id)),
  );
  for (const id of all) {
    if (confirmed.has(id)) continue;
    const { res, channel, topic } = await readBack(real, id);
    if (model.deleted.has(id)) {
      if (res.body?.result !== 'error') fail(res, `after ${step}: wanted message ${id} deleted with its topic`);
      real.ctx.untrack(real.sender, 'message', id); // gone: no cleanup to send
      continue;
    }
    expectSuccess(res, `reading back message ${id} after ${step}`);
    const want = model.places.get(id)!;
    if (channel !== want.channel || !sameTopic(real, topic, want.topic))
      fail(
        res,
        `after ${step}: wanted message ${id} in ${want.topic === '' ? 'the empty topic' : `topic ${JSON.stringify(want.topic)}`} of channel ${real.channelIds[want.channel]}`,
      );
  }
}

/**
 * After a departure whose clause has failed already: the model takes the server's word for where each message of the
 * sequence is now (each read back; one that cannot be read is gone), so that the sequence goes on judging the other
 * transitions instead of ending at every repetition of that departure. False where the server's answer cannot be
 * followed (a message in a channel not the sequence's): the sequence then ends.
 */
export async function follow(model: TopicModel, real: TopicReal): Promise<boolean> {
  for (const id of [...model.places.keys(), ...model.deleted].sort((a, b) => a - b)) {
    const { res, channel, topic } = await readBack(real, id);
    if (res.body?.result !== 'success') {
      if (model.places.has(id)) remove(model, id);
      real.ctx.untrack(real.sender, 'message', id);
      continue;
    }
    if (channel < 0 || typeof topic !== 'string') return false;
    model.deleted.delete(id);
    place(model, id, { channel, topic: sameTopic(real, topic, '') ? '' : topic });
  }
  model.followed = (model.followed ?? 0) + 1;
  return true;
}
