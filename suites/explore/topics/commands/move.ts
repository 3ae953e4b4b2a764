/** Moves a message, and what its propagate mode takes with it, within its channel or to the other one. */
import { expectSuccess, fail } from '../../../../helpers/checks/matchers.ts';
import type { Role } from '../../../../helpers/roles.ts';
import { edit, QUIET, RESOLVED_PREFIX } from '../../../messages/edit.ts';
import { expectPlaces, judging, type Kind } from '../judging.ts';
import type { Place, TopicCommand, TopicModel, TopicReal } from '../model.ts';
import { ages, inSendOrder, messagesIn, named, place } from '../model.ts';
import { limited, limitOn, moverOf } from '../movers.ts';

const MODES = ['change_one', 'change_later', 'change_all'] as const;
export type Mode = (typeof MODES)[number];
export { MODES };

/**
 * Moves the `pick`th live message (and what the mode takes with it) to another topic of its channel, or (`across`)
 * to topic #name of the other channel. A mover the time limit holds (see TimeLimit) must be refused, moving nothing,
 * where the move takes a message surely past the limit; where it may, either answer is followed.
 */
export class MoveCommand implements TopicCommand {
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
    const ids = inSendOrder(model, model.places.keys());
    const target = ids[this.pick % ids.length]!;
    const from = model.places.get(target)!;
    let to: Place;
    if (this.across && this.keep) to = { channel: 1 - from.channel, topic: from.topic };
    else if (this.across) to = { channel: 1 - from.channel, topic: real.names[this.name % real.names.length]! };
    else {
      // Another topic of the sequence's than the message's own, nor its unresolved name: a move that moves (a rename
      // from "✔ t0" to "t0" unresolves, which the move limits may or may not hold: ResolveCommand's to judge).
      const others = real.names.filter(
        (n) => ![n, RESOLVED_PREFIX + n].some((name) => name.toLowerCase() === from.topic.toLowerCase()),
      );
      to = { channel: from.channel, topic: others[this.name % others.length]! };
    }
    const inTopic = messagesIn(model, from);
    const moved =
      this.mode === 'change_one'
        ? [target]
        : this.mode === 'change_later'
          ? inTopic.slice(inTopic.indexOf(target))
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
    { target, to, inTopic, moved, mover }: ReturnType<MoveCommand['plan']>,
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
    // The topic is the sequence's own: every message in it is one the model knows.
    if (!inTopic.includes(first))
      fail(res, `after ${step}: first_message_id_allowed_to_move is ${first}, a message not in the topic`);
    const later = inTopic.slice(inTopic.indexOf(first));
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
