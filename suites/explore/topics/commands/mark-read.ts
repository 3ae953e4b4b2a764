/** Marks a topic read: the messages it holds now, and none of those that have left it. */
import { expectSuccess, fail } from '../../../../helpers/checks/matchers.ts';
import { readFlags } from '../../../messages/messages.ts';
import { judging } from '../judging.ts';
import type { TopicCommand, TopicModel, TopicReal } from '../model.ts';
import { describePlace, livePlaces, messagesIn, named, samePlace } from '../model.ts';

/**
 * Marks the `pick`th live topic read as the marker: every message it holds now must be read for the marker after,
 * and every message that has left it must be as read (or unread) as before. Whether messages start unread is not
 * the contract's to say: only the change is judged. Unjudged where read-backs carry no flags (not shown).
 */
export class MarkReadCommand implements TopicCommand {
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
