/** Resolves or unresolves a topic: the whole topic renamed with or without the resolved prefix. */
import { expectSuccess } from '../../../../helpers/checks/matchers.ts';
import { edit, QUIET, RESOLVED_PREFIX } from '../../../messages/edit.ts';
import { expectPlaces, judging } from '../judging.ts';
import type { Place, TopicCommand, TopicModel, TopicReal } from '../model.ts';
import { describePlace, livePlaces, messagesIn, place } from '../model.ts';
import { limited, limitOn, moverOf } from '../movers.ts';

/**
 * Resolves (or unresolves) the `pick`th live topic: the whole topic renamed with (or without) the prefix, asked of
 * its `at`th message (any message of the topic may be the one renamed with change_all, moved-in ones included).
 */
export class ResolveCommand implements TopicCommand {
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
