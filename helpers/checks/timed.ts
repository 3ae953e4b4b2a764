/**
 * Steps whose verdict depends on the target's clock (a move inside a time limit, an edit refused once a message is
 * too old): a wait for the target's rate limit among them is the harness's time, not the target's, and would make
 * the verdict judge the wait. (MAX_RPS paces every request alike: the limits the checks choose allow for it.) A check marks where its timed steps begin (`timedSteps`), and before it judges a refusal
 * that a wait could explain, asks whether one came since; if so the steps start again (`Interrupted`), never fail.
 */
import { HarnessError } from '../errors.ts';
import type { Recorder } from '../http/recorder.ts';

/** A wait came between timed steps: the check starts them again. */
export class Interrupted extends Error {}

export interface TimedSteps {
  /** Whether a wait for the target's rate limit came since the mark. */
  interrupted(): boolean;
  /** Milliseconds since the mark, less the rate-limit waits among them: the time the target and the pace took. */
  workMs(): number;
}

export function timedSteps(recorder: Recorder): TimedSteps {
  const startedAt = Date.now();
  const waitedAt = recorder.rateLimitWaitedMs(startedAt);
  const waited = () => recorder.rateLimitWaitedMs() - waitedAt;
  return {
    interrupted: () => waited() > 0,
    workMs: () => Date.now() - startedAt - waited(),
  };
}

/**
 * Runs `steps` until they are not interrupted, at most `tries` times: a target whose rate limit interrupts them
 * every time ends the check in error (the verdict is unknown), not in failure. After a window's wait a limiter
 * rarely interrupts again (the steps secure their budget first); a target that answers 429 at random (a gateway,
 * a proxy) may, hence five tries: at one 429 in four requests, two-request steps end in error 1.6% of the time.
 */
export async function uninterrupted<T>(
  note: (line: string) => void,
  what: string,
  steps: () => Promise<T>,
  tries = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await steps();
    } catch (error) {
      if (!(error instanceof Interrupted)) throw error;
      if (attempt >= tries)
        throw new HarnessError(
          `${what}: a rate-limit wait came between the timed steps ${tries} times (${error.message})`,
        );
      note(`${what} started again: ${error.message}`);
    }
  }
}
