/** The steps of a sequence as its failure reports them: each with the request that did it. */
import type { CheckContext } from '../../../helpers/checks/context.ts';
import { curlOfStep } from '../../../helpers/http/exchange.ts';
import { OffModel } from './judging.ts';
import type { TopicCommand as Command, TopicModel, TopicReal } from './model.ts';

/**
 * A step that keeps the curl line of the request that did it (its first that is not a read, else its first; for the
 * step that failed, its last that is not a read: the one whose effect was judged): the numbered steps of a failure
 * can then be replayed by hand, one by one.
 */
export class Traced implements Command {
  curl: string | undefined;
  constructor(
    private readonly step: Command,
    private readonly ctx: CheckContext,
    /** Told of the step once it has run (the pair tally). */
    private readonly ran: (step: Command) => void = () => {},
  ) {}
  check = (model: Readonly<TopicModel>) => model.offModel === undefined && this.step.check(model);
  async run(model: TopicModel, real: TopicReal): Promise<void> {
    const from = this.ctx.recorder.exchanges.length;
    let failed = false;
    try {
      await this.step.run(model, real);
    } catch (error) {
      failed = true;
      // The sequence ends here (model.offModel says why): the later steps' `check` is false.
      if (!(error instanceof OffModel)) throw error;
    } finally {
      this.curl = curlOfStep(this.ctx.recorder.exchanges.slice(from), { last: failed });
      this.ran(this.step);
    }
  }
  toString = () => String(this.step);
}
