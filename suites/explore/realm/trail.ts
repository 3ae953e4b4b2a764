/** The steps a sequence of a realm resource took, and the departure it met, as a failure prints them. */
import type { CheckContext } from '../../../helpers/checks/context.ts';
import { ConformanceAssertion } from '../../../helpers/checks/matchers.ts';
import { curlOfStep } from '../../../helpers/http/exchange.ts';
import type { Resource, Step } from './resource.ts';

/** A departure seen in a sequence: its message leads with the numbered steps that led to it. */
export class SequenceFailure extends ConformanceAssertion {
  constructor(
    readonly steps: readonly string[],
    readonly departure: ConformanceAssertion,
    /**
     * The steps of the run where it was first seen, where shrinking found a shorter one: a departure that leaves the
     * realm's own state wrong (a slot never freed) fails the reruns sooner, and the first run shows its cause.
     */
    firstSeen?: readonly string[],
  ) {
    const first = firstSeen
      ? `\nfirst seen after ${firstSeen.length} steps: ${firstSeen.map((s, i) => `${i + 1}. ${s.split('\n')[0]}`).join('; ')}`
      : '';
    super(
      `after ${steps.length} step${steps.length > 1 ? 's' : ''}, the last departed:\n${steps.map((s, i) => `  ${i + 1}. ${s}`).join('\n')}\n${departure.message}${first}`,
      departure.exchange,
    );
  }
}

/** The steps a sequence took, each with the curl line of its first request that is not a read. */
export class Trail {
  readonly lines: string[] = [];
  constructor(readonly ctx: CheckContext) {}

  async take<M extends object, R>(step: Step<M, R>, model: M, real: R, frame: Resource<M, R>['frame']): Promise<void> {
    const from = this.ctx.recorder.exchanges.length;
    const line = () => {
      const curl = curlOfStep(this.ctx.recorder.exchanges.slice(from));
      return curl ? `${step}\n       ${curl}` : String(step);
    };
    let ran = false;
    try {
      await step.run(model, real);
      this.lines.push(line());
      ran = true;
      await frame(model, real);
    } catch (error) {
      if (!ran) this.lines.push(line());
      if (error instanceof ConformanceAssertion && !(error instanceof SequenceFailure))
        throw new SequenceFailure(this.lines, error);
      throw error;
    }
  }
}
