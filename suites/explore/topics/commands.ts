/**
 * The commands of the topic sequences: each does one operation of the contract on the run's own two channels, changes
 * the model as the contract says the operation changes the server, and checks every message the operation touched
 * is where the model says (read back, GET /messages/{id}; deleted ones are gone). Their names are the steps a shrunk
 * failure prints.
 */
import type fc from 'fast-check';
import { ADMINISTRATORS, lightestOf, MEMBERS } from '../../../helpers/checks/actors.ts';
import { registerQueue, waitForEvents } from '../../../helpers/checks/events.ts';
import { ConformanceAssertion, expectSuccess, fail } from '../../../helpers/checks/matchers.ts';
import { SetupError, Unsupported } from '../../../helpers/errors.ts';
import type { ApiResponse } from '../../../helpers/http/client.ts';
import type { Role } from '../../../helpers/roles.ts';
import { carriesFirstMessageId, deleteTopic, mustChannelObject } from '../../channels/topics.ts';
import { edit, QUIET, RESOLVED_PREFIX } from '../../messages/edit.ts';
import { contentOf, mustSend, readFlags } from '../../messages/messages.ts';
import { EditContentCommand } from './edit-content.ts';
import {
  ages,
  describePlace,
  EMPTY_NAME,
  livePlaces,
  messagesIn,
  type Place,
  place,
  remove,
  samePlace,
  sameTopic,
  type TimeLimit,
  type TopicModel,
  type TopicReal,
} from './model.ts';

type Command = fc.AsyncCommand<TopicModel, TopicReal>;
const MODES = ['change_one', 'change_later', 'change_all'] as const;
export type Mode = (typeof MODES)[number];
export { MODES };

/**
 * The mover of draw `by`: where it is the administrator, whichever administrator has budget then (real.admin); where
 * it is a member, whichever member (real.member).
 */
function moverOf(real: TopicReal, by: number): Role {
  const mover = real.movers[by % real.movers.length]!;
  if ((ADMINISTRATORS as readonly Role[]).includes(mover)) return real.admin();
  return (MEMBERS as readonly Role[]).includes(mover) ? real.member() : mover;
}

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

/** Rounds a delete_topic may take for the few messages of a sequence before the server is judged stuck. */
const MAX_DELETE_ROUNDS = 20;

/** Who reads `id` back (or matches it): the looker least spent now (see TopicReal.lookers); among equals, by the id. */
const lookerOf = (real: TopicReal, id: number) => lightestOf(real.ctx, real.lookers, id);

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

/** Reads back each message: a live one must be in its model place, a deleted one gone. */
export async function expectPlaces(model: TopicModel, real: TopicReal, ids: Iterable<number>, step: string) {
  for (const id of new Set(ids)) {
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

/** The spellings of the empty topic a send reads as "" (contract: Conventions, topic rule; Send a message). */
const SPELLINGS = ['""', 'the display name', '"(no topic)"'] as const;

/** Sends a message to topic #name of channel #channel; to the empty topic (#EMPTY_NAME) in spelling #spelling. */
export class SendCommand implements Command {
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
    model.sent.set(id, { start, end: Date.now() });
    place(model, id, { channel: this.channel, topic });
  }
  toString = () =>
    `send to t${this.name}${this.channel ? ' of channel #1' : ''}${this.name === EMPTY_NAME ? ` (the empty topic where the channels take it, as ${SPELLINGS[this.spelling % SPELLINGS.length]})` : ''}`;
}

/** How an edit or a topic deletion names a topic: the empty topic by the display name (read as "" there). */
const named = (real: TopicReal, topic: string) => (topic === '' ? real.emptyTopic! : topic);

/**
 * Brings the next of the exploration's old messages (sent before the time-limit probe: see TimeLimit) into topic
 * #name of channel #channel, as the administrator (whom no move limit holds): a topic then holds a message past the
 * limit that was not sent to it. Unjudged where none is left (or no limit is set).
 */
export class BringOldCommand implements Command {
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

/**
 * Moves the `pick`th live message (and what the mode takes with it) to another topic of its channel, or (`across`)
 * to topic #name of the other channel. A mover the time limit holds (see TimeLimit) must be refused, moving nothing,
 * where the move takes a message surely past the limit; where it may, either answer is followed.
 */
export class MoveCommand implements Command {
  constructor(
    readonly pick: number,
    readonly name: number,
    readonly mode: Mode,
    readonly across = false,
    /** Which of the movers moves (TopicReal.movers). */
    readonly by = 0,
    /** Across only: the move names the channel alone, and the topic (resolved or not) goes with it as it is. */
    readonly keep = false,
  ) {}
  check = (model: Readonly<TopicModel>) => model.places.size > 0;
  run = async (model: TopicModel, real: TopicReal) => {
    const plan = this.plan(model, real);
    let rest: (() => Promise<void>) | undefined;
    await judging(model, real, this.kindOf(model, real, plan.mover, plan.moved), async () => {
      rest = await this.move(model, real, plan);
    });
    // The repeat a refusal asks for is a move of its own, judged as one.
    if (rest) await rest();
  };
  /** A move the time limit must refuse is the limit's transition (see limited); any other, the moves'. */
  private kindOf(model: TopicModel, real: TopicReal, mover: Role, moved: readonly number[]): Kind {
    const limit = limitOn(real, mover);
    const now = Date.now();
    const binds = limit && !this.across;
    return binds && ages(model, limit, moved, { asked: now, answered: now }).tooOld.length ? 'limit' : 'move';
  }
  /** The message moved, where from and to, the messages of its topic, those the mode takes, and who moves. */
  private plan(model: TopicModel, real: TopicReal) {
    const ids = [...model.places.keys()].sort((a, b) => a - b);
    const target = ids[this.pick % ids.length]!;
    const from = model.places.get(target)!;
    let to: Place;
    if (this.across && this.keep) to = { channel: 1 - from.channel, topic: from.topic };
    else if (this.across) to = { channel: 1 - from.channel, topic: real.names[this.name % real.names.length]! };
    else {
      // Another topic of the sequence's than the message's own: a move that moves.
      const others = real.names.filter((n) => n.toLowerCase() !== from.topic.toLowerCase());
      to = { channel: from.channel, topic: others[this.name % others.length]! };
    }
    const inTopic = messagesIn(model, from);
    const moved =
      this.mode === 'change_one'
        ? [target]
        : this.mode === 'change_later'
          ? inTopic.filter((id) => id >= target)
          : inTopic;
    return { target, from, to, inTopic, moved, mover: moverOf(real, this.by) };
  }
  /**
   * Moves, and judges the answer. Where a mover the time limit holds was refused a change_all and told the first
   * message it may move, returns the contract's way on: change_later from that message, which must move just the
   * rest of the topic.
   */
  private async move(
    model: TopicModel,
    real: TopicReal,
    { target, from, to, inTopic, moved, mover }: ReturnType<MoveCommand['plan']>,
  ): Promise<(() => Promise<void>) | undefined> {
    const step = `${this} (message ${target}, as the ${mover})`;
    const params = {
      ...(this.keep && this.across ? {} : { topic: named(real, to.topic) }),
      ...(this.across ? { stream_id: real.channelIds[to.channel] } : {}),
      ...QUIET,
    };
    const asked = Date.now();
    const res = await edit(real.ctx, mover, target, { ...params, propagate_mode: this.mode });
    const limit = limitOn(real, mover);
    if (!limit) {
      expectSuccess(res, step);
      for (const id of moved) place(model, id, to);
      await expectPlaces(model, real, inTopic, step);
      return;
    }
    const answer = { res, asked, answered: Date.now() };
    if (
      await limited(model, real, limit, {
        ...answer,
        moved,
        inTopic,
        to,
        step,
        binds: !this.across,
        known: !this.across,
      })
    )
      return;
    const first = res.body?.first_message_id_allowed_to_move;
    if (this.mode !== 'change_all' || !Number.isInteger(first)) return;
    const where = model.places.get(first);
    if (where && !samePlace(where, from))
      fail(res, `after ${step}: first_message_id_allowed_to_move is ${first}, a message not in the topic`);
    const later = inTopic.filter((id) => id >= first);
    return () =>
      judging(model, real, this.kindOf(model, real, mover, later), async () => {
        const rest = `${step}, then change_later from first_message_id_allowed_to_move ${first}`;
        const restAsked = Date.now();
        const again = await edit(real.ctx, mover, first, { ...params, propagate_mode: 'change_later' });
        const restAnswer = { res: again, asked: restAsked, answered: Date.now() };
        await limited(model, real, limit, {
          ...restAnswer,
          moved: later,
          inTopic,
          to,
          step: rest,
          binds: !this.across,
          known: !this.across,
        });
      });
  }
  toString = () =>
    `move message #${this.pick} to ${this.across ? (this.keep ? 'the other channel, keeping its topic' : `topic #${this.name} of the other channel`) : `another topic #${this.name}`} (${this.mode}${this.by ? `, by mover #${this.by}` : ''})`;
}

/** The time limit `mover` is held to, if any. */
const limitOn = (real: TopicReal, mover: Role): TimeLimit | null =>
  real.timeLimit?.holds.has(mover) ? real.timeLimit : null;

/**
 * Judges the answer to a move by a mover the time limit holds, and follows it: a move that takes a message surely
 * past the limit must be refused; one that may must be answered either way; any other must succeed. Where it
 * succeeded `moved` are in `to`, else nothing moved; every message of the topic is read back. Between channels the
 * limit is not the sequences' (see EDIT_SETTINGS in topic-sequences.model.ts): either answer is followed. True where
 * the move succeeded.
 */
async function limited(
  model: TopicModel,
  real: TopicReal,
  limit: TimeLimit,
  a: {
    res: ApiResponse;
    asked: number;
    answered: number;
    moved: number[];
    inTopic: number[];
    to: Place;
    step: string;
    /** Whether a move surely past the limit must be refused (not between channels, nor a resolve: see above). */
    binds: boolean;
    /**
     * Whether the limit in force is the one the sequences set (within a channel); between channels it is the target's
     * or another check's, unknown: either answer is followed.
     */
    known: boolean;
  },
): Promise<boolean> {
  const { tooOld, unsure } = ages(model, limit, a.moved, a);
  const mustRefuse = a.binds ? tooOld : [];
  const mayRefuse = !a.known || tooOld.length + unsure.length > 0;
  if (a.res.body?.result === 'success') {
    if (mustRefuse.length)
      fail(
        a.res,
        `after ${a.step}: wanted the move refused, moving nothing, as the mover is held to the time limit of ${limit.seconds} s: it takes message(s) ${mustRefuse.join(', ')}, older than the limit and any grace (older than a message the target had already refused to move for its age; a move into a topic does not make a message younger)`,
      );
    for (const id of a.moved) place(model, id, a.to);
    await expectPlaces(model, real, a.inTopic, a.step);
    return true;
  }
  if (!mayRefuse) expectSuccess(a.res, `${a.step} (every message it takes was sent within the time limit)`);
  await expectPlaces(model, real, a.inTopic, `${a.step}, refused for the time limit`);
  return false;
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
    /** Which of the movers resolves (TopicReal.movers). */
    readonly by = 0,
  ) {}
  private placeOf(model: Readonly<TopicModel>): Place | undefined {
    // The empty topic cannot be resolved (contract: States and transitions): never asked to.
    const candidates = livePlaces(model as TopicModel).filter(
      (p) => p.topic !== '' && p.topic.startsWith(RESOLVED_PREFIX) !== this.resolve,
    );
    return candidates.length ? candidates[this.pick % candidates.length] : undefined;
  }
  check = (model: Readonly<TopicModel>) => this.placeOf(model) !== undefined;
  run = (model: TopicModel, real: TopicReal) => judging(model, real, 'resolve', () => this.rename(model, real));
  private async rename(model: TopicModel, real: TopicReal): Promise<void> {
    const from = this.placeOf(model)!;
    const inTopic = messagesIn(model, from);
    const to = {
      channel: from.channel,
      topic: this.resolve ? `${RESOLVED_PREFIX}${from.topic}` : from.topic.slice(RESOLVED_PREFIX.length),
    };
    const mover = moverOf(real, this.by);
    const step = `${this} (${describePlace(from)}, as the ${mover})`;
    const asked = Date.now();
    const res = await edit(real.ctx, mover, inTopic[this.at % inTopic.length]!, {
      topic: to.topic,
      propagate_mode: 'change_all',
      ...QUIET,
    });
    const limit = limitOn(real, mover);
    if (limit) {
      // Whether the move time limits hold a resolve the contract does not say (Zulip exempts it): a topic that holds
      // messages past the limit may be resolved or refused, as if across channels.
      const answer = { res, asked, answered: Date.now(), moved: inTopic, inTopic, to, step, binds: false, known: true };
      await limited(model, real, limit, answer);
      return;
    }
    expectSuccess(res, step);
    for (const id of inTopic) place(model, id, to);
    await expectPlaces(model, real, inTopic, step);
  }
  toString = () =>
    `${this.resolve ? 'resolve' : 'unresolve'} topic #${this.pick} (from its message #${this.at}${this.by ? `, by mover #${this.by}` : ''})`;
}

/**
 * Deletes the `pick`th live topic, repeating delete_topic until it reports the deletion complete. Where the topic held
 * its channel's oldest message (moved in or sent to it), the deletion must also send the event that announces the
 * channel's new first message (see watchOldest): a transition of its own.
 */
export class DeleteTopicCommand implements Command {
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
    const oldestKnown = Math.min(...[...model.places].filter(([, p]) => p.channel === where.channel).map(([id]) => id));
    const watch = doomed.includes(oldestKnown) ? await watchOldest(real, channelId, doomed) : undefined;
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

/** A narrow of the `pick`th live message's place matches it; a narrow of any place it was in before does not. */
export class NarrowCommand implements Command {
  constructor(readonly pick: number) {}
  check = (model: Readonly<TopicModel>) => model.places.size > 0;
  run = (model: TopicModel, real: TopicReal) => judging(model, real, 'narrow', () => this.narrow(model, real));
  private async narrow(model: TopicModel, real: TopicReal): Promise<void> {
    const ids = [...model.places.keys()].sort((a, b) => a - b);
    const id = ids[this.pick % ids.length]!;
    const now = model.places.get(id)!;
    const before = (model.history.get(id) ?? []).filter((p) => !samePlace(p, now));
    for (const [where, want] of [[now, true] as const, ...before.map((p) => [p, false] as const)]) {
      // How a narrow's operand names the empty topic is not shown: its places are not judged here.
      if (where.topic === '') continue;
      const narrow = [
        { operator: real.channelOperator, operand: real.channelIds[where.channel] },
        { operator: 'topic', operand: where.topic },
      ];
      const res = await real.ctx.as(lookerOf(real, id)).get('/messages/matches_narrow', { msg_ids: [id], narrow });
      const { messages } = expectSuccess(res, `${this}`);
      const matched = messages !== null && typeof messages === 'object' && String(id) in messages;
      if (matched !== want)
        fail(
          res,
          `after the steps before it: a narrow of topic ${JSON.stringify(where.topic)} of channel ${real.channelIds[where.channel]} should ${want ? '' : 'not '}match message ${id}, ${want ? 'which is there now' : 'which has left it'}`,
        );
    }
  }
  toString = () => `check a narrow of message #${this.pick}'s places`;
}

/**
 * Marks the `pick`th live topic read as the marker: every message it holds now must be read for the marker after,
 * and every message that has left it must be as read (or unread) as before. Whether messages start unread is not
 * the contract's to say: only the change is judged. Unjudged where read-backs carry no flags (not shown).
 */
export class MarkReadCommand implements Command {
  constructor(
    readonly pick: number,
    /** Topic #name of the first channel where it holds messages (the fixed start's: the empty topic), else #pick. */
    readonly name?: number,
  ) {}
  check = (model: Readonly<TopicModel>) => model.places.size > 0;
  run = (model: TopicModel, real: TopicReal) => judging(model, real, 'read', () => this.mark(model, real));
  private async mark(model: TopicModel, real: TopicReal): Promise<'unjudged' | undefined> {
    if (real.flags.shown === false) return 'unjudged';
    const places = livePlaces(model);
    const wanted = this.name === undefined ? undefined : real.names[this.name];
    const where = places.find((p) => p.channel === 0 && p.topic === wanted) ?? places[this.pick % places.length]!;
    const left = [...model.places.keys()].filter(
      (id) => !samePlace(model.places.get(id)!, where) && model.history.get(id)!.some((p) => samePlace(p, where)),
    );
    const before = new Map<number, boolean>();
    for (const id of left) {
      const flags = await readFlags(real.ctx, real.marker, id);
      if (!this.shown(real, flags)) return 'unjudged';
      before.set(id, flags.includes('read'));
    }
    const step = `${this} (${describePlace(where)}, as the ${real.marker})`;
    const res = await real.ctx.as(real.marker).post('/mark_topic_as_read', {
      stream_id: real.channelIds[where.channel]!,
      topic_name: named(real, where.topic),
    });
    expectSuccess(res, step);
    for (const id of messagesIn(model, where)) {
      const flags = await readFlags(real.ctx, real.marker, id);
      if (!this.shown(real, flags)) return 'unjudged';
      if (!flags.includes('read')) fail(res, `after ${step}: wanted message ${id}, which the topic holds, read`);
    }
    for (const [id, was] of before) {
      const flags = (await readFlags(real.ctx, real.marker, id)) ?? [];
      if (flags.includes('read') !== was)
        fail(res, `after ${step}: wanted message ${id}, which has left the topic, still ${was ? 'read' : 'unread'}`);
    }
  }
  /** Learns whether read-backs carry flags (once); false ends this step unjudged. */
  private shown(real: TopicReal, flags: unknown[] | undefined): flags is unknown[] {
    real.flags.shown = flags !== undefined;
    return real.flags.shown;
  }
  toString = () => (this.name === undefined ? `mark topic #${this.pick} read` : `mark t${this.name} read`);
}

/**
 * The end of every sequence, whatever came before: a narrow check of each message that has moved, then each topic
 * moved whole (change_all, from a message sent to it where there is one) into the spare topic of the first channel,
 * the spare resolved, then deleted. Whatever state the sequence built — topics holding messages moved in, resolved,
 * split across channels — these see it, and every sequence that gets to its end judges each transition at least
 * once.
 */
export class EpilogueCommand implements Command {
  check = () => true;
  async run(model: TopicModel, real: TopicReal): Promise<void> {
    const ids = [...model.places.keys()].sort((a, b) => a - b);
    for (const [i, id] of ids.entries())
      if ((model.history.get(id)?.length ?? 0) > 1) await new NarrowCommand(i).run(model, real);
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
